import { useId } from 'react';
import type { Forecast, Proportion } from '../../../forecast/index.ts';
import { FORECAST_PREVIEW_RUNS, FORECAST_RUNS } from '../data/forecast-job.ts';
import { fights, percent, span } from '../data/forecast-words.ts';
import type { ForecastView } from '../data/use-forecast.ts';
import { DownList, MarksLine, ShareBar } from './forecast-down.tsx';
import type { StanceControls } from './forecast-down.tsx';
import { RoundsChart } from './forecast-rounds.tsx';
import './forecast.css';

function ShareRow({ label, x, kind, index }: { label: string; x: Proportion; kind: 'side' | 'other'; index?: number }) {
  return (
    <li className="fc-row" data-p={x.p} aria-label={`${label} ${percent(x.p)} (95% interval ${span(x)})`}>
      <span className="fc-label">{label}</span>
      <ShareBar x={x} kind={kind} index={index} />
      <span className="fc-pct">{percent(x.p)}</span>
      <span className="fc-ci">{span(x)}</span>
    </li>
  );
}

/** Who wins, and how long it takes. */
function SidesAndRounds({ f }: { f: Forecast }) {
  return (
    <>
      <ul className="fc-sides" aria-label="Chance to win">
        {f.sides.map((s, i) => (
          <ShareRow key={s.id} label={`${s.name} wins`} x={s} kind="side" index={i} />
        ))}
        {f.undecided.p > 0 && <ShareRow label="Undecided" x={f.undecided} kind="other" />}
        {f.draw.p > 0 && <ShareRow label="Draw" x={f.draw} kind="other" />}
      </ul>
      <RoundsChart f={f} />
    </>
  );
}

/** The policy in words, and what the forecast met. */
function PolicyAndNotes({ f }: { f: Forecast }) {
  return (
    <>
      <p className="fc-policy">
        <strong>How they fight:</strong> {f.policy}
      </p>
      {f.notes.length > 0 && (
        <ul className="fc-notes">
          {f.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Fallout's "Spend AP on extra damage" for the forecast (forecast-panel.tsx keeps it). */
export interface SpendApControl {
  readonly on: boolean;
  set(on: boolean): void;
}

/** The policy's one choice (Fallout): a checkbox with what it does in a few words. Not a mark: Clear marks leaves it. */
function SpendApLine({ spendAp }: { spendAp: SpendApControl }) {
  const hint = useId();
  return (
    <p className="fc-choice">
      <label>
        <input type="checkbox" checked={spendAp.on} aria-describedby={hint} onChange={(e) => spendAp.set(e.currentTarget.checked)} />
        Spend AP on extra damage
      </label>
      <span id={hint} className="fc-hint">
        melee, unarmed and thrown hits, up to 3 AP from the pool; not a mark, so Clear marks leaves it
      </span>
    </p>
  );
}

/**
 * The forecast as it stands: progress, the figures (the last ones dimmed while new ones come), or why
 * there are none. With `stances`, each combatant has a Fights / Holds back / Flees choice; the list keeps
 * its place (and the keyboard's focus) while the forecast is played again, and stays when the marks make
 * the forecast refuse, so they can be changed. With `spendAp` (Fallout), a checkbox under the marks.
 */
export function ForecastBody({ view, stances, spendAp }: { view: ForecastView; stances?: StanceControls; spendAp?: SpendApControl }) {
  const running = view.state === 'running' || view.state === 'idle';
  const shown: Forecast | null = view.state === 'done' ? (view.answer.ok ? view.answer : null) : view.state === 'running' ? (view.preview ?? (view.last?.ok ? view.last : null)) : null;
  const status =
    view.state === 'done'
      ? view.answer.ok
        ? `${fights(view.answer.runs)} played by the rules.`
        : view.answer.message
      : view.state === 'failed'
        ? `The forecast failed: ${view.message}`
        : view.state === 'running' && view.preview
          ? `First look from ${fights(FORECAST_PREVIEW_RUNS)}; playing ${fights(FORECAST_RUNS)}…`
          : `Playing ${fights(FORECAST_RUNS)}…`;
  const refused = (view.state === 'done' && !view.answer.ok) || view.state === 'failed';
  const figures = shown && !refused ? shown : null;
  const wasRefused = view.state === 'running' && view.last !== null && !view.last.ok;
  const marked = stances !== undefined && Object.keys(stances.marks).length > 0;
  const rows = figures ? figures.combatants : stances && (marked || wasRefused) ? stances.roster : null;
  const dim = running ? 'fc-figures fc-stale' : 'fc-figures';
  return (
    <div className="fc" data-state={view.state === 'done' ? (view.answer.ok ? 'done' : 'refused') : view.state} aria-busy={running}>
      <p className={refused ? 'fc-status fc-refused' : 'fc-status'} role="status">
        {status}
        {running && <progress className="fc-progress" aria-label="Forecast under way" />}
      </p>
      {figures && (
        <div className={dim}>
          <SidesAndRounds f={figures} />
        </div>
      )}
      {rows && <DownList rows={rows} stances={stances} stale={running && figures !== null} />}
      {stances && <MarksLine stances={stances} />}
      {spendAp && <SpendApLine spendAp={spendAp} />}
      {figures && (
        <div className={dim}>
          <PolicyAndNotes f={figures} />
        </div>
      )}
    </div>
  );
}
