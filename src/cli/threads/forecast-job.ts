import type { Encounter } from '../../core/index.ts';
import { encounterOfScript, forecastPolicies, planForecast } from '../../forecast/index.ts';
import type { ForecastOptions, ForecastPlan, ForecastProblem, ScriptPoint, Tally } from '../../forecast/index.ts';
import { engine } from '../../rules/index.ts';

/** What a forecast is played from: a script (its start or end) or an encounter as it stands. */
export type ForecastSource =
  | { readonly kind: 'script'; readonly script: unknown; readonly from: ScriptPoint }
  | { readonly kind: 'encounter'; readonly encounter: Encounter };

/** The options a thread can be sent: no clock (each thread has its own; the budget is the caller's). */
export type ThreadOptions = Omit<ForecastOptions, 'clock' | 'timeBudgetMs'>;

/** The plan of a source with the shipped rules and policies, or why there is none. */
export function planOf(source: ForecastSource, options: ThreadOptions): ForecastPlan | ForecastProblem {
  let encounter: Encounter;
  if (source.kind === 'script') {
    const built = encounterOfScript(engine, source.script, source.from);
    if (!built.ok) return { ok: false, code: built.code, message: built.message };
    encounter = built.encounter;
  } else encounter = source.encounter;
  return planForecast(encounter, engine.modules, forecastPolicies, options);
}

/** To a thread: a job to plan (once), then parts of it to play. */
export type ToThread =
  | { readonly type: 'job'; readonly job: number; readonly source: ForecastSource; readonly options: ThreadOptions }
  | { readonly type: 'part'; readonly job: number; readonly from: number; readonly to: number };

/** From a thread: ready for work, a part's tally, or why it could not play it. */
export type FromThread =
  | { readonly type: 'ready' }
  | { readonly type: 'tally'; readonly job: number; readonly tally: Tally }
  | { readonly type: 'failed'; readonly job: number; readonly from: number; readonly to: number; readonly message: string };
