import { useState } from 'react';
import type { NamedField } from '../../shared/form-model.ts';
import { statsProblem } from './stats-problem.ts';

/** What a stats form shows of a problem: each part next to its stat, and the input inside marked. */
export interface StatsProblemState {
  /** A problem per stat, for SchemaForm's `errors`. */
  readonly errors: Readonly<Record<string, string>>;
  /** Where inside each stat, for SchemaForm's `errorPaths`. */
  readonly paths: Readonly<Record<string, readonly string[]>>;
  /** Shows the problem (a FormError or a refusal) next to its stats; returns what to say under the form, or null. */
  show(err: unknown): string | null;
  clear(): void;
}

/** The stats problem of a form (the GM's edit dialog, the campaign's PC and template dialogs). */
export function useStatsProblem(fields: readonly NamedField[]): StatsProblemState {
  const [state, setState] = useState<{ errors: Record<string, string>; paths: Record<string, string[]> }>({ errors: {}, paths: {} });
  return {
    errors: state.errors,
    paths: state.paths,
    show(err) {
      const p = statsProblem(fields, err);
      setState({ errors: p.errors, paths: p.paths });
      return Object.keys(p.errors).length > 0 ? null : p.message;
    },
    clear() {
      setState({ errors: {}, paths: {} });
    },
  };
}
