import { Prng } from '../dice/index.ts';
import type { ForecastPlan } from './plan.ts';
import { playOnce } from './run.ts';
import type { Undecided } from './run.ts';

/**
 * What a share of a forecast's runs came to, as plain data (it crosses to and from worker threads):
 * counts and whole-number sums only, so tallies of parts merge into exactly the tally of the whole.
 */
export interface Tally {
  /** Runs made (a part stopped by the time budget made fewer than asked). */
  readonly made: number;
  /** Whether the time budget stopped it before its last run. */
  readonly stopped: boolean;
  readonly undecided: number;
  readonly why: Readonly<Partial<Record<Undecided, number>>>;
  readonly draws: number;
  /** Wins by side, in the plan's `sides` order. */
  readonly wins: readonly number[];
  /** Decided runs (wins and draws): the sum and sum of squares of their rounds, and runs by rounds. */
  readonly roundSum: number;
  readonly roundSq: number;
  readonly rounds: Readonly<Record<number, number>>;
  /** By the plan's `roster`: runs ending defeated, and (PCs) runs by HP lost. */
  readonly down: readonly number[];
  readonly damage: readonly Readonly<Record<number, number>>[];
  /** The first run whose policy met a problem, and the problem. */
  readonly problem?: { readonly run: number; readonly text: string };
}

/** A caller's clock and time budget: the part stops after the run that passes it. */
export interface Budget {
  readonly clock: () => number;
  readonly ms: number;
}

/** Play runs `from` to `to - 1` of the plan (run i's dice are seeded "<seed>#<i>") and count them. */
export function playRuns(plan: ForecastPlan, from: number, to: number, budget?: Budget): Tally {
  const { runner, state, roster, startHp, sides } = plan;
  const sideIndex = new Map(sides.map((s, i) => [s, i]));
  const wins = sides.map(() => 0);
  const down = roster.map(() => 0);
  const damage: Record<number, number>[] = roster.map(() => ({}));
  const rounds: Record<number, number> = {};
  const why: Partial<Record<Undecided, number>> = {};
  let undecided = 0;
  let draws = 0;
  let roundSum = 0;
  let roundSq = 0;
  let problem: Tally['problem'];
  let stopped = false;
  const began = budget?.clock();
  let made = 0;
  for (let i = from; i < to; i++) {
    const r = playOnce(runner, { state, rng: Prng.fromSeed(`${String(plan.seed)}#${i}`).state() });
    made++;
    const o = r.outcome;
    if (o.kind === 'undecided') {
      undecided++;
      why[o.why] = (why[o.why] ?? 0) + 1;
      if (o.problem && problem === undefined) problem = { run: i, text: o.problem };
    } else {
      if (o.kind === 'win') wins[sideIndex.get(o.side)!]!++;
      else draws++;
      roundSum += r.rounds;
      roundSq += r.rounds * r.rounds;
      rounds[r.rounds] = (rounds[r.rounds] ?? 0) + 1;
    }
    const end = r.end.state;
    for (let k = 0; k < roster.length; k++) {
      const c = end.combatants[roster[k]!];
      if (!c) continue;
      if (c.defeated) down[k]!++;
      if (c.kind === 'pc') {
        const lost = Math.max(0, startHp[k]! - (c.tracks.hp?.value ?? 0));
        damage[k]![lost] = (damage[k]![lost] ?? 0) + 1;
      }
    }
    if (budget !== undefined && began !== undefined && budget.clock() - began > budget.ms && i + 1 < to) {
      stopped = true;
      break;
    }
  }
  return { made, stopped, undecided, why, draws, wins, roundSum, roundSq, rounds, down, damage, ...(problem ? { problem } : {}) };
}

/** The tally of two parts of the same plan, as one pass over both would have counted them. */
export function mergeTallies(a: Tally, b: Tally): Tally {
  const why: Partial<Record<Undecided, number>> = { ...a.why };
  for (const [k, n] of Object.entries(b.why) as [Undecided, number][]) why[k] = (why[k] ?? 0) + n;
  const problem = !a.problem ? b.problem : !b.problem ? a.problem : a.problem.run <= b.problem.run ? a.problem : b.problem;
  return {
    made: a.made + b.made,
    stopped: a.stopped || b.stopped,
    undecided: a.undecided + b.undecided,
    why,
    draws: a.draws + b.draws,
    wins: a.wins.map((n, i) => n + (b.wins[i] ?? 0)),
    roundSum: a.roundSum + b.roundSum,
    roundSq: a.roundSq + b.roundSq,
    rounds: addCounts(a.rounds, b.rounds),
    down: a.down.map((n, i) => n + (b.down[i] ?? 0)),
    damage: a.damage.map((d, i) => addCounts(d, b.damage[i] ?? {})),
    ...(problem ? { problem } : {}),
  };
}

function addCounts(a: Readonly<Record<number, number>>, b: Readonly<Record<number, number>>): Record<number, number> {
  const out: Record<number, number> = { ...a };
  for (const [k, n] of Object.entries(b)) out[Number(k)] = (out[Number(k)] ?? 0) + n;
  return out;
}

/** Counts by whole number as a Map (for `spreadOf`). */
export function countsOf(record: Readonly<Record<number, number>>): Map<number, number> {
  return new Map(Object.entries(record).map(([k, n]) => [Number(k), n]));
}
