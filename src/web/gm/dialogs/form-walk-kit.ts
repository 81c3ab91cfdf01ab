import { readFileSync } from 'node:fs';
import { coreCommandSchemas, viewOf } from '../../../core/index.ts';
import type { Command, Encounter, EncounterView, Rejection, RuleModule } from '../../../core/index.ts';
import { engine } from '../../../rules/index.ts';
import { FormError, draftOf } from '../../shared/form-model.ts';
import type { Draft, Field, NamedField } from '../../shared/form-model.ts';
import { withoutCommands } from '../../shared/words.ts';
import { buildCommand, draftProblems, initialDraft, isReadable, refusalOf } from './command-form.ts';
import type { CommandDraft } from './command-form.ts';
import { commandFields, diceKeysFor } from './command-schema.ts';
import { rollsIn } from '../turn/result-card.tsx';
import { optionFields, statFields, statsDraft, statsValue } from './stats-form.ts';
import { statsProblem } from './stats-problem.ts';
import { diceHints, plainDice, readTyped, typedRefusal } from './typed-dice.ts';

/**
 * Walks every form the GM fills in — each command of each game (opened bare, and from every action the
 * example fights offer), the stats and the options — with nothing typed, numbers out of range (negative,
 * huge, past the caps), wrong-typed text and dice typed wrong, through the very functions the screens use
 * (command-form.ts, statsValue and statsProblem, the engine's dry run as the store makes it), and gathers
 * every message the GM would read.
 */

/** One message the GM reads: where it was said, and what the GM had typed (it may be quoted back). */
export interface Said {
  readonly where: string;
  readonly message: string;
  readonly typed: readonly string[];
}

/** A problem with something the GM typed in one field that is not said next to that field. */
export interface Misplaced {
  readonly where: string;
  readonly field: string;
  readonly message: string;
}

/** What is typed into a number (or a number-or-text) field: negative, huge, past a cap, a fraction, a word. */
export const NUMBERS = ['-5', '-99999999', '99999999999999999999', '1000001', '2.5', 'abc'] as const;
/** What is typed into a text field: a stat's name in a formula, and far too much. */
export const TEXTS = ['1d20+DEX', 'x'.repeat(5000), 'Ogre\u202Egnik'] as const;
/** What is typed for dice rolled at the table: too few, too many, faces no die has, words. */
export const FACES = ['1', '1 1 1 1 1 1 1 1 1 1 1 1', '0', '99', '6 6 6 6', 'abc'] as const;

/** The example fight of a game, as it stands after its setup and after a few of its commands. */
export function exampleStates(rules: string): Encounter[] {
  const s = JSON.parse(readFileSync(new URL(`../../../rules/${rules}/examples/fight.json`, import.meta.url), 'utf8')) as {
    options?: Record<string, unknown>;
    seed?: number;
    sides?: object[];
    combatants: object[];
    commands: object[];
  };
  const created = engine.create({ rules, ...(s.options ? { options: s.options } : {}), seed: s.seed ?? 1 });
  if (!created.ok) throw new Error(created.rejection.message);
  let enc = engine.apply(engine.replay([]), created.events).encounter;
  const setup = [...(s.sides ?? []).map((x) => ({ type: 'add-side', ...x })), ...s.combatants.map((c) => ({ type: 'add-combatant', ...c }))];
  for (const c of setup) enc = step(enc, c);
  const states = [enc];
  s.commands.slice(0, 7).forEach((c, i) => {
    enc = step(enc, c);
    if (i === 0 || i === 1 || i === 3 || i === 6) states.push(enc);
  });
  return states;
}

function step(enc: Encounter, command: object): Encounter {
  const r = engine.execute(enc, command);
  if (!r.ok) throw new Error(r.rejection.message);
  return r.encounter;
}

/** The store's dry run: the engine here, its refusal without the command names given to API users. */
function dryRun(enc: Encounter, command: Command): { ok: true; events: readonly unknown[] } | { ok: false; rejection: Rejection } {
  const d = engine.decide(enc, command);
  return d.ok ? d : { ok: false, rejection: { ...d.rejection, message: withoutCommands(d.rejection.message) } };
}

/** The drafts to try in a form: as it opens, then one field at a time typed wrong. */
function variants(fields: readonly NamedField[], base: CommandDraft): { field: string | null; typed: string; draft: CommandDraft }[] {
  const out: { field: string | null; typed: string; draft: CommandDraft }[] = [{ field: null, typed: '', draft: base }];
  for (const f of fields) {
    const tries = f.field.kind === 'number' ? NUMBERS : f.field.kind === 'number-or-text' ? [...NUMBERS, ...TEXTS] : f.field.kind === 'text' ? TEXTS : [];
    for (const t of tries) out.push({ field: f.name, typed: t, draft: { ...base, [f.name]: t } });
  }
  return out;
}

/** Every command form of a game: the commands opened bare, and every action offered in the example fight. */
export function walkCommands(module: RuleModule): { said: Said[]; misplaced: Misplaced[] } {
  const said: Said[] = [];
  const misplaced: Misplaced[] = [];
  exampleStates(module.id).forEach((enc, n) => {
    const view = viewOf(engine, enc);
    const opens = new Map<string, [string, Readonly<Record<string, unknown>>]>();
    for (const type of [...Object.keys(module.commands), ...Object.keys(coreCommandSchemas)]) opens.set(`${type} {}`, [type, {}]);
    for (const c of view.combatants) for (const a of c.actions) opens.set(`${a.command} ${JSON.stringify(a.preset ?? {})}`, [a.command, a.preset ?? {}]);
    for (const [label, [type, preset]] of opens) {
      const fields = (commandFields(module, type) ?? []).filter((f) => f.name !== 'dice' && !(f.name in preset));
      for (const v of variants(fields, initialDraft(fields, preset, view))) {
        const where = `${module.id} state ${n}: ${label}${v.field ? `, ${v.field} = ${v.typed.slice(0, 24)}` : ''}`;
        const typed = v.typed ? [v.typed] : [];
        const problems = draftProblems(fields, v.draft);
        for (const m of Object.values(problems)) said.push({ where, message: m, typed });
        if (!isReadable(fields, problems)) continue;
        const command = buildCommand(type, preset, fields, v.draft);
        const d = dryRun(enc, command);
        if (!d.ok) {
          // A combatant's stats are filled in the stats form (quick add, edit): its refusal is said as that form says it.
          const r = fields.some((f) => f.name === 'stats') && d.rejection.code === 'combatant/invalid-stats' ? statsRefusal(module, d.rejection) : refusalOf(type, d.rejection, fields);
          said.push({ where, message: r.message, typed });
          for (const m of Object.values(r.errors)) said.push({ where, message: m, typed });
          // A refusal that names the field typed in (by its key in the message, or in its details) is said next to it.
          if (v.field && problems[v.field] === undefined && names(type, d.rejection, v.field) && !(v.field in r.errors)) misplaced.push({ where, field: v.field, message: r.message });
        } else if (!v.field) said.push(...walkDice(module.id, enc, view, type, command, d.events, where));
      }
    }
  });
  return { said, misplaced };
}

/** Whether a refusal is about this field of the command: "situational: Too big…", details `{ path: 'invest' }`. */
function names(type: string, rejection: Rejection, field: string): boolean {
  const raw = rejection.message.startsWith(`${type}: `) ? rejection.message.slice(type.length + 2) : rejection.message;
  const path = rejection.details?.path;
  return new RegExp(`(?:^|[;:] )${field}[.:[]`).test(raw) || (typeof path === 'string' && path.split(/[.[]/)[0] === field);
}

function statsRefusal(module: RuleModule, rejection: Rejection): { message: string; invalid: boolean; errors: Readonly<Record<string, string>> } {
  const p = statsProblem(statFields(module), new Error(rejection.message));
  return { message: p.message, invalid: false, errors: p.errors };
}

/** The dice rolled at the table for a command that can be done: each box's hint, and each wrong typing. */
function walkDice(rules: string, enc: Encounter, view: EncounterView, type: string, command: Command, events: readonly unknown[], where: string): Said[] {
  const keys = diceKeysFor(rules, type, command, view);
  if (keys.length === 0) return [];
  const name = (id: string) => view.combatants.find((c) => c.id === id)?.name ?? id;
  const out: Said[] = [];
  for (const h of diceHints(rules, keys, rollsIn(events, name))) {
    out.push({ where: `${where}, dice ${h.key} (hint)`, message: `${h.help}; e.g. ${h.example}`, typed: [] });
    const dice = plainDice(h.notation);
    // The example shows faces these dice can show ("e.g. 14" is no face of a d8).
    if (dice && h.example.split(', ').some((f) => Number(f) < 1 || Number(f) > dice.sides)) out.push({ where: `${where}, dice ${h.key}`, message: `e.g. ${h.example} on ${h.notation}: a face it cannot show`, typed: [] });
    for (const t of FACES) {
      const at = `${where}, dice ${h.key} = ${t}`;
      const r = readTyped(t, h.combat, h.notation);
      if (!r.ok) {
        out.push({ where: at, message: r.message, typed: [t] });
        continue;
      }
      const d = dryRun(enc, { ...command, dice: { [h.key]: r.faces } });
      if (!d.ok) out.push({ where: at, message: d.rejection.code === 'dice/entered' ? typedRefusal(d.rejection.message) : d.rejection.message, typed: [t] });
    }
  }
  return out;
}

/** Every field of a form, inside lists (one item) and tables (one row) too, with the draft that reaches it. */
function leaves(field: Field, draft: Draft, put: (d: Draft) => Draft, out: { kind: Field['kind']; put: (d: Draft) => Draft }[]): void {
  if (field.kind === 'object') {
    const obj = (draft ?? {}) as Record<string, Draft>;
    for (const f of field.fields) leaves(f.field, obj[f.name] ?? draftOf(f.field), (d) => put({ ...obj, [f.name]: d }), out);
  } else if (field.kind === 'list') {
    leaves(field.item, draftOf(field.item), (d) => put([d]), out);
  } else if (field.kind === 'choice-or-list') {
    leaves(field.list, [], put, out);
  } else if (field.kind === 'record') {
    leaves(field.value, draftOf(field.value), (d) => put({ rows: [['Kenjutsu', d]] }), out);
  } else out.push({ kind: field.kind, put });
}

/** A form of fields (stats, options) typed wrong one field at a time, through `value` then `refuse`. */
function walkFields(where: string, fields: readonly NamedField[], draft: Record<string, Draft | undefined>, value: (d: Record<string, Draft | undefined>) => Record<string, unknown>, refuse: (v: Record<string, unknown>) => Rejection | null): Said[] {
  const out: Said[] = [];
  const all: { kind: Field['kind']; put: (d: Draft) => Draft }[] = [];
  leaves({ kind: 'object', fields }, draft as Draft, (d) => d, all);
  const tries: { typed: string; draft: Record<string, Draft | undefined> }[] = [{ typed: '', draft }];
  for (const l of all) {
    const texts = l.kind === 'number' ? NUMBERS : l.kind === 'number-or-text' ? [...NUMBERS, ...TEXTS] : l.kind === 'text' ? TEXTS : [];
    for (const t of texts) tries.push({ typed: t, draft: l.put(t) as Record<string, Draft | undefined> });
  }
  for (const t of tries) {
    const typed = t.typed ? [t.typed] : [];
    let values: Record<string, unknown>;
    try {
      values = value(t.draft);
    } catch (e) {
      if (!(e instanceof FormError)) throw e;
      const p = statsProblem(fields, e);
      out.push({ where, message: p.message, typed }, ...Object.values(p.errors).map((m) => ({ where, message: m, typed })));
      continue;
    }
    const r = refuse(values);
    if (!r) continue;
    const p = statsProblem(fields, new Error(withoutCommands(r.message)));
    out.push({ where: `${where} ${t.typed.slice(0, 24)}`, message: p.message, typed }, ...Object.values(p.errors).map((m) => ({ where, message: m, typed })));
  }
  return out;
}

/** The stats form (quick add, edit, the campaign's PCs and templates): the add's dry run refuses what the rules do. */
export function walkStats(module: RuleModule): Said[] {
  const fields = statFields(module);
  const [setup] = exampleStates(module.id);
  return walkFields(`${module.id} stats`, fields, statsDraft(fields), (d) => statsValue(fields, d), (stats) => {
    const d = dryRun(setup!, { type: 'add-combatant', name: 'Orc', stats });
    return d.ok ? null : d.rejection;
  });
}

/** The options of a new encounter (the start page): the engine's create refuses what the rules do. */
export function walkOptions(module: RuleModule): Said[] {
  const fields = optionFields(module);
  const draft = Object.fromEntries(fields.map((f) => [f.name, draftOf(f.field)]));
  return walkFields(`${module.id} options`, fields, draft, (d) => statsValue(fields, d), (options) => {
    const c = engine.create({ rules: module.id, options, seed: 1 });
    return c.ok ? null : c.rejection;
  });
}
