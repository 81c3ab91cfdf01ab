/**
 * Losing an append race to another process (instances on one PostgreSQL). A command sent with
 * `expectedVersion` names the state it was meant for: losing is its 409, at once. A command sent
 * without one was meant for the encounter as it is when it arrives, so losing a race it could not see
 * is not its failure: it is decided again on the caught-up state, after a short jittered pause (the
 * two instances do not retry in step), for as long as the time budget lasts (`Limits.raceRetryMs`),
 * not for a count of tries. Only a budget spent in lost races fails it: 503 `encounter/busy`, with
 * Retry-After and without a version the client never sent.
 */
import { ApiError, versionConflict } from '../shared/index.ts';
import type { RandomBytes } from '../shared/index.ts';

/** The append lost a race: the store is at `actual`, past the version `expected` the command was decided on. */
export class LostRace extends Error {
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super('version conflict');
  }
}

export interface RaceTiming {
  /** How long a command without an expected version keeps being decided again, in ms. */
  readonly budgetMs: number;
  /** A monotonic clock, in ms. */
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: RandomBytes;
}

/** The longest pause between two tries, in ms. */
export const MAX_PAUSE_MS = 40;

/** The pause before try `n` (1, 2, ...): doubling from 1 ms up to MAX_PAUSE_MS, each between half and all of it. */
export function racePause(n: number, random: RandomBytes): number {
  const cap = Math.min(MAX_PAUSE_MS, 2 ** Math.min(n - 1, 10));
  return cap * (0.5 + (random(1)[0] ?? 0) / 510);
}

export const encounterBusy = (budgetMs: number): ApiError =>
  new ApiError(
    503,
    'encounter/busy',
    `Other servers kept changing this encounter for ${(budgetMs / 1000).toLocaleString('en')} s while this command was decided again and again; nothing was changed. Send it again.`,
    { retryAfterMs: 1000 },
    { 'retry-after': '1' },
  );

export interface RaceSteps<T> {
  /** Decides on the encounter held here and appends; throws LostRace when another process appended first. */
  readonly attempt: () => Promise<T>;
  /** Takes in what the other process committed; false when the copy held here was dropped (reloaded on next use). */
  readonly catchUp: () => Promise<boolean>;
  /** The version held here (after `catchUp`). */
  readonly version: () => number;
}

/** Runs `steps.attempt` until it does not lose a race, within the rules above. */
export async function untilDecided<T>(steps: RaceSteps<T>, expectedVersion: number | undefined, timing: RaceTiming): Promise<T> {
  const start = timing.now();
  for (let n = 1; ; n++) {
    try {
      return await steps.attempt();
    } catch (e) {
      if (!(e instanceof LostRace)) throw e;
      const left = timing.budgetMs - (timing.now() - start);
      if (expectedVersion === undefined && left > 0) await timing.sleep(Math.min(left, racePause(n, timing.random)));
      // Take in what the other process committed (our sockets receive it too), whatever happens next.
      const current = await steps.catchUp();
      if (expectedVersion !== undefined) throw versionConflict(expectedVersion, current ? steps.version() : e.actual);
      // A copy dropped (the store's stream does not continue it) is loaded again by the next use.
      if (!current || left <= 0) throw encounterBusy(timing.budgetMs);
    }
  }
}
