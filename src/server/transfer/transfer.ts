/**
 * Export and import of one encounter as a JSON file: its row (title, rules, settings) and every event.
 * Keys are not exported; an import gets a new id and new keys. An import is checked before anything is
 * stored, to the limits of commands: nothing it stores could not have been made by commands. Its depth
 * (before anything recursive reads it), the numbering, the first event, the title and settings, each
 * event's shape, text and place in the fold (`import-replay.ts`), and a full replay (log, views and the
 * next commands decided) that must not fail. A refusal names the path: `events[12].event.name`.
 */
import { z } from 'zod';
import { titleSchema, viewOf } from '../../core/index.ts';
import type { Encounter, Engine, EngineEvent, StoredEvent } from '../../core/index.ts';
import { ApiError } from '../shared/index.ts';
import type { LoadedEncounter } from '../encounters/index.ts';
import { playerView } from '../players/index.ts';
import { MAX_IMPORT_DEPTH, tooDeep } from '../shared/index.ts';
import { replayImport, stateProblem } from './import-replay.ts';
import { settingsSchema } from '../players/index.ts';
import type { EncounterSettings } from '../players/index.ts';

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

/** A 422 naming where the file is wrong (`events[12].event.name`) and what is wrong there. */
const invalid = (message: string, path?: string): ApiError =>
  new ApiError(422, 'import/invalid', path ? `${path}: ${message}` : message, path !== undefined ? { path } : undefined);

/** The events, title, rules and settings of an export, or a 422 saying what is wrong with it (and where). */
export function checkImport(
  engine: Engine,
  file: ExportFile,
  maxEvents: number,
): { events: StoredEvent[]; title: string; rules: string; settings: EncounterSettings } {
  // Before anything recursive reads the file (the schema above reads only its outer levels).
  const deep = tooDeep(file);
  if (deep !== null) throw invalid(`This nests more than ${MAX_IMPORT_DEPTH} levels deep, deeper than anything Turnkeeper writes.`, deep);
  const events = file.events as unknown as StoredEvent[];
  if (events.length > maxEvents) throw new ApiError(422, 'encounter/too-many-events', `An encounter holds at most ${maxEvents} events; this one has ${events.length}.`);
  let cmd = 0;
  events.forEach((e, i) => {
    if (e.seq !== i + 1) throw invalid(`This event is numbered ${e.seq}; events are numbered 1, 2, 3... without gaps.`, `events[${i}].seq`);
    if (e.cmd < cmd) throw invalid(`Command number ${e.cmd} comes after ${cmd}; command numbers never go back.`, `events[${i}].cmd`);
    cmd = e.cmd;
  });
  const first = events[0]!.event as EngineEvent & { rules?: { id?: unknown } };
  if (first.type !== 'encounter-created') throw invalid('The first event must be "encounter-created".', 'events[0].event.type');
  const rules = first.rules?.id;
  const module = typeof rules === 'string' ? engine.modules.get(rules) : undefined;
  if (typeof rules !== 'string' || !module || rules !== file.encounter.rules) {
    throw invalid(`The encounter's rules ("${String(rules)}") are not rules this server knows, or do not match the file's "${file.encounter.rules}".`, 'events[0].event.rules.id');
  }
  const title = titleSchema().safeParse(file.encounter.title);
  if (!title.success) throw invalid(`${title.error.issues[0]?.message ?? 'This is not a title.'}`, 'encounter.title');
  const parsedSettings = settingsSchema.safeParse(file.encounter.settings ?? {});
  if (!parsedSettings.success) {
    const issue = parsedSettings.error.issues[0];
    throw invalid(`${issue?.message ?? 'not valid'}.`, ['encounter', 'settings', ...(issue?.path ?? [])].map(String).join('.'));
  }
  const replayed = replayImport(engine, module, events);
  if ('problem' in replayed) throw invalid(replayed.problem.message, replayed.problem.path);
  const encounter = replayed.encounter;
  const state = stateProblem(encounter);
  if (state) throw invalid(`After its events the encounter is not one commands could leave: ${state}.`, 'events');
  const settings = parsedSettings.data;
  try {
    if (encounter.version !== events.length) throw new Error('version mismatch');
    viewOf(engine, encounter);
    playerView(engine, encounter, settings);
    engine.log(events);
    probeDeciders(engine, encounter);
  } catch {
    throw invalid('The events do not replay: the file is damaged or comes from an incompatible version.', 'events');
  }
  return { events, title: file.encounter.title, rules, settings };
}

/** Commands any fight takes next, decided (not applied) on the imported state: a throw means the state is broken. */
const PROBES: readonly unknown[] = [{ type: 'add-combatant', name: 'Import check' }, { type: 'note', text: 'Import check' }];

function probeDeciders(engine: Engine, encounter: Encounter): void {
  for (const command of PROBES) engine.decide(encounter, command);
}
