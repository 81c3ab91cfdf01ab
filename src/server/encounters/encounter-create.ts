/** A new encounter from a script or an imported file: its first events, keys and row, in one create. */
import { runScript } from '../../core/index.ts';
import type { Engine, StoredEvent } from '../../core/index.ts';
import { isEncounterLimit } from '../../store/index.ts';
import type { EncounterRecord, EventStore, NewEncounterRecord } from '../../store/index.ts';
import { progressOf } from './encounter-summary.ts';
import { ApiError, rejected } from '../shared/index.ts';
import { hashKey, newEncounterId, newKey } from '../shared/index.ts';
import type { RandomBytes } from '../shared/index.ts';
import type { Limits } from '../shared/index.ts';
import { mergeSettings, readSettings } from '../players/index.ts';
import type { EncounterSettings, SettingsPatch } from '../players/index.ts';

export interface CreateInput {
  readonly rules: string;
  readonly title?: string;
  readonly options?: Record<string, unknown>;
  readonly seed?: number | string;
  readonly sides?: readonly { name: string; players?: boolean }[];
  readonly combatants?: readonly Record<string, unknown>[];
  readonly commands?: readonly unknown[];
  readonly settings?: SettingsPatch;
}

export interface Created {
  readonly record: EncounterRecord;
  readonly gmKey: string;
  readonly playerKey: string;
}

export interface Imported {
  readonly events: StoredEvent[];
  readonly settings: EncounterSettings;
  readonly title: string;
  readonly rules: string;
}

export interface CreateDeps {
  readonly store: EventStore;
  readonly engine: Engine;
  readonly random: RandomBytes;
  readonly limits: Limits;
  readonly now: () => string;
  readonly onError?: (error: unknown, context: string) => void;
}

export async function createEncounter(deps: CreateDeps, input: CreateInput, imported: Imported | undefined, campaignId: string | null, id?: string): Promise<Created> {
  const { store, random, limits, engine } = deps;
  let events: readonly StoredEvent[];
  let title: string;
  let rules: string;
  let settings: EncounterSettings;
  if (imported) {
    ({ events, title, rules, settings } = imported);
  } else {
    const seed = input.seed ?? Buffer.from(random(4)).readUInt32BE(0) % 2 ** 31;
    const script = { rules: input.rules, options: input.options, title: input.title, seed, sides: input.sides, combatants: input.combatants, commands: input.commands };
    let result;
    try {
      result = runScript(engine, JSON.parse(JSON.stringify(script)), seed);
    } catch (e) {
      deps.onError?.(e, 'runScript');
      throw new ApiError(422, 'command/engine-error', 'The rules engine could not set up this encounter; nothing was created.');
    }
    if (!result.ok) throw rejected({ ...result.rejection, details: { ...result.rejection.details, at: result.at } });
    events = result.events;
    title = input.title ?? '';
    rules = input.rules;
    settings = mergeSettings(readSettings({}), input.settings ?? {});
  }
  const prepared = prepareEncounter(deps, { events, title, rules, settings }, campaignId, id);
  let record: EncounterRecord;
  try {
    // The store checks the cap in the transaction that inserts: concurrent creates never pass it.
    record = await store.createEncounter(prepared.record, prepared.events, deps.now(), { maxEncounters: limits.maxEncounters });
  } catch (e) {
    throw tooMany(e, limits);
  }
  return { record, gmKey: prepared.gmKey, playerKey: prepared.playerKey };
}

/** The store's refusal past the encounter cap as the API says it; any other error as it is. */
export function tooMany(e: unknown, limits: Limits): unknown {
  return isEncounterLimit(e) ? new ApiError(422, 'limit/too-many-encounters', `This server holds at most ${limits.maxEncounters} encounters: delete some first.`) : e;
}

/** The row and first events of a new encounter, with its keys (only their hashes are in the row), ready for the store. */
export function prepareEncounter(
  deps: Pick<CreateDeps, 'engine' | 'random' | 'limits' | 'now'>,
  encounter: Omit<Imported, 'events'> & { readonly events: readonly StoredEvent[] },
  campaignId: string | null,
  id?: string,
): { record: NewEncounterRecord; events: readonly StoredEvent[]; gmKey: string; playerKey: string } {
  const { events } = encounter;
  if (events.length > deps.limits.maxEventsPerEncounter) {
    throw new ApiError(422, 'encounter/too-many-events', `An encounter holds at most ${deps.limits.maxEventsPerEncounter} events.`);
  }
  const gmKey = newKey(deps.random, 'gm');
  const playerKey = newKey(deps.random, 'player');
  const record: NewEncounterRecord = {
    id: id ?? newEncounterId(deps.random),
    title: encounter.title,
    rules: encounter.rules,
    createdAt: deps.now(),
    gmKeyHash: hashKey(gmKey),
    playerKeyHash: hashKey(playerKey),
    settings: encounter.settings,
    campaignId,
    progress: progressOf(deps.engine.replay(events).state),
  };
  return { record, events, gmKey, playerKey };
}
