/** What the forecast's worker is asked (forecast-worker.ts) and answers; shared by the GM screen and the campaign page. */
import type { CampaignState, PullInRequest } from '../../../campaign/index.ts';
import type { Encounter } from '../../../core/index.ts';
import type { ForecastAnswer, ForecastOptions, Stance } from '../../../forecast/index.ts';

/** The fights played for a forecast, and the few played first for a quick look. */
export const FORECAST_RUNS = 2_000;
export const FORECAST_PREVIEW_RUNS = 200;
/** A forecast stops after this long (the answer's notes say how many fights it played). */
export const FORECAST_BUDGET_MS = 20_000;

export type ForecastJob =
  /**
   * The fight as the GM screen folds it (its undo and redo stacks left out: the forecast needs neither),
   * with the stances the GM marked, by combatant id (absent: everyone fights), and the game policy's
   * options the GM ticked (Fallout's `{ spendAp: true }`; absent: the policy as it stands).
   */
  | {
      readonly kind: 'encounter';
      readonly encounter: Encounter;
      readonly seed: string;
      readonly stances?: Readonly<Record<string, Stance>>;
      readonly policy?: Readonly<Record<string, unknown>>;
    }
  /** The fight the campaign's New fight dialog would create from the party and templates. */
  | { readonly kind: 'new-fight'; readonly state: CampaignState; readonly request: PullInRequest; readonly seed: string };

export type ForecastReply =
  | { readonly id: number; readonly stage: 'preview' | 'final'; readonly answer: ForecastAnswer }
  | { readonly id: number; readonly stage: 'error'; readonly message: string };

/** Same state, same numbers: the seed is the encounter's (or campaign's) id and version. */
export function forecastSeed(id: string, version: number): string {
  return `${id}@${version}`;
}

/** The options for an encounter job's forecast: `options` with the GM's marks and the policy's options, when there are any. */
export function encounterOptions(job: Extract<ForecastJob, { kind: 'encounter' }>, options: ForecastOptions): ForecastOptions {
  return { ...options, ...(job.stances ? { stances: job.stances } : {}), ...(job.policy ? { policy: job.policy } : {}) };
}
