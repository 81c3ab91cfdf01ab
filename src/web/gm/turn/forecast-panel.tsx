import { useMemo, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { browserStorage } from '../../shared/local-storage.ts';
import { useGm } from '../context.ts';
import { forecastSeed } from '../data/forecast-job.ts';
import type { ForecastJob } from '../data/forecast-job.ts';
import { loadChoices, loadMarks, marksIn, marksText, offersSpendAp, policyOptions, policyText, saveChoices, saveMarks, withStance } from '../data/forecast-stances.ts';
import type { Marks, PolicyChoices } from '../data/forecast-stances.ts';
import { useForecast } from '../data/use-forecast.ts';
import type { StanceControls } from './forecast-down.tsx';
import { ForecastBody } from './forecast-view.tsx';
import type { SpendApControl } from './forecast-view.tsx';

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
 * (same encounter and version, same marks, same numbers: the seed is theirs). Loaded after the screen
 * shows (gm-app.tsx); the worker and the rules it plays with load only once the section is opened. The
 * GM's marks (who flees, who holds back) are kept per encounter in this browser (forecast-stances.ts);
 * those of combatants no longer in the fight are left out of the job, and dropped at the next change.
 * In a Fallout fight the GM may also tick "Spend AP on extra damage" (the policy option `spendAp`), kept
 * beside the marks; it is not a mark, so Clear marks leaves it.
 */
function ForecastNow() {
  const { encounter, id } = useGm();
  const [kept, setKept] = useState<Marks>(() => loadMarks(id, browserStorage()));
  const [choices, setChoices] = useState<PolicyChoices>(() => loadChoices(id, browserStorage()));
  const { roster: ids, combatants, rules } = encounter.state;
  const roster = useMemo(() => ids.map((c) => ({ id: c, name: combatants[c]?.name ?? c })), [ids, combatants]);
  const marks = useMemo(() => marksIn(kept, ids), [kept, ids]);
  const marked = marksText(marks);
  const policy = useMemo(() => policyOptions(choices, rules.id), [choices, rules.id]);
  const policied = policyText(policy);
  const seed = forecastSeed(id, encounter.version);
  const job = useMemo<ForecastJob>(
    () => ({ kind: 'encounter', encounter: { ...encounter, undo: null, redo: null }, seed, ...(marked ? { stances: marks } : {}), ...(policy ? { policy } : {}) }),
    [encounter, seed, marked, marks, policy],
  );
  const keep = (next: Marks) => {
    setKept(next);
    saveMarks(id, next, browserStorage());
  };
  const stances: StanceControls = { marks, roster, set: (c, stance) => keep(withStance(marks, c, stance)), clear: () => keep({}) };
  const spendAp: SpendApControl | undefined = offersSpendAp(rules.id)
    ? {
        on: choices.spendAp,
        set: (on) => {
          const next = { ...choices, spendAp: on };
          setChoices(next);
          saveChoices(id, next, browserStorage());
        },
      }
    : undefined;
  return <ForecastBody view={useForecast(job, `${seed} ${marked} | ${policied}`)} stances={stances} spendAp={spendAp} />;
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
