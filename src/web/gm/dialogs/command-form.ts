import { actorsOf } from '../../../core/index.ts';
import type { Command, EncounterView, Rejection } from '../../../core/index.ts';
import { FormError, draftOf, labelOf, valueOf } from '../../shared/form-model.ts';
import type { Draft, Field, NamedField } from '../../shared/form-model.ts';
import { isRefField, isRefList } from './command-schema.ts';
import { statsProblem } from './stats-problem.ts';

/**
 * The command dialog's words, without React: what is missing or unreadable in the form, the command it
 * builds, and a refusal of the rules said next to the field it is about. The dialog (command-dialog.tsx)
 * shows exactly these; the form-messages test walks every form of every game through them.
 */

export type CommandDraft = Record<string, Draft | undefined>;

/** The form as it opens: each field's default, the target facing the preset actor, the attacker of a defence. */
export function initialDraft(fields: readonly NamedField[], preset: Readonly<Record<string, unknown>>, view: EncounterView): CommandDraft {
  const out: CommandDraft = {};
  for (const f of fields) out[f.name] = draftOf(f.field);
  const actor = typeof preset.actor === 'string' ? preset.actor : null;
  if (fields.some((f) => f.name === 'target') && actor) {
    const me = view.combatants.find((c) => c.id === actor);
    const foe = view.combatants.find((c) => c.id !== actor && !c.defeated && c.side !== me?.side) ?? view.combatants.find((c) => c.id !== actor && !c.defeated);
    if (foe) out.target = foe.id;
  }
  // Defending (Kuro's parry or dodge, the target preset): the attacker is the one acting now.
  const target = typeof preset.target === 'string' ? preset.target : null;
  const acting = actorsOf(view.now).filter((id) => id !== target);
  if (fields.some((f) => f.name === 'actor') && target && acting.length === 1) out.actor = acting[0];
  return out;
}

/** What a required field left empty asks for. */
export function needed(f: NamedField): string {
  if (isRefList(f.name)) return 'Pick at least one.';
  if (isRefField(f.name)) return 'Pick a combatant.';
  const kinds: Partial<Record<Field['kind'], string>> = { enum: 'Choose one.', number: 'Type a number.', multi: 'Tick at least one.', list: 'Add at least one.' };
  return kinds[f.field.kind] ?? `Type the ${labelOf(f.name).toLowerCase()}.`;
}

/** What is missing or unreadable, per field, in the GM's words (said next to each field). */
export function draftProblems(fields: readonly NamedField[], draft: CommandDraft): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    try {
      const v = valueOf(f.field, draft[f.name]);
      if (f.required && (v === undefined || (Array.isArray(v) && v.length === 0))) out[f.name] = needed(f);
    } catch (e) {
      out[f.name] = e instanceof FormError ? e.message.replace(/^: /, '') : String(e);
    }
  }
  return out;
}

/** Whether the form can be built for a dry run: nothing unreadable (a field only missing is fine). */
export function isReadable(fields: readonly NamedField[], problems: Readonly<Record<string, string>>): boolean {
  return fields.every((f) => !(f.name in problems) || problems[f.name] === needed(f));
}

export function buildCommand(type: string, preset: Readonly<Record<string, unknown>>, fields: readonly NamedField[], draft: CommandDraft): Command {
  const out: Record<string, unknown> = { type, ...preset };
  for (const f of fields) {
    const v = valueOf(f.field, draft[f.name], labelOf(f.name));
    if (v !== undefined) out[f.name] = v;
  }
  return out as Command;
}

/** A refusal as the dialog says it: the whole of it, and the part about each field shown next to it. */
export interface Refusal {
  readonly message: string;
  /** The schema's refusal (rather than the rules'). */
  readonly invalid: boolean;
  /** What is said next to each field (the fields shown, not the preset ones). */
  readonly errors: Readonly<Record<string, string>>;
}

/**
 * A refusal (of the dry run, or of the server) in the GM's words, the command's name taken off: each
 * field a schema refusal names ("situational: …", "roll: …"), and the field a rule names in its details
 * (`path`: Kuro's "invest"), gets its part, said next to it.
 */
export function refusalOf(type: string, rejection: Rejection, fields: readonly NamedField[]): Refusal {
  const raw = rejection.message.replace(new RegExp(`^${type.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&')}: `), '');
  const p = statsProblem(fields, new Error(raw));
  const errors: Record<string, string> = { ...p.errors };
  const path = rejection.details?.path;
  const about = typeof path === 'string' ? path.split(/[.[]/)[0] : undefined;
  if (about && !(about in errors) && fields.some((f) => f.name === about)) errors[about] = p.message;
  return { message: p.message, invalid: /\/invalid/.test(rejection.code), errors };
}
