/** What the encounter service is built from, and what a command given to it takes and answers. */
import type { Encounter, EncounterView, Engine, GmLogEntry, StoredEvent } from '../../core/index.ts';
import type { ChangeFeed, EventStore } from '../../store/index.ts';
import type { Hub } from '../live/index.ts';
import type { Clock, Limits, RandomBytes } from '../shared/index.ts';
import type { LoadedEncounter } from './loaded-encounter.ts';

export interface ServiceDeps {
  readonly store: EventStore;
  readonly engine: Engine;
  readonly hub: Hub;
  readonly clock: Clock;
  readonly random: RandomBytes;
  readonly limits: Limits;
  readonly onError?: (error: unknown, context: string) => void;
  /** Changes other processes make to the store; none by default (the store is this process's alone). */
  readonly feed?: ChangeFeed;
  /**
   * How often (ms) the copies held here are checked against the store's versions, when the feed can
   * tell them (`ChangeFeed.versions`): a change whose writer died between its commit and its
   * announcement is caught up within this time. Default 2000.
   */
  readonly checkHeldMs?: number;
  /**
   * Told of each batch this process committed, after it is published (`before`: the encounter until
   * then; null: a new encounter's first events). Called in the encounter's queue: it must return at once
   * and do its work later (../announce).
   */
  readonly onCommitted?: (l: LoadedEncounter, before: Encounter | null, stored: readonly StoredEvent[]) => void;
}

export interface CommandResult {
  readonly version: number;
  readonly events: readonly StoredEvent[];
  readonly log: readonly GmLogEntry[];
  readonly view?: EncounterView;
}

export interface CommitOptions {
  readonly expectedVersion?: number;
  /**
   * The command is this pending request's (accepted by the GM, or auto-accepted): resolved in the same
   * transaction as the events, and decided as a player's request (its label is the player's words, which
   * players read back as written: `DecideOptions.playerWords`). Only the request flow sets it.
   */
  readonly resolveRequest?: number;
  readonly view?: boolean;
}
