import { formatDuration } from '../../../core/index.ts';
import type { StoryRound } from '../../../core/index.ts';

/** Time per round as a small bar chart (plain SVG): one bar a round, its time above it. */
export function StoryChart({ rounds, roundName }: { rounds: readonly StoryRound[]; roundName: string }) {
  const timed = rounds.filter((r) => r.ms !== null);
  if (timed.length === 0) return null;
  const max = Math.max(...timed.map((r) => r.ms!), 1);
  const bar = 36;
  const gap = 14;
  const height = 120;
  const top = 18;
  const bottom = 20;
  const width = rounds.length * (bar + gap) + gap;
  return (
    <svg className="story-chart" viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={`Time per ${roundName}`}>
      {rounds.map((r, i) => {
        const x = gap + i * (bar + gap);
        const h = r.ms === null ? 0 : Math.max(2, ((height - top - bottom) * r.ms) / max);
        const y = height - bottom - h;
        return (
          <g key={r.round}>
            <title>{`${roundName} ${r.round}: ${r.ms === null ? 'not timed' : formatDuration(r.ms)}`}</title>
            <rect className="story-bar" x={x} y={y} width={bar} height={h} rx={3} />
            <text className="story-bar-value" x={x + bar / 2} y={y - 4} textAnchor="middle">
              {r.ms === null ? '—' : formatDuration(r.ms)}
            </text>
            <text className="story-bar-label" x={x + bar / 2} y={height - 5} textAnchor="middle">
              {r.round}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
