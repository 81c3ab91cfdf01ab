import type { Odds } from './odds.ts';
import { percent } from './odds.ts';

const W = 320;
const H = 96;

/** The exact distribution as inline SVG bars: successes in the accent colour, failures muted. */
export function OddsChart({ odds }: { odds: Odds }) {
  const bars = odds.bars;
  const max = Math.max(...bars.map((b) => b.p), 0.0001);
  const n = bars.length;
  const gap = n > 40 ? 0 : 1;
  const bw = n > 0 ? W / n : W;
  const every = Math.max(1, Math.ceil(n / 12));
  const summary =
    odds.p !== undefined ? `Chance of success ${percent(odds.p)}. ${odds.text}.` : `${odds.text}.`;
  return (
    <figure className="odds" aria-label={summary}>
      <figcaption>
        {odds.p !== undefined && <strong className="odds-p">{percent(odds.p)}</strong>} <span>{odds.text}</span>
      </figcaption>
      {n > 0 && (
        <svg viewBox={`0 0 ${W} ${H + 14}`} role="img" aria-label={`Distribution of the ${odds.axis}`} preserveAspectRatio="none">
          {bars.map((b, i) => {
            const h = Math.max(1, (b.p / max) * H);
            return (
              <g key={b.value}>
                <rect
                  x={i * bw + gap / 2}
                  y={H - h}
                  width={Math.max(bw - gap, 0.5)}
                  height={h}
                  className={b.success === undefined ? 'bar' : b.success ? 'bar bar-hit' : 'bar bar-miss'}
                >
                  <title>{`${odds.axis} ${b.value}: ${(b.p * 100).toFixed(2)}%`}</title>
                </rect>
                {i % every === 0 && (
                  <text x={i * bw + bw / 2} y={H + 12} textAnchor="middle" className="bar-label">
                    {b.value}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
      {odds.notes.length > 0 && (
        <ul className="odds-notes">
          {odds.notes.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
    </figure>
  );
}
