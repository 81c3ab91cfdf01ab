import { useState } from 'react';
import { Dialog } from '../../shared/dialog.tsx';
import { useGm } from '../context.ts';

const KINDS: Record<string, string> = {
  initiative: 'Initiative rolls',
  'end-turn': 'Ending their turn',
  pass: 'Passing the initiative',
  hold: 'Holding',
  luck: 'Spending Luck to act',
  reaction: 'Reactions',
};

/** What players see of NPC HP, and which player requests apply without asking. */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const gm = useGm();
  const s = gm.snap.settings;
  const [error, setError] = useState<string | null>(null);
  const patch = async (p: Parameters<typeof gm.api.settings>[0]) => {
    const r = await gm.api.settings(p);
    if (r.ok) {
      gm.store.setSettings(r.data.settings);
      setError(null);
    } else setError(r.message);
  };
  return (
    <Dialog title="Player view settings" onClose={onClose}>
      {!s ? (
        <p className="muted">Loading the settings…</p>
      ) : (
        <form className="command-form" onSubmit={(e) => e.preventDefault()}>
          <fieldset className="sf-block">
            <legend>NPC hit points on the player view</legend>
            {(
              [
                ['exact', 'Exact numbers'],
                ['bands', `Bands: ${s.bands.unhurt}, ${s.bands.hurt}, ${s.bands.bloodied}, ${s.bands.down}`],
                ['hidden', 'Nothing'],
              ] as const
            ).map(([v, label]) => (
              <label key={v}>
                <input type="radio" name="npcHp" checked={s.npcHp === v} onChange={() => void patch({ npcHp: v })} /> {label}
              </label>
            ))}
            <small>Player characters always show their numbers.</small>
          </fieldset>
          <fieldset className="sf-block">
            <legend>Apply these player requests without asking</legend>
            {Object.entries(KINDS).map(([k, label]) => (
              <label key={k}>
                <input type="checkbox" checked={(s.autoAccept as Record<string, boolean | undefined>)[k] === true} onChange={(e) => void patch({ autoAccept: { [k]: e.target.checked } })} /> {label}
              </label>
            ))}
            <small>The rules still check each one.</small>
          </fieldset>
        </form>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
