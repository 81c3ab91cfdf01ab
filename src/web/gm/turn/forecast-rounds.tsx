import type { Forecast } from '../../../forecast/index.ts';
import { percent, roundsBars, roundsText, roundsWords } from '../data/forecast-words.ts';

/** The chart's drawing box (viewBox units): bars between TOP and BASE, their rounds under BASE. */
const WIDTH = 240;
const SIDE = 4;
const TOP = 13;
const BASE = 50;
const HEIGHT = 62;

/**
 * How long the decided fights lasted: a bar per number of rounds (the long tail gathered into an "N+"
 * bar), the mean as a line with its 95% interval as a band behind it; the caption says the mean in words,
 * and the chart's label says every bar.
 */
export function RoundsChart({ f }: { f: Forecast }) {
  const { mean, low, high, n, histogram } = f.rounds;
  if (n === 0) return <p className="fc-rounds muted">No fight was decided within {f.roundCap} rounds.</p>;
  const bars = roundsBars(histogram);
  const caption = (
    <figcaption>
      Over in <strong>{roundsText(mean)} rounds</strong> on average <span className="muted">(95%: {roundsText(low)}–{roundsText(high)})</span>
    </figcaption>
  );
  if (bars.length === 0) return <figure className="fc-rounds">{caption}</figure>;
  const slot = (WIDTH - 2 * SIDE) / bars.length;
  const gap = Math.min(3, slot * 0.2);
  const first = bars[0]!.from;
  // A round r sits at the middle of its bar; the "N+" bar's middle is as far right as the mean goes.
  const x = (r: number) => SIDE + (Math.min(Math.max(r, first - 0.5), first + bars.length - 1) - first + 0.5) * slot;
  const peak = Math.max(...bars.map((b) => b.share));
  const tall = (share: number) => (peak > 0 ? (share / peak) * (BASE - TOP) : 0);
  return (
    <figure className="fc-rounds">
      {caption}
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={roundsWords(bars)}>
        <rect x={x(low)} y={TOP - 3} width={Math.max(1.5, x(high) - x(low))} height={BASE - TOP + 3} className="fc-band" />
        {bars.map((b, i) => {
          const h = tall(b.share);
          return h > 0 && <rect key={b.label} x={SIDE + i * slot + gap / 2} y={BASE - h} width={slot - gap} height={h} rx="1" className="fc-rbar" />;
        })}
        <line x1={SIDE} x2={WIDTH - SIDE} y1={BASE} y2={BASE} className="fc-axis" />
        <line x1={x(mean)} x2={x(mean)} y1={TOP - 3} y2={BASE + 2} className="fc-mean" />
        {bars.map((b, i) => {
          const mid = SIDE + (i + 0.5) * slot;
          return (
            <g key={b.label}>
              {b.share >= 0.05 && (
                <text x={mid} y={BASE - tall(b.share) - 2.5} textAnchor="middle" className="fc-rpct">
                  {percent(b.share)}
                </text>
              )}
              <text x={mid} y={BASE + 10} textAnchor="middle" className="fc-tick">
                {b.label}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
