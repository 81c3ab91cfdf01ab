import { z } from 'zod';
import type { Encounter } from './encounter.ts';
import type { Engine } from './engine.ts';
import type { StoredEvent } from './events.ts';
import type { Rejection } from './rejection.ts';
import { describeZodError } from './validation.ts';

/**
 * A scripted encounter: the rule module and its options, the sides and combatants, then the commands
 * in order (the same JSON commands the server accepts). `turnkeeper play` runs these.
 */
export const scriptSchema = z
  .object({
    rules: z.string(),
    options: z.record(z.string(), z.unknown()).optional(),
    title: z.string().max(200).optional(),
    seed: z.union([z.number().int(), z.string()]).optional(),
    sides: z.array(z.object({ name: z.string(), players: z.boolean().optional() }).strict()).default([]),
    combatants: z.array(z.record(z.string(), z.unknown())).default([]),
    commands: z.array(z.unknown()).default([]),
  })
  .strict();

export type Script = z.input<typeof scriptSchema>;

export type ScriptResult =
  | { readonly ok: true; readonly encounter: Encounter; readonly events: readonly StoredEvent[] }
  | {
      readonly ok: false;
      readonly rejection: Rejection;
      /** Where it stopped: `script`, `sides[i]`, `combatants[i]` or `commands[i]` (0-based). */
      readonly at: string;
      readonly command?: unknown;
      readonly encounter: Encounter | null;
      readonly events: readonly StoredEvent[];
    };

export function runScript(engine: Engine, input: unknown, seed: number | string): ScriptResult {
  const parsed = scriptSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      at: 'script',
      rejection: { code: 'script/invalid', message: `The script is not valid: ${describeZodError(parsed.error)}.` },
      encounter: null,
      events: [],
    };
  }
  const script = parsed.data;
  const created = engine.create({
    rules: script.rules,
    seed: script.seed ?? seed,
    ...(script.options ? { options: script.options } : {}),
    ...(script.title ? { title: script.title } : {}),
  });
  if (!created.ok) return { ok: false, at: 'script', rejection: created.rejection, encounter: null, events: [] };
  let { encounter, events } = engine.apply(engine.replay([]), created.events);
  const all: StoredEvent[] = [...events];
  const steps: Array<[string, unknown]> = [
    ...script.sides.map((s, i): [string, unknown] => [`sides[${i}]`, { type: 'add-side', ...s }]),
    ...script.combatants.map((c, i): [string, unknown] => [`combatants[${i}]`, { type: 'add-combatant', ...c }]),
    ...script.commands.map((c, i): [string, unknown] => [`commands[${i}]`, c]),
  ];
  for (const [at, command] of steps) {
    const r = engine.execute(encounter, command);
    if (!r.ok) return { ok: false, at, command, rejection: r.rejection, encounter, events: all };
    encounter = r.encounter;
    events = r.events;
    all.push(...events);
  }
  return { ok: true, encounter, events: all };
}
