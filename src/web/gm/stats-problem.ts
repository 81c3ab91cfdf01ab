import { FormError, labelOf } from '../shared/form-model.ts';
import type { NamedField } from '../shared/form-model.ts';
import { pathLabel, plainMessage } from '../shared/plain-message.ts';

/** A problem with the stats (a FormError, or the rules' refusal) in the GM's words, and the stat it is about. */
export function statsProblem(fields: readonly NamedField[], err: unknown): { message: string; errors: Record<string, string> } {
  if (err instanceof FormError) {
    const message = `${pathLabel(err.path)}: ${err.message.slice(err.path.length + 2)}`;
    return { message, errors: { [err.path.split('.')[0] ?? '']: message } };
  }
  const message = plainMessage(err instanceof Error ? err.message : String(err));
  const stat = fields.find((f) => message.includes(`: ${labelOf(f.name)} `) || message.includes(`: ${labelOf(f.name)}:`));
  return { message, errors: stat ? { [stat.name]: message.replace(/^[^:]*: /, '') } : {} };
}
