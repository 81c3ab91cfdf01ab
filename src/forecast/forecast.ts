import type { Encounter, EncounterState, RuleModule } from '../core/index.ts';
import { Prng } from '../dice/index.ts';
import { meanInterval, spreadOf, wilson } from './intervals.ts';
import type { Mean, Proportion, Spread } from './intervals.ts';
import type { ForecastPolicy, ForecastTurn, Stance } from './policy.ts';
import { playOnce } from './run.ts';
import type { Runner, Undecided } from './run.ts';
import { fightingSides, foesOf, standing } from './sides.ts';
import { checkedStep, trustedStep } from './step.ts';

/** The most runs one forecast makes: more are capped (and the answer says so). */
export const MAX_RUNS = 100_000;
export const DEFAULT_RUNS = 2_000;
export const DEFAULT_ROUND_CAP = 50;
export const MAX_ROUND_CAP = 1_000;
/** The most commands one run may take before it is counted undecided. */
export const DEFAULT_MAX_STEPS = 10_000;

export interface ForecastOptions {
  /** How many fights to play (default 2,000; at most 100,000: more are capped). */
  readonly runs?: number;
  /** Each run's dice are seeded from this seed and the run's number (default 0). */
  readonly seed?: number | string;
  /** Runs still going after this many rounds are undecided (default 50). */
  readonly roundCap?: number;
  /** Combatants (name or id) who flee or hold back; the others fight. */
  readonly stances?: Readonly<Record<string, Stance>>;
  /** The game policy's options (each game's README lists them). */
  readonly policy?: Readonly<Record<string, unknown>>;
  /** At most this many commands per run (default 10,000). */
  readonly maxSteps?: number;
  /**
   * A clock and a time budget, both from the caller (the engine reads no clock): the forecast stops
   * after the run that passes the budget, and says how many runs it made.
   */
  readonly clock?: () => number;
  readonly timeBudgetMs?: number;
  /**
   * Send every command through the core's full `decide` (schema, names, text and size checks) instead of
   * the trusted path; the same dice give the same runs either way (the tests check it), only slower.
   */
  readonly checked?: boolean;
}

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
  /** Rounds played in the runs that ended with a winner or a draw: the mean and its 95% interval. */
  readonly rounds: Mean;
  readonly sides: readonly SideForecast[];
  readonly combatants: readonly CombatantForecast[];
  readonly policy: string;
  /** What the caller should know: runs capped, time budget reached, the first problem the policy met. */
  readonly notes: readonly string[];
}

export interface ForecastProblem {
  readonly ok: false;
  readonly code: string;
  readonly message: string;
}

export type ForecastAnswer = Forecast | ForecastProblem;

const problem = (code: string, message: string): ForecastProblem => ({ ok: false, code, message });

/**
 * Plays the encounter forward from where it stands to its end, `runs` times, with the encounter's own
 * rules and fresh dice seeded from `seed` and the run's number, each combatant following its game's
 * policy. Pure: no clock unless the caller passes one, no randomness but the seeds. Bad input is answered
 * with a `ForecastProblem`, never a throw.
 */
export function forecast(
  encounter: Encounter,
  modules: ReadonlyMap<string, RuleModule>,
  policies: ReadonlyMap<string, ForecastPolicy>,
  options: ForecastOptions = {},
): ForecastAnswer {
  const state = encounter.state;
  const module = modules.get(state.rules.id);
  const policy = policies.get(state.rules.id);
  if (!module) return problem('forecast/unknown-rules', `There are no "${state.rules.id}" rules to play the fight with.`);
  if (!policy) return problem('forecast/no-policy', `There is no forecast policy for the ${module.title} rules.`);
  if (state.status === 'ended') return problem('forecast/ended', 'The fight has ended: reopen it to forecast the rest.');
  const notes: string[] = [];
  const asked = options.runs ?? DEFAULT_RUNS;
  if (!Number.isSafeInteger(asked) || asked < 1) return problem('forecast/runs', `Runs must be a whole number from 1 to ${MAX_RUNS.toLocaleString('en')}, not ${String(asked)}.`);
  const runs = Math.min(asked, MAX_RUNS);
  if (asked > MAX_RUNS) notes.push(`Runs capped at ${MAX_RUNS.toLocaleString('en')} (asked for ${asked.toLocaleString('en')}).`);
  const roundCap = options.roundCap ?? DEFAULT_ROUND_CAP;
  if (!Number.isSafeInteger(roundCap) || roundCap < 1 || roundCap > MAX_ROUND_CAP) {
    return problem('forecast/round-cap', `The round cap must be a whole number from 1 to ${MAX_ROUND_CAP}, not ${String(roundCap)}.`);
  }
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  if (!Number.isSafeInteger(maxSteps) || maxSteps < 1) return problem('forecast/max-steps', `The step budget must be a whole number above 0, not ${String(maxSteps)}.`);
  const seed = options.seed ?? 0;
  if (typeof seed === 'number' && !Number.isSafeInteger(seed)) return problem('forecast/seed', `The seed must be a whole number or a text, not ${String(seed)}.`);

  const stances = new Map<string, Stance>();
  for (const [ref, stance] of Object.entries(options.stances ?? {})) {
    const id = idOf(state, ref);
    if (id === undefined) return problem('forecast/unknown-combatant', `There is no combatant "${ref}" in this fight.`);
    if (stance !== 'fight' && stance !== 'flee' && stance !== 'hold') {
      return problem('forecast/stance', `${state.combatants[id]!.name}: a stance is fight, flee or hold, not "${String(stance)}".`);
    }
    stances.set(id, stance);
  }
  const sides = fightingSides(state, stances);
  const standingSides = sides.filter((s) => state.roster.some((id) => state.combatants[id]!.side === s && standing(state, id, stances)));
  if (standingSides.length < 2) {
    return problem('forecast/no-sides', standingSides.length === 0
      ? 'Nobody is left standing to fight: there is nothing to forecast.'
      : 'Only one side is in the fight: a forecast needs two opposing sides with someone standing on each.');
  }
  const turn: ForecastTurn = {
    stance: (id) => stances.get(id) ?? 'fight',
    foes: (s, id) => foesOf(s, id, stances),
    options: options.policy ?? {},
  };
  if (!anyoneCanHurt(state, policy, turn)) {
    return problem('forecast/cannot-end', 'Nobody who fights can hurt a foe (no attack that can hit and do damage): the fight cannot end.');
  }

  const runner: Runner = { module, policy, turn, stances, limits: { roundCap, maxSteps }, step: options.checked ? checkedStep : trustedStep };
  const roster = state.roster.slice();
  const startHp = roster.map((id) => state.combatants[id]!.tracks.hp?.value ?? 0);
  const wins = new Map<string, number>(sides.map((s) => [s, 0]));
  const down = roster.map(() => 0);
  const damage = roster.map(() => new Map<number, number>());
  const why: Partial<Record<Undecided, number>> = {};
  let undecided = 0;
  let draws = 0;
  let roundSum = 0;
  let roundSq = 0;
  let firstProblem: string | undefined;
  const began = options.clock?.();
  let made = 0;
  for (let i = 0; i < runs; i++) {
    const rng = Prng.fromSeed(`${String(seed)}#${i}`).state();
    const r = playOnce(runner, { state, rng });
    made++;
    const o = r.outcome;
    if (o.kind === 'undecided') {
      undecided++;
      why[o.why] = (why[o.why] ?? 0) + 1;
      if (o.problem && firstProblem === undefined) firstProblem = o.problem;
    } else {
      if (o.kind === 'win') wins.set(o.side, (wins.get(o.side) ?? 0) + 1);
      else draws++;
      roundSum += r.rounds;
      roundSq += r.rounds * r.rounds;
    }
    const end = r.end.state;
    for (let k = 0; k < roster.length; k++) {
      const c = end.combatants[roster[k]!];
      if (!c) continue;
      if (c.defeated) down[k]!++;
      if (c.kind === 'pc') {
        const lost = Math.max(0, startHp[k]! - (c.tracks.hp?.value ?? 0));
        damage[k]!.set(lost, (damage[k]!.get(lost) ?? 0) + 1);
      }
    }
    if (began !== undefined && options.timeBudgetMs !== undefined && options.clock!() - began > options.timeBudgetMs && i + 1 < runs) {
      notes.push(`Stopped after ${made.toLocaleString('en')} runs: the time budget of ${options.timeBudgetMs} ms was reached.`);
      break;
    }
  }
  if (firstProblem !== undefined) notes.push(`The policy met a problem (its runs count as undecided): ${firstProblem}`);
  return {
    ok: true,
    rules: state.rules.id,
    runs: made,
    seed,
    roundCap,
    undecided: { ...wilson(undecided, made), runs: undecided, why },
    draw: wilson(draws, made),
    rounds: meanInterval(roundSum, roundSq, made - undecided),
    sides: sides.map((id) => ({ id, name: state.sides[id]?.name ?? id, wins: wins.get(id) ?? 0, ...wilson(wins.get(id) ?? 0, made) })),
    combatants: roster.map((id, k) => {
      const c = state.combatants[id]!;
      return {
        id,
        name: c.name,
        side: c.side,
        kind: c.kind,
        down: wilson(down[k]!, made),
        ...(c.kind === 'pc' ? { damage: spreadOf(damage[k]!) } : {}),
      };
    }),
    policy: policy.summary,
    notes,
  };
}

function idOf(state: EncounterState, ref: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(state.combatants, ref)) return ref;
  const lower = ref.trim().toLowerCase();
  return state.roster.find((id) => state.combatants[id]!.name.toLowerCase() === lower);
}

/** Whether some fighter can hurt some foe, by the policy's own reckoning. */
function anyoneCanHurt(state: EncounterState, policy: ForecastPolicy, turn: ForecastTurn): boolean {
  for (const id of state.roster) {
    if (turn.stance(id) !== 'fight' || state.combatants[id]!.defeated) continue;
    for (const foe of turn.foes(state, id)) if (policy.threat(state, id, foe, turn) > 0) return true;
  }
  return false;
}
