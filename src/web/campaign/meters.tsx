import type { Meter } from './campaign-model.ts';

/** A track as a meter: a bar (HP) or a compact one (Luck, ammunition), named with whose it is and its value ("Vasquez HP 5 of 12"). */
export function MeterView({ m, who }: { m: Meter; who: string }) {
  return (
    <span
      className={`meter meter-${m.band}${m.key === 'hp' ? ' meter-hp' : ''}`}
      role="meter"
      aria-label={`${who} ${m.label} ${m.value}${m.max !== null ? ` of ${m.max}` : ''}`}
      aria-valuemin={0}
      aria-valuemax={m.max ?? Math.max(m.value, 1)}
      aria-valuenow={m.value}
    >
      <span className="meter-label">{m.label}</span>
      {m.max !== null && (
        <span className="meter-bar" aria-hidden="true">
          <span style={{ width: `${m.ratio * 100}%` }} />
        </span>
      )}
      <span className="meter-text">
        {m.value}
        {m.max !== null ? `/${m.max}` : ''}
      </span>
    </span>
  );
}
