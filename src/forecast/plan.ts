import type { Encounter, EncounterState, RuleModule } from '../core/index.ts';
import type { ForecastPolicy, ForecastTurn, Stance } from './policy.ts';
import type { Runner } from './run.ts';
import { fightingSides, foesOf, standingSides } from './sides.ts';
import { checkedStep, trustedStep } from './step.ts';

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

export interface ForecastProblem {
  readonly ok: false;
  readonly code: string;
  readonly message: string;
}

/** The most runs one forecast makes: more are capped (and the answer says so). */
export const MAX_RUNS = 100_000;
export const DEFAULT_RUNS = 2_000;
export const DEFAULT_ROUND_CAP = 50;
export const MAX_ROUND_CAP = 1_000;
/** The most commands one run may take before it is counted undecided. */
export const DEFAULT_MAX_STEPS = 10_000;

/**
 * A forecast checked and ready to play: the encounter, its rules and policy, the runs to make and what
 * every run needs. The same encounter and options give the same plan, so the runs can be shared out
 * (`playRuns` over parts of `0..runs`) and their tallies merged into the answer a single pass gives.
 */
export interface ForecastPlan {
  readonly state: EncounterState;
  readonly rules: string;
  readonly runner: Runner;
  readonly runs: number;
  readonly seed: number | string;
  readonly roundCap: number;
  /** The sides in the fight, in the encounter's order (a tally's `wins` follows it). */
  readonly sides: readonly string[];
  /** The combatants, in roster order (a tally's `down` and `damage` follow it), and their HP at the start. */
  readonly roster: readonly string[];
  readonly startHp: readonly number[];
  readonly policySummary: string;
  /** Notes known before any run (runs capped). */
  readonly notes: readonly string[];
}

const problem = (code: string, message: string): ForecastProblem => ({ ok: false, code, message });

/** Check the encounter and options and make the plan, or say in words why there is nothing to play. */
export function planForecast(
  encounter: Encounter,
  modules: ReadonlyMap<string, RuleModule>,
  policies: ReadonlyMap<string, ForecastPolicy>,
  options: ForecastOptions = {},
): ForecastPlan | ForecastProblem {
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
  const policyOptions = options.policy ?? {};
  const badOption = policy.checkOptions
    ? policy.checkOptions(policyOptions, state)
    : Object.keys(policyOptions).length > 0
      ? `The ${module.title} forecast policy takes no options (given: ${Object.keys(policyOptions).join(', ')}).`
      : null;
  if (badOption) return problem('forecast/policy-option', badOption);
  const sides = fightingSides(state, stances);
  const standingNow = standingSides(state, stances).length;
  if (standingNow < 2) {
    return problem('forecast/no-sides', standingNow === 0
      ? 'Nobody is left standing to fight: there is nothing to forecast.'
      : 'Only one side is in the fight: a forecast needs two opposing sides with someone standing on each.');
  }
  const turn: ForecastTurn = {
    stance: (id) => stances.get(id) ?? 'fight',
    foes: (s, id) => foesOf(s, id, stances),
    options: policyOptions,
  };
  if (!anyoneCanHurt(state, policy, turn)) {
    return problem('forecast/cannot-end', 'Nobody who fights can hurt a foe (no attack that can hit and do damage): the fight cannot end.');
  }
  const roster = state.roster.slice();
  return {
    state,
    rules: state.rules.id,
    runner: { module, policy, turn, stances, limits: { roundCap, maxSteps }, step: options.checked ? checkedStep : trustedStep },
    runs,
    seed,
    roundCap,
    sides,
    roster,
    startHp: roster.map((id) => state.combatants[id]!.tracks.hp?.value ?? 0),
    policySummary: policy.summary,
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
