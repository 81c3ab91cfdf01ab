import { useState } from 'react';
import { parseFaces } from '../../gm/dialogs/command-schema.ts';
import { useGm } from '../../gm/context.ts';
import { StartSection } from '../../gm/order/start-section.tsx';

/** Popcorn's start: who has the initiative first (each side rolls a d20, a side, or someone). */
export function PopcornStart() {
  const gm = useGm();
  const { view } = gm;
  const [how, setHow] = useState<'roll' | 'side' | 'combatant'>('roll');
  const [side, setSide] = useState(view.sides[0]?.id ?? '');
  const [who, setWho] = useState(view.combatants[0]?.id ?? '');
  const [faces, setFaces] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  if (view.status !== 'setup') return null;
  const start = async () => {
    const dice: Record<string, number[]> = {};
    for (const [k, t] of Object.entries(faces)) {
      const f = t.trim() ? parseFaces(t) : null;
      if (f) dice[k] = f;
    }
    const body = how === 'roll' ? { roll: true } : how === 'side' ? { side: view.sides.find((s) => s.id === side)?.name ?? side } : { combatant: who };
    const sent = await gm.send({ type: 'start', ...body, ...(Object.keys(dice).length > 0 ? { dice } : {}) }, 'Start the scene');
    setError(sent.ok ? null : sent.message);
  };
  return (
    <StartSection title="Who has the initiative first?" error={error}>
      <fieldset className="sf-block">
        <legend className="sr-only">How</legend>
        <label>
          <input type="radio" name="how" checked={how === 'roll'} onChange={() => setHow('roll')} /> Each side rolls a d20
        </label>
        <label>
          <input type="radio" name="how" checked={how === 'side'} onChange={() => setHow('side')} /> A side (it picks who starts):{' '}
          <select aria-label="Side" value={side} onChange={(e) => setSide(e.target.value)}>
            {view.sides.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="radio" name="how" checked={how === 'combatant'} onChange={() => setHow('combatant')} /> Someone:{' '}
          <select aria-label="Combatant" value={who} onChange={(e) => setWho(e.target.value)}>
            {view.combatants.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      {how === 'roll' && (
        <div className="row-buttons">
          {view.sides.map((s) => (
            <label key={s.id}>
              {s.name}{' '}
              <input type="text" inputMode="numeric" className="sf-num" placeholder="d20" aria-label={`${s.name}'s d20 rolled at the table`} value={faces[s.name] ?? ''} onChange={(e) => setFaces({ ...faces, [s.name]: e.target.value })} />
            </label>
          ))}
        </div>
      )}
      <div className="row-buttons">
        <button type="button" className="primary" data-shortcut="n" onClick={() => void start()}>
          Start the scene <kbd aria-hidden="true">N</kbd>
        </button>
      </div>
    </StartSection>
  );
}
