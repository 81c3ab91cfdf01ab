/**
 * Export and import of one encounter as a JSON file: its row (title, rules, settings) and every event.
 * Keys are not exported; an import gets a new id and new keys. An import is checked before anything is
 * stored: numbering, the first event, and a full replay (log and views included) that must not fail.
 */
import { z } from 'zod';
import { RESERVED_CHARACTERS, viewOf } from '../core/index.ts';
import type { Engine, EngineEvent, StoredEvent } from '../core/index.ts';
import { ApiError } from './errors.ts';
import type { LoadedEncounter } from './loaded-encounter.ts';
import { playerView } from './redact.ts';
import { readSettings } from './settings.ts';
import type { EncounterSettings } from './settings.ts';

export const EXPORT_FORMAT = 'turnkeeper.encounter';

const storedEventSchema = z
  .object({
    seq: z.number().int().min(1),
    cmd: z.number().int().min(1),
    event: z.looseObject({ type: z.string().min(1).max(80) }),
  })
  .strict();

export const exportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    formatVersion: z.literal(1),
    exportedAt: z.string().max(40).optional(),
    encounter: z.looseObject({
      id: z.string().max(64).optional(),
      title: z.string().max(200),
      rules: z.string().min(1).max(40),
      createdAt: z.string().max(40).optional(),
      archived: z.boolean().optional(),
      settings: z.unknown().optional(),
    }),
    events: z.array(storedEventSchema).min(1),
  })
  .strict();

export type ExportFile = z.output<typeof exportSchema>;

export function exportOf(l: LoadedEncounter, exportedAt: string): ExportFile {
  const r = l.record;
  return {
    format: EXPORT_FORMAT,
    formatVersion: 1,
    exportedAt,
    encounter: { id: r.id, title: r.title, rules: r.rules, createdAt: r.createdAt, archived: r.archived, settings: l.settings },
    events: l.events as ExportFile['events'],
  };
}

const invalid = (message: string): ApiError => new ApiError(422, 'import/invalid', message);

const id = z.string().min(1).max(200);
const ids = z.array(id);
const obj = z.record(z.string(), z.unknown());
const rng = z.looseObject({ alg: z.string(), s: z.array(z.number().int()).length(4) });
const combatant = z.looseObject({
  id,
  name: z.string(),
  side: id,
  kind: z.enum(['pc', 'npc']),
  hidden: z.boolean(),
  defeated: z.boolean(),
  stats: obj,
  tracks: z.record(z.string(), z.looseObject({ value: z.number() })),
  conditions: z.array(z.looseObject({ id, name: z.string(), duration: z.unknown() })),
  notes: z.string(),
  gmNotes: z.string(),
});

/** The shape of each core event (module events are the module's business: `<rules>/<name>`). */
const coreEvents: Record<string, z.ZodType> = {
  'encounter-created': z.looseObject({ rules: z.looseObject({ id: z.string(), version: z.number() }), options: obj, title: z.string(), rng }),
  'side-added': z.looseObject({ side: z.looseObject({ id, name: z.string(), players: z.boolean() }) }),
  'side-updated': z.looseObject({ id, changes: obj }),
  'combatant-added': z.looseObject({ combatant }),
  'combatant-removed': z.looseObject({ id }),
  'combatant-updated': z.looseObject({ id, changes: obj }),
  'defeated-set': z.looseObject({ id, defeated: z.boolean() }),
  'track-changed': z.looseObject({ id, track: z.string(), from: z.number(), to: z.number() }),
  'condition-added': z.looseObject({ id, condition: z.looseObject({ id, name: z.string(), duration: z.unknown() }) }),
  'condition-removed': z.looseObject({ id, conditionId: id, name: z.string(), reason: z.enum(['removed', 'expired']) }),
  'roster-reordered': z.looseObject({ roster: ids }),
  'round-started': z.looseObject({ round: z.number().int() }),
  'turn-started': z.looseObject({ actors: ids }),
  'turn-ended': z.looseObject({ actors: ids }),
  'encounter-ended': z.looseObject({}),
  'encounter-reopened': z.looseObject({}),
  'note-added': z.looseObject({ text: z.string(), gmOnly: z.boolean() }),
  undone: z.looseObject({ cmd: z.number().int() }),
  redone: z.looseObject({ cmd: z.number().int() }),
  'rng-advanced': z.looseObject({ rng }),
};

function checkShape(event: { type: string }, i: number, rules: string): void {
  if (event.type.includes('/')) {
    if (!event.type.startsWith(`${rules}/`)) throw invalid(`events[${i}] is a "${event.type}" event, not one of the ${rules} rules.`);
    return;
  }
  const schema = Object.hasOwn(coreEvents, event.type) ? coreEvents[event.type] : undefined; // own keys: "constructor" is no event type
  if (!schema) throw invalid(`events[${i}] has an unknown type "${event.type}".`);
  if (!schema.safeParse(event).success) throw invalid(`events[${i}] ("${event.type}") is malformed.`);
  if (event.type === 'encounter-created' && i > 0) throw invalid(`events[${i}]: an encounter is created once, by its first event.`);
}

/** The events, title, rules and settings of an export, or a 422 saying what is wrong with it. */
export function checkImport(
  engine: Engine,
  file: ExportFile,
  maxEvents: number,
): { events: StoredEvent[]; title: string; rules: string; settings: EncounterSettings } {
  const events = file.events as unknown as StoredEvent[];
  if (events.length > maxEvents) throw new ApiError(422, 'encounter/too-many-events', `An encounter holds at most ${maxEvents} events; this one has ${events.length}.`);
  let cmd = 0;
  events.forEach((e, i) => {
    if (e.seq !== i + 1) throw invalid(`events[${i}] has seq ${e.seq}; events are numbered 1, 2, 3... without gaps.`);
    if (e.cmd < cmd) throw invalid(`events[${i}] has command number ${e.cmd} after ${cmd}; command numbers never go back.`);
    cmd = e.cmd;
  });
  const first = events[0]!.event as EngineEvent & { rules?: { id?: unknown } };
  if (first.type !== 'encounter-created') throw invalid('The first event must be "encounter-created".');
  const rules = first.rules?.id;
  if (typeof rules !== 'string' || !engine.modules.has(rules) || rules !== file.encounter.rules) {
    throw invalid(`The encounter's rules ("${String(rules)}") are not rules this server knows, or do not match the file's "${file.encounter.rules}".`);
  }
  events.forEach((e, i) => checkShape(e.event, i, rules));
  // The log's markers: no command may hold them (decide refuses them), and neither may an import.
  if (RESERVED_CHARACTERS.test(file.encounter.title) || RESERVED_CHARACTERS.test(JSON.stringify(events))) {
    throw invalid('The file holds characters U+E000 to U+E00F, which Turnkeeper reserves for its log: it was not written by Turnkeeper, or was edited.');
  }
  const settings = readSettings(file.encounter.settings);
  try {
    const encounter = engine.replay(events);
    if (encounter.version !== events.length) throw new Error('version mismatch');
    viewOf(engine, encounter);
    playerView(engine, encounter, settings);
    engine.log(events);
  } catch {
    throw invalid('The events do not replay: the file is damaged or comes from an incompatible version.');
  }
  return { events, title: file.encounter.title, rules, settings };
}
