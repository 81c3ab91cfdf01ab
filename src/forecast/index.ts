/**
 * The forecast: how a fight is likely to go, played forward many times by the real rules with seeded
 * dice and a stated policy per game. Pure: no I/O, no clock (unless the caller passes one), no global
 * randomness. README.md says what the policies assume and how far to trust the answer.
 */
import type { Encounter } from '../core/index.ts';
import { engine } from '../rules/index.ts';
import { forecast } from './forecast.ts';
import type { ForecastAnswer, ForecastOptions } from './forecast.ts';
import { forecastPolicies } from './policies.ts';
import { forecastScript } from './script.ts';
import type { ScriptPoint } from './script.ts';

export { answerOf, forecast } from './forecast.ts';
export { planForecast, DEFAULT_ROUND_CAP, DEFAULT_RUNS, DEFAULT_MAX_STEPS, MAX_ROUND_CAP, MAX_RUNS } from './plan.ts';
export type { ForecastPlan } from './plan.ts';
export { mergeTallies, playRuns } from './tally.ts';
export type { Budget, Tally } from './tally.ts';
export type { CombatantForecast, Forecast, ForecastAnswer, ForecastOptions, ForecastProblem, SideForecast } from './forecast.ts';
export { meanInterval, spreadOf, wilson, Z95 } from './intervals.ts';
export type { Mean, Proportion, Spread } from './intervals.ts';
export type { ForecastPolicy, ForecastTurn, Stance } from './policy.ts';
export { forecastPolicies } from './policies.ts';
export { encounterOfScript, forecastScript } from './script.ts';
export type { ScriptPoint } from './script.ts';

/** Forecast an encounter with the shipped rules and policies (what the GM screen and the CLI call). */
export function forecastEncounter(encounter: Encounter, options: ForecastOptions = {}): ForecastAnswer {
  return forecast(encounter, engine.modules, forecastPolicies, options);
}

/** Forecast a script (`turnkeeper play`'s JSON) with the shipped rules and policies. */
export function forecastOfScript(script: unknown, options: ForecastOptions = {}, from: ScriptPoint = 'end'): ForecastAnswer {
  return forecastScript(engine, forecastPolicies, script, options, from);
}
