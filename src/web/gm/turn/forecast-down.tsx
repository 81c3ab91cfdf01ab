import type { CombatantForecast, Proportion, Stance } from '../../../forecast/index.ts';
import { STANCE_CHOICES, marksWords } from '../data/forecast-stances.ts';
import type { Marks } from '../data/forecast-stances.ts';
import { percent, span } from '../data/forecast-words.ts';

/** The stances the GM marks for the forecast (forecast-panel.tsx keeps them), and the fight's roster to name them. */
export interface StanceControls {
  readonly marks: Marks;
  readonly roster: readonly { readonly id: string; readonly name: string }[];
  set(id: string, stance: Stance): void;
  clear(): void;
}

/** A share as a bar, with its 95% interval as a whisker across it (the numbers beside it say the same in words). */
export function ShareBar({ x, kind, index = 0 }: { x: Proportion; kind: 'side' | 'other' | 'down'; index?: number }) {
  const at = (p: number) => `${(Math.min(1, Math.max(0, p)) * 100).toFixed(1)}%`;
  return (
    <span className={`fc-bar fc-bar-${kind}${kind === 'side' ? ` fc-side-${index % 4}` : ''}`} aria-hidden="true">
      <span className="fc-fill" style={{ width: at(x.p) }} />
      <span className="fc-whisker" style={{ left: at(x.low), width: at(x.high - x.low) }} />
    </span>
  );
}

/** Fights, Holds back or Flees for one combatant: a native select, so the keyboard and phones handle it. */
function StancePicker({ id, name, stances }: { id: string; name: string; stances: StanceControls }) {
  const value = stances.marks[id] ?? 'fight';
  return (
    <select className={value === 'fight' ? 'fc-stance' : 'fc-stance fc-stance-marked'} aria-label={`Stance of ${name}`} value={value} onChange={(e) => stances.set(id, e.currentTarget.value as Stance)}>
      {STANCE_CHOICES.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

/** A row of the list: a combatant with its chance to go down, or (no forecast to show) its name alone. */
export type DownRow = Pick<CombatantForecast, 'id' | 'name'> & Partial<Pick<CombatantForecast, 'down' | 'damage'>>;

/**
 * Each combatant's chance to go down, side by side; a PC's HP lost in a typical fight; and, when the GM
 * may mark them, how each plays. With no forecast to show (refused, say, because the marks leave one side
 * alone), the names and their stances stay, so the marks can be changed.
 */
export function DownList({ rows, stances, stale }: { rows: readonly DownRow[]; stances?: StanceControls; stale: boolean }) {
  return (
    <div className={stale ? 'fc-down fc-down-stale' : 'fc-down'}>
      <h3>{rows.some((c) => c.down) ? 'Goes down' : 'How they play'}</h3>
      <ul>
        {rows.map((c) => {
          const marked = stances?.marks[c.id] !== undefined;
          return (
            <li
              key={c.id}
              className={`fc-row fc-drow${stances ? ' fc-drow-stance' : ''}${marked ? ' fc-marked' : ''}`}
              data-p={c.down?.p}
              aria-label={c.down ? `${c.name} goes down ${percent(c.down.p)} (95% interval ${span(c.down)})` : undefined}
            >
              <span className="fc-label">
                {c.name}
                {c.damage && c.damage.p50 > 0 && (
                  <span className="fc-hp" title={`HP lost: ${c.damage.p50} in a typical fight, up to ${c.damage.p90} in 9 fights of 10`}>
                    {' '}
                    · loses {c.damage.p50} HP
                  </span>
                )}
              </span>
              {c.down ? <ShareBar x={c.down} kind="down" /> : <span className="fc-bar-none" />}
              <span className="fc-pct">{c.down ? percent(c.down.p) : ''}</span>
              <span className="fc-ci">{c.down ? span(c.down) : ''}</span>
              {stances && <StancePicker id={c.id} name={c.name} stances={stances} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The marks in force, in words, and a way to clear them all (nothing when everyone fights). */
export function MarksLine({ stances }: { stances: StanceControls }) {
  const words = marksWords(stances.marks, stances.roster);
  if (!words) return null;
  return (
    <p className="fc-marks">
      <span>
        <strong>Marked:</strong> {words}
      </span>
      <button type="button" className="small" onClick={stances.clear}>
        Clear marks
      </button>
    </p>
  );
}
