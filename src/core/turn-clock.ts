/**
 * The turn clock. The engine reads no clock: the caller gives the time with the command
 * (`DecideOptions.at`, the server's clock), as dice results live in the events. When a command changes
 * who may act (or starts or ends the fight), `decide` records `turn-timed` with that time: the turn that
 * ended, how long it ran without its paused time, and the turn that started. `pause-clock` and
 * `resume-clock` stop and restart it; a turn that starts while paused starts paused. Replaying stored
 * events never needs the time. Pure.
 */
import type { CoreEvent, EngineEvent, TimedTurnEnded, TimedTurnStarted } from './events.ts';
import { accept, reject } from './rejection.ts';
import type { Decision } from './rejection.ts';
import type { EncounterState, TurnClock } from './state.ts';
import type { WhoMayAct } from './turn.ts';

export const STOPPED_CLOCK: TurnClock = { turnStartedAt: null, pausedAt: null, pausedMs: 0 };

/** A turn as the clock times it: `key` tells one turn from the next; `actors` who could act in it. */
export interface TimedTurn extends TimedTurnStarted {
  readonly key: string;
}

type ClockEvent = Extract<CoreEvent, { type: 'turn-timed' | 'clock-paused' | 'clock-resumed' }>;

/** The clock after one of its events. */
export function clockAfter(clock: TurnClock, event: ClockEvent): TurnClock {
  switch (event.type) {
    case 'turn-timed':
      if (!event.started) return STOPPED_CLOCK;
      return { turnStartedAt: event.at, pausedAt: clock.pausedAt !== null ? event.at : null, pausedMs: 0 };
    case 'clock-paused':
      return { ...clock, pausedAt: event.at };
    case 'clock-resumed':
      return { ...clock, pausedAt: null, pausedMs: clock.pausedMs + Math.max(0, event.at - (clock.pausedAt ?? event.at)) };
  }
}

/** How long the current turn has run at `at` (ms), paused time left out; 0 before any turn started. */
export function turnElapsed(clock: TurnClock, at: number): number {
  if (clock.turnStartedAt === null) return 0;
  const end = clock.pausedAt ?? at;
  return Math.max(0, end - clock.turnStartedAt - clock.pausedMs);
}

/**
 * The turn that `now` stands for in a running fight, or null (setup, ended). A side's turn is the side's
 * (its members taking their turns inside it), a tied group's its members', and in popcorn the holder's
 * turn runs from the initiative's arrival until it is passed on. A decision or a round waiting for the GM
 * is the GM's (no actors).
 */
export function timedTurnOf(state: EncounterState, now: WhoMayAct): TimedTurn | null {
  if (state.status !== 'running') return null;
  const phase = (p: number | undefined): string => (p === undefined ? '' : String(p));
  switch (now.kind) {
    case 'actor':
      return { key: `holder|${now.round}|${phase(now.phase)}|${now.actor}`, actors: [now.actor], round: now.round };
    case 'pass':
      if (now.from === null) return { key: `pass|${now.round}`, actors: [], round: now.round };
      return { key: `holder|${now.round}||${now.from}`, actors: [now.from], round: now.round };
    case 'side': {
      const actors = state.roster.filter((id) => state.combatants[id]?.side === now.side && state.combatants[id]?.defeated === false);
      return { key: `side|${now.round}|${phase(now.phase)}|${now.side}`, actors, round: now.round };
    }
    case 'group':
      return { key: `group|${now.round}|${phase(now.phase)}|${[...now.actors].sort().join(',')}`, actors: now.actors, round: now.round };
    case 'decision':
      return { key: `gm|${now.round}`, actors: [], round: now.round };
    case 'setup':
      return { key: `gm|${now.round ?? state.round}`, actors: [], round: now.round ?? state.round };
    case 'ended':
      return null;
  }
}

/**
 * The `turn-timed` event for a command that took the fight from `before` to `after` at `at`, or null when
 * the turn did not change. The ended turn is left out when its start was never timed (a fight started
 * before the clock, or by a script).
 */
export function turnTimed(before: TimedTurn | null, after: TimedTurn | null, clock: TurnClock, at: number): CoreEvent | null {
  if ((before?.key ?? null) === (after?.key ?? null)) return null;
  const ended: TimedTurnEnded | null =
    before && clock.turnStartedAt !== null ? { actors: [...before.actors], round: before.round, took: turnElapsed(clock, at) } : null;
  const started: TimedTurnStarted | null = after ? { actors: [...after.actors], round: after.round } : null;
  if (!ended && !started) return null;
  return { type: 'turn-timed', at, ended, started };
}

/** `pause-clock` and `resume-clock`: only in a running fight, and only with the time. */
export function decideClock(state: EncounterState, type: 'pause-clock' | 'resume-clock', at: number | undefined): Decision<EngineEvent> {
  if (at === undefined) return reject('clock/no-time', 'The turn clock is the server\'s: pause or resume it from the GM screen or the API.');
  if (state.status !== 'running') return reject('clock/not-running', 'The fight is not running: the turn clock starts with the fight.');
  if (type === 'pause-clock') {
    if (state.clock.pausedAt !== null) return reject('clock/paused', 'The clock is already paused: resume it (resume-clock).');
    return accept([{ type: 'clock-paused', at }]);
  }
  if (state.clock.pausedAt === null) return reject('clock/not-paused', 'The clock is not paused.');
  return accept([{ type: 'clock-resumed', at }]);
}

/** A duration in ms as a clock shows it: "0:05", "1:32", "1:02:03". */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
