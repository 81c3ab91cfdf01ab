import { useState } from 'react';
import { useGm } from '../../gm/context.ts';
import { StartSection } from '../../gm/order/start-section.tsx';

/** Fallout's start: the order is fixed, so only who started the fight (the opening turn) is asked. */
export function FalloutStart() {
  const gm = useGm();
  const { view } = gm;
  const [initiator, setInitiator] = useState(view.combatants[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  if (view.status !== 'setup') return null;
  return (
    <StartSection title="Start the fight" error={error}>
      <p className="muted">The order is fixed (PER + AGI, or BODY + MIND). Whoever started the fight takes an opening turn before round 1.</p>
      <div className="row-buttons">
        <label>
          Started by{' '}
          <select value={initiator} onChange={(e) => setInitiator(e.target.value)}>
            {view.combatants.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="primary"
          data-shortcut="n"
          onClick={async () => {
            const sent = await gm.send({ type: 'start', initiator }, 'Start the fight');
            setError(sent.ok ? null : sent.message);
          }}
        >
          Start the fight <kbd aria-hidden="true">N</kbd>
        </button>
      </div>
    </StartSection>
  );
}
