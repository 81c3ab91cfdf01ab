import { useEffect, useRef, useState } from 'react';
import type { Forecast, ForecastAnswer } from '../../../forecast/index.ts';
import type { ForecastJob } from './forecast-job.ts';
import { ForecastRunner } from './forecast-runner.ts';

/** Where a forecast stands: computing (with the first look and the last answer, to show meanwhile), answered, or failed. */
export type ForecastView =
  | { readonly state: 'idle' }
  | { readonly state: 'running'; readonly preview: Forecast | null; readonly last: ForecastAnswer | null }
  | { readonly state: 'done'; readonly answer: ForecastAnswer }
  | { readonly state: 'failed'; readonly message: string };

const lastOf = (v: ForecastView): ForecastAnswer | null => (v.state === 'done' ? v.answer : v.state === 'running' ? (v.last ?? v.preview) : null);

/**
 * The forecast of `job`, in a Web Worker, computed again `delayMs` after `key` last changed (the key
 * says what the job is: the encounter's id and version, the dialog's choice). A change stops the
 * computation under way at once; null asks for nothing.
 */
export function useForecast(job: ForecastJob | null, key: string, delayMs = 400): ForecastView {
  const runner = useRef<ForecastRunner | null>(null);
  const latest = useRef(job);
  latest.current = job;
  const [view, setView] = useState<ForecastView>({ state: 'idle' });
  const wanted = job !== null;

  useEffect(() => () => runner.current?.close(), []);

  useEffect(() => {
    runner.current?.cancel();
    const j = latest.current;
    if (!j) {
      setView({ state: 'idle' });
      return;
    }
    setView((v) => ({ state: 'running', preview: null, last: lastOf(v) }));
    const timer = setTimeout(() => {
      runner.current ??= new ForecastRunner();
      runner.current.run(j, (reply) => {
        if (reply.stage === 'error') return setView({ state: 'failed', message: reply.message });
        const answer = reply.answer;
        if (reply.stage === 'final') return setView({ state: 'done', answer });
        setView((v) => ({ state: 'running', preview: answer.ok ? answer : null, last: v.state === 'running' ? v.last : null }));
      });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [key, wanted, delayMs]);

  return view;
}
