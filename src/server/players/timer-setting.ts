/**
 * The GM's turn timer: off, counting up, or counting down from 5 to 3600 seconds. The time itself is the
 * encounter's (`state.clock`, from `turn-timed`); this is how screens show it. At zero a cue, never an
 * automatic action. What players receive of it (`playerTimer`) names no turn they cannot see: while the
 * GM has the table (a decision, a hidden combatant's turn) it runs for nobody. Pure.
 */
import { z } from 'zod';
import type { TurnClock } from '../../core/index.ts';

export const TIMER_MIN_SECONDS = 5;
export const TIMER_MAX_SECONDS = 3600;

/** Why `value` is not a timer length, in the GM's words, or null. */
export function timerSecondsProblem(value: unknown): string | null {
  const range = `from ${TIMER_MIN_SECONDS} to ${TIMER_MAX_SECONDS} seconds (an hour)`;
  if (typeof value !== 'number' || !Number.isFinite(value)) return `The turn timer takes a number of seconds, ${range}`;
  if (!Number.isInteger(value)) return `The turn timer counts whole seconds (${value} is not): ${range}`;
  if (value <= 0) return `A turn timer of ${value} seconds cannot run: give ${range}, or turn the timer off`;
  if (value < TIMER_MIN_SECONDS) return `A turn timer of ${value} seconds is too short: at least ${TIMER_MIN_SECONDS} seconds`;
  if (value > TIMER_MAX_SECONDS) return `A turn timer of ${value.toLocaleString('en')} seconds is too long: at most ${TIMER_MAX_SECONDS} seconds (an hour)`;
  return null;
}

const problem = (v: unknown): string => timerSecondsProblem(v) ?? 'The turn timer takes a number of seconds';
const seconds = z
  .number({ error: (issue) => problem(issue.input) })
  .int({ error: (issue) => problem(issue.input) })
  .min(TIMER_MIN_SECONDS, { error: (issue) => problem(issue.input) })
  .max(TIMER_MAX_SECONDS, { error: (issue) => problem(issue.input) });
const mode = z.enum(['off', 'up', 'down'], { error: 'The turn timer is "off", "up" (counting up) or "down" (counting down from its seconds)' });

export const timerSchema = z
  .object({
    mode: mode.default('off').describe('off: no timer; up: counts up from 0; down: counts down from `seconds`, with a cue at 0.'),
    seconds: seconds.default(60).describe('What a countdown starts from, 5 to 3600 seconds.'),
  })
  .strict()
  .describe('The turn timer shown on the GM screen, the phones and the TV. It resets each turn and pauses with the clock; at 0 a cue, no automatic action.');

export const timerPatchSchema = z.object({ mode: mode.optional(), seconds: seconds.optional() }).strict();

export type TimerSetting = z.output<typeof timerSchema>;
export type TimerPatch = z.output<typeof timerPatchSchema>;

export const defaultTimer: TimerSetting = { mode: 'off', seconds: 60 };

export function mergeTimer(current: TimerSetting, patch: TimerPatch | undefined): TimerSetting {
  return { mode: patch?.mode ?? current.mode, seconds: patch?.seconds ?? current.seconds };
}

/**
 * The timer as players receive it. `startedAt`: when the current turn started (the server's ms), null
 * while players see no one's turn (setup, the GM's table, a hidden combatant's turn, the end): then
 * nothing of the clock but whether it is paused. Elapsed = (pausedAt ?? server now) - startedAt - pausedMs.
 */
export interface PlayerTimer {
  readonly mode: 'up' | 'down';
  readonly seconds: number;
  readonly paused: boolean;
  readonly startedAt: number | null;
  readonly pausedAt: number | null;
  readonly pausedMs: number;
}

/** `turnShown`: players see whose turn it is (someone visible acts, passes or their side does). */
export function playerTimer(setting: TimerSetting, clock: TurnClock, turnShown: boolean): PlayerTimer | undefined {
  if (setting.mode === 'off') return undefined;
  const paused = clock.pausedAt !== null;
  if (!turnShown || clock.turnStartedAt === null) return { mode: setting.mode, seconds: setting.seconds, paused, startedAt: null, pausedAt: null, pausedMs: 0 };
  return { mode: setting.mode, seconds: setting.seconds, paused, startedAt: clock.turnStartedAt, pausedAt: clock.pausedAt, pausedMs: clock.pausedMs };
}
