/**
 * The forecast's Web Worker: plays the fight forward off the page's thread (src/forecast), so the GM
 * screen and the campaign page never wait for it. Loaded only when a forecast is asked for
 * (forecast-runner.ts makes it). A job is answered twice: a first look from a few fights, then the
 * whole forecast; a newer job does not wait for an older one: the runner ends this worker instead.
 */
import { pullIn } from '../../../campaign/index.ts';
import { forecastEncounter, forecastOfScript } from '../../../forecast/index.ts';
import type { ForecastAnswer, ForecastOptions } from '../../../forecast/index.ts';
import { FORECAST_BUDGET_MS, FORECAST_PREVIEW_RUNS, FORECAST_RUNS, encounterOptions } from './forecast-job.ts';
import type { ForecastJob, ForecastReply } from './forecast-job.ts';

interface WorkerScope {
  onmessage: ((e: MessageEvent<{ readonly id: number; readonly job: ForecastJob }>) => void) | null;
  postMessage(reply: ForecastReply): void;
}
const scope = self as unknown as WorkerScope;

/** The job's forecast with `runs` fights. */
function answer(job: ForecastJob, runs: number): ForecastAnswer {
  const clock = () => performance.now();
  const options: ForecastOptions = { runs, seed: job.seed, clock, timeBudgetMs: FORECAST_BUDGET_MS };
  if (job.kind === 'encounter') return forecastEncounter(job.encounter, encounterOptions(job, options));
  // The fight the New fight dialog would create: the server's own body (pull-in.ts), before it starts.
  const pulled = pullIn(job.state, job.request);
  if (!pulled.ok) return { ok: false, code: pulled.rejection.code, message: pulled.rejection.message };
  return forecastOfScript({ ...pulled.body, seed: 0 }, options, 'start');
}

scope.onmessage = (e) => {
  const { id, job } = e.data;
  try {
    const first = answer(job, FORECAST_PREVIEW_RUNS);
    if (!first.ok) return scope.postMessage({ id, stage: 'final', answer: first });
    scope.postMessage({ id, stage: 'preview', answer: first });
    scope.postMessage({ id, stage: 'final', answer: answer(job, FORECAST_RUNS) });
  } catch (error) {
    scope.postMessage({ id, stage: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
