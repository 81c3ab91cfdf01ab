import type { Forecast, Proportion } from '../../../forecast/index.ts';
import { FORECAST_PREVIEW_RUNS, FORECAST_RUNS } from '../data/forecast-job.ts';
import { fights, percent, roundsScale, roundsText, span } from '../data/forecast-words.ts';
import type { ForecastView } from '../data/use-forecast.ts';
import './forecast.css';

/** A share as a bar, with its 95% interval as a whisker across it (the numbers beside it say the same in words). */
function ShareBar({ x, kind, index = 0 }: { x: Proportion; kind: 'side' | 'other' | 'down'; index?: number }) {
  const at = (p: number) => `${(Math.min(1, Math.max(0, p)) * 100).toFixed(1)}%`;
  return (
    <span className={`fc-bar fc-bar-${kind}${kind === 'side' ? ` fc-side-${index % 4}` : ''}`} aria-hidden="true">
      <span className="fc-fill" style={{ width: at(x.p) }} />
      <span className="fc-whisker" style={{ left: at(x.low), width: at(x.high - x.low) }} />
    </span>
  );
}

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

/** How long the decided fights lasted: the mean round as a dot on a scale of rounds, its 95% interval as a band. */
function RoundsChart({ f }: { f: Forecast }) {
  const { mean, low, high, n } = f.rounds;
  if (n === 0) return <p className="fc-rounds muted">No fight was decided within {f.roundCap} rounds.</p>;
  const top = roundsScale(high);
  const x = (r: number) => 8 + (Math.min(r, top) / top) * 224;
  const ticks = Array.from({ length: top + 1 }, (_, i) => i);
  const every = top > 12 ? 5 : top > 6 ? 2 : 1;
  return (
    <figure className="fc-rounds">
      <figcaption>
        Over in <strong>{roundsText(mean)} rounds</strong> on average <span className="muted">(95%: {roundsText(low)}–{roundsText(high)})</span>
      </figcaption>
      <svg viewBox="0 0 240 30" role="img" aria-label={`Rounds: mean ${roundsText(mean)}, 95% interval ${roundsText(low)} to ${roundsText(high)}`}>
        <line x1={x(0)} x2={x(top)} y1="12" y2="12" className="fc-axis" />
        {ticks.map((t) => (
          <g key={t}>
            <line x1={x(t)} x2={x(t)} y1="9" y2="15" className="fc-axis" />
            {t % every === 0 && (
              <text x={x(t)} y="27" textAnchor="middle" className="fc-tick">
                {t}
              </text>
            )}
          </g>
        ))}
        <rect x={x(low)} y="7" width={Math.max(1.5, x(high) - x(low))} height="10" rx="2" className="fc-band" />
        <circle cx={x(mean)} cy="12" r="3.6" className="fc-mean" />
      </svg>
    </figure>
  );
}

/** Each combatant's chance to go down, side by side; a PC's HP lost in a typical fight. */
function DownList({ f }: { f: Forecast }) {
  return (
    <div className="fc-down">
      <h3>Goes down</h3>
      <ul>
        {f.combatants.map((c) => (
          <li key={c.id} className="fc-row" data-p={c.down.p} aria-label={`${c.name} goes down ${percent(c.down.p)} (95% interval ${span(c.down)})`}>
            <span className="fc-label">
              {c.name}
              {c.damage && c.damage.p50 > 0 && (
                <span className="fc-hp" title={`HP lost: ${c.damage.p50} in a typical fight, up to ${c.damage.p90} in 9 fights of 10`}>
                  {' '}
                  · loses {c.damage.p50} HP
                </span>
              )}
            </span>
            <ShareBar x={c.down} kind="down" />
            <span className="fc-pct">{percent(c.down.p)}</span>
            <span className="fc-ci">{span(c.down)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ForecastFigures({ f }: { f: Forecast }) {
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
      <DownList f={f} />
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

/** The forecast as it stands: progress, the figures (the last ones dimmed while new ones come), or why there are none. */
export function ForecastBody({ view }: { view: ForecastView }) {
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
  return (
    <div className="fc" data-state={view.state === 'done' ? (view.answer.ok ? 'done' : 'refused') : view.state} aria-busy={running}>
      <p className={refused ? 'fc-status fc-refused' : 'fc-status'} role="status">
        {status}
        {running && <progress className="fc-progress" aria-label="Forecast under way" />}
      </p>
      {shown && !refused && (
        <div className={running ? 'fc-figures fc-stale' : 'fc-figures'}>
          <ForecastFigures f={shown} />
        </div>
      )}
    </div>
  );
}
