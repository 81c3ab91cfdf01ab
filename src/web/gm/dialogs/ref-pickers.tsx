import { useId } from 'react';
import { useGm } from '../context.ts';

/** One combatant, by name (the value is the id); `exclude` leaves one out (an attack's actor among its targets). */
export function RefPicker({ label, value, onChange, required, exclude }: { label: string; value: string; onChange: (id: string) => void; required: boolean; exclude?: string | null }) {
  const { view } = useGm();
  const id = useId();
  const bySide = view.sides.map((s) => ({ side: s, members: view.combatants.filter((c) => c.side === s.id && c.id !== exclude) }));
  // The one left out (an attacker, not its own target) is never shown as chosen.
  const shown = exclude && value === exclude ? '' : value;
  return (
    <div className="sf-row">
      <label htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      <select id={id} value={shown} onChange={(e) => onChange(e.target.value)}>
        {!required || shown === '' ? <option value="">—</option> : null}
        {bySide
          .filter((g) => g.members.length > 0)
          .map((g) => (
            <optgroup key={g.side.id} label={g.side.name}>
              {g.members.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                  {c.defeated ? ' (defeated)' : ''}
                  {c.hidden ? ' (hidden)' : ''}
                </option>
              ))}
            </optgroup>
          ))}
      </select>
    </div>
  );
}

/** Several combatants, ticked. */
export function RefsPicker({ label, value, onChange }: { label: string; value: readonly string[]; onChange: (ids: string[]) => void }) {
  const { view } = useGm();
  const on = new Set(value);
  return (
    <fieldset className="sf-row sf-block refs">
      <legend>{label}</legend>
      <div className="sf-multi">
        {view.combatants.map((c) => (
          <label key={c.id}>
            <input type="checkbox" checked={on.has(c.id)} onChange={(e) => onChange(view.combatants.filter((x) => (x.id === c.id ? e.target.checked : on.has(x.id))).map((x) => x.id))} />{' '}
            {c.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A choice among known values, still open to typing another. */
export function ComboPicker({ label, options, value, onChange }: { label: string; options: readonly string[]; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="sf-row">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">(first listed)</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}
