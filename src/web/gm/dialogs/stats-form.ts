import { z } from 'zod';
import { draftOf, fieldLabel, fieldOf, valueOf } from '../../shared/form-model.ts';
import type { Draft, JsonSchema, NamedField } from '../../shared/form-model.ts';
import type { RuleModule } from '../../../core/index.ts';

const cache = new Map<string, readonly NamedField[]>();

/**
 * The module's stats as form fields (with the module's defaults). Used by the GM screen and the campaign
 * page alike, so it needs nothing of the GM screen's command forms.
 */
export function statFields(module: RuleModule): readonly NamedField[] {
  let f = cache.get(module.id);
  if (!f) {
    const field = fieldOf(z.toJSONSchema(module.stats, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
    f = field.kind === 'object' ? field.fields : [];
    cache.set(module.id, f);
  }
  return f;
}

/** A game's encounter options as form fields (the start page's new encounter), with its defaults. */
export function optionFields(module: RuleModule): readonly NamedField[] {
  const field = fieldOf(z.toJSONSchema(module.options, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
  return field.kind === 'object' ? field.fields : [];
}

export type StatsDraft = Record<string, Draft | undefined>;

export function statsDraft(fields: readonly NamedField[], stats?: Readonly<Record<string, unknown>>): StatsDraft {
  const out: StatsDraft = {};
  for (const f of fields) out[f.name] = stats && f.name in stats ? draftOf(f.field, stats[f.name]) : draftOf(f.field);
  return out;
}

/** The stats object of a draft (throws FormError on a bad number, naming the stat by its label: "PER"). */
export function statsValue(fields: readonly NamedField[], draft: StatsDraft): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = valueOf(f.field, draft[f.name], f.name, fieldLabel(f));
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}
