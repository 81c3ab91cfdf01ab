import type { Command, RuleModule } from '../core/index.ts';
import type { ForecastPolicy, ForecastTurn } from './policy.ts';
import { lastSideStanding } from './sides.ts';
import type { Stances } from './sides.ts';
import type { Position, Stepped, Stepper } from './step.ts';

/** Why a run ended without a winner. */
export type Undecided = 'round-cap' | 'step-budget' | 'no-command' | 'rejected' | 'ended';

export type RunOutcome =
  | { readonly kind: 'win'; readonly side: string }
  /** Everyone still in the fight went down together (Kuro's simultaneous blows). */
  | { readonly kind: 'draw' }
  | { readonly kind: 'undecided'; readonly why: Undecided; readonly problem?: string };

export interface RunResult {
  readonly outcome: RunOutcome;
  /** Rounds played, the round the forecast began in counting as the first (Fallout's round 0 included). */
  readonly rounds: number;
  readonly end: Position;
}

export interface RunLimits {
  /** A run still going when it would open round `roundCap + 1` (counted as `rounds`) is undecided. */
  readonly roundCap: number;
  /** At most this many commands in one run. */
  readonly maxSteps: number;
}

export interface Runner {
  readonly module: RuleModule;
  readonly policy: ForecastPolicy;
  readonly turn: ForecastTurn;
  readonly stances: Stances;
  readonly limits: RunLimits;
  readonly step: Stepper;
}

/** Play one fight from `start` to its end (or a limit) with the policy's commands through the real rules. */
export function playOnce(r: Runner, start: Position): RunResult {
  let at = start;
  let first: number | null = at.state.status === 'running' ? at.state.round : null;
  // The round the last command was sent in: the one that decided the fight, even when that command
  // also opened the next round (Kuro's simultaneous slot resolving at the end of a game turn).
  let sentIn = at.state.round;
  let outcome: RunOutcome | null = null;
  for (let n = 0; n < r.limits.maxSteps && outcome === null; ) {
    const state = at.state;
    if (first === null && state.status === 'running') first = state.round;
    const last = lastSideStanding(state, r.stances);
    if (last !== null) {
      outcome = last === '' ? DRAW : { kind: 'win', side: last };
      break;
    }
    if (first !== null && at.state.round - first + 1 > r.limits.roundCap) {
      return { outcome: ROUND_CAP, rounds: r.limits.roundCap, end: at };
    }
    const now = r.module.whoMayAct(state, 'turn');
    if (now.kind === 'ended') {
      outcome = ENDED;
      break;
    }
    const commands = r.policy.next(state, now, r.turn);
    if (!commands || commands.length === 0) {
      outcome = { kind: 'undecided', why: 'no-command', problem: `nothing to do when ${now.kind === 'setup' ? now.needs : `Now is "${now.kind}"`}` };
      break;
    }
    for (let k = 0; k < commands.length; k++) {
      const command = commands[k]!;
      // A fight won halfway through a turn is over: the rest of the turn is not played.
      if (k > 0 && lastSideStanding(at.state, r.stances) !== null) break;
      sentIn = at.state.round;
      const s = guarded(r, at, command);
      if (!s.ok) {
        outcome = { kind: 'undecided', why: 'rejected', problem: `${command.type}: ${s.rejection.message} [${s.rejection.code}]` };
        break;
      }
      at = s.at;
      n++;
    }
  }
  return { outcome: outcome ?? STEP_BUDGET, rounds: first === null ? 0 : sentIn - first + 1, end: at };
}

const DRAW: RunOutcome = { kind: 'draw' };
const ENDED: RunOutcome = { kind: 'undecided', why: 'ended' };
const ROUND_CAP: RunOutcome = { kind: 'undecided', why: 'round-cap' };
const STEP_BUDGET: RunOutcome = { kind: 'undecided', why: 'step-budget' };

/** A step that never throws: a module's exception is a problem of the run, in words. */
function guarded(r: Runner, at: Position, command: Command): Stepped {
  try {
    return r.step(r.module, at, command);
  } catch (e) {
    return { ok: false, rejection: { code: 'forecast/threw', message: `the rules failed on this command (${e instanceof Error ? e.message : String(e)})` } };
  }
}
