import type { Encounter, RuleModule } from '../core/index.ts';
import { meanInterval, spreadOf, wilson } from './intervals.ts';
import type { Mean, Proportion, Spread } from './intervals.ts';
import { planForecast } from './plan.ts';
import type { ForecastOptions, ForecastPlan, ForecastProblem } from './plan.ts';

export type { ForecastOptions, ForecastProblem } from './plan.ts';
import type { ForecastPolicy } from './policy.ts';
import type { Undecided } from './run.ts';
import { countsOf, playRuns } from './tally.ts';
import type { Tally } from './tally.ts';

export interface SideForecast extends Proportion {
  readonly id: string;
  readonly name: string;
  readonly wins: number;
}

export interface CombatantForecast {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly kind: 'pc' | 'npc';
  /** The share of runs ending with it defeated, and its 95% interval. */
  readonly down: Proportion;
  /** PCs: HP lost between the start and the end of a run (healing counted against it, never below 0). */
  readonly damage?: Spread;
}

export interface Forecast {
  readonly ok: true;
  readonly rules: string;
  readonly runs: number;
  readonly seed: number | string;
  readonly roundCap: number;
  /** The share of runs without a winner (round cap, step budget, or the policy stuck), with why. */
  readonly undecided: Proportion & { readonly runs: number; readonly why: Readonly<Partial<Record<Undecided, number>>> };
  /** Runs where every side still in the fight went down together. */
  readonly draw: Proportion;
  /**
   * Rounds played in the runs that ended with a winner or a draw: the mean and its 95% interval, and how
   * many of those runs lasted each number of rounds (lowest first).
   */
  readonly rounds: Mean & { readonly histogram: Spread['histogram'] };
  readonly sides: readonly SideForecast[];
  readonly combatants: readonly CombatantForecast[];
  readonly policy: string;
  /** What the caller should know: runs capped, time budget reached, the first problem the policy met. */
  readonly notes: readonly string[];
}



export type ForecastAnswer = Forecast | ForecastProblem;

/**
 * Plays the encounter forward from where it stands to its end, `runs` times, with the encounter's own
 * rules and fresh dice seeded from `seed` and the run's number, each combatant following its game's
 * policy. Pure: no clock unless the caller passes one, no randomness but the seeds. Bad input is answered
 * with a `ForecastProblem`, never a throw. (`planForecast`, `playRuns` and `answerOf` are its three
 * steps, for a caller that shares the runs out between threads.)
 */
export function forecast(
  encounter: Encounter,
  modules: ReadonlyMap<string, RuleModule>,
  policies: ReadonlyMap<string, ForecastPolicy>,
  options: ForecastOptions = {},
): ForecastAnswer {
  const plan = planForecast(encounter, modules, policies, options);
  if ('ok' in plan) return plan;
  const budget = options.clock && options.timeBudgetMs !== undefined ? { clock: options.clock, ms: options.timeBudgetMs } : undefined;
  return answerOf(plan, playRuns(plan, 0, plan.runs, budget), options.timeBudgetMs);
}

/** Why runs were undecided, always in this order. */
const UNDECIDED: readonly Undecided[] = ['round-cap', 'step-budget', 'no-command', 'rejected', 'ended'];

/** The answer from the tally of all the plan's runs (or of those made before the time budget ran out). */
export function answerOf(plan: ForecastPlan, t: Tally, timeBudgetMs?: number): Forecast {
  const { state, roster, sides } = plan;
  const made = t.made;
  const notes = [...plan.notes];
  if (t.stopped) notes.push(`Stopped after ${made.toLocaleString('en')} runs: the time budget of ${timeBudgetMs ?? '?'} ms was reached.`);
  if (t.problem) notes.push(`The policy met a problem (its runs count as undecided): ${t.problem.text}`);
  const why: Partial<Record<Undecided, number>> = {};
  for (const k of UNDECIDED) if (t.why[k] !== undefined) why[k] = t.why[k];
  return {
    ok: true,
    rules: plan.rules,
    runs: made,
    seed: plan.seed,
    roundCap: plan.roundCap,
    undecided: { ...wilson(t.undecided, made), runs: t.undecided, why },
    draw: wilson(t.draws, made),
    rounds: { ...meanInterval(t.roundSum, t.roundSq, made - t.undecided), histogram: spreadOf(countsOf(t.rounds)).histogram },
    sides: sides.map((id, i) => ({ id, name: state.sides[id]?.name ?? id, wins: t.wins[i] ?? 0, ...wilson(t.wins[i] ?? 0, made) })),
    combatants: roster.map((id, k) => {
      const c = state.combatants[id]!;
      return {
        id,
        name: c.name,
        side: c.side,
        kind: c.kind,
        down: wilson(t.down[k]!, made),
        ...(c.kind === 'pc' ? { damage: spreadOf(countsOf(t.damage[k]!)) } : {}),
      };
    }),
    policy: plan.policySummary,
    notes,
  };
}
