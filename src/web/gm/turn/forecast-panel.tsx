import { useMemo, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useGm } from '../context.ts';
import { forecastSeed } from '../data/forecast-job.ts';
import type { ForecastJob } from '../data/forecast-job.ts';
import { useForecast } from '../data/use-forecast.ts';
import { ForecastBody } from './forecast-view.tsx';

/** Whether the GM keeps the forecast open, remembered in this browser. */
const OPEN_KEY = 'turnkeeper.forecast-open.v1';

function readOpen(): boolean {
  try {
    return localStorage.getItem(OPEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The fight played forward from where it stands, in a Web Worker, again a moment after each change
 * (same encounter and version, same numbers: the seed is theirs). Loaded after the screen shows (gm-app.tsx);
 * the worker and the rules it plays with load only once the section is opened.
 */
function ForecastNow() {
  const { encounter, id } = useGm();
  const seed = forecastSeed(id, encounter.version);
  const job = useMemo<ForecastJob>(() => ({ kind: 'encounter', encounter: { ...encounter, undo: null, redo: null }, seed }), [encounter, seed]);
  return <ForecastBody view={useForecast(job, seed)} />;
}

/** The Forecast section: folded away until the GM opens it (keyboard: its summary is a button). */
export function ForecastPanel() {
  const [open, setOpen] = useState(readOpen);
  const toggle = (e: SyntheticEvent<HTMLDetailsElement>) => {
    const now = e.currentTarget.open;
    setOpen(now);
    try {
      localStorage.setItem(OPEN_KEY, now ? '1' : '0');
    } catch {
      // Private browsing: remembered for this page only.
    }
  };
  return (
    <details className="panel forecast" open={open} onToggle={toggle} aria-labelledby="forecast-h">
      <summary>
        <h2 id="forecast-h">Forecast</h2>
        <span className="muted small">who is likely to win, played out by the rules</span>
      </summary>
      {open && <ForecastNow />}
    </details>
  );
}
