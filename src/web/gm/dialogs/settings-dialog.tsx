import { useState } from 'react';
import { Dialog } from '../../shared/dialog.tsx';
import { useGm } from '../context.ts';
import { DiscordFields } from './discord-fields.tsx';

const KINDS: Record<string, string> = {
  initiative: 'Initiative rolls',
  'end-turn': 'Ending their turn',
  'take-turn': 'Taking their side\'s turn (side initiative)',
  pass: 'Passing the initiative',
  hold: 'Holding',
  luck: 'Spending Luck to act',
  reaction: 'Reactions',
};

type Timer = { mode: 'off' | 'up' | 'down'; seconds: number };

/** The turn timer: off, up, or down from N seconds (5 to 3600; the server says what is wrong with others). */
function TimerFields({ timer, patch }: { timer: Timer | undefined; patch: (p: { timer: Partial<Timer> }) => Promise<void> }) {
  const t = timer ?? { mode: 'off', seconds: 60 };
  const [seconds, setSeconds] = useState(String(t.seconds));
  const apply = () => {
    if (seconds.trim() === String(t.seconds)) return;
    const n = seconds.trim() === '' ? Number.NaN : Number(seconds);
    void patch({ timer: { seconds: n } });
  };
  return (
    <fieldset className="sf-block">
      <legend>Turn timer (GM screen, phones and TV)</legend>
      {(
        [
          ['off', 'Off'],
          ['up', 'Count up'],
          ['down', 'Count down'],
        ] as const
      ).map(([v, label]) => (
        <label key={v}>
          <input type="radio" name="timerMode" checked={t.mode === v} onChange={() => void patch({ timer: { mode: v } })} /> {label}
        </label>
      ))}
      <label>
        Seconds per turn{' '}
        <input
          type="number"
          name="timerSeconds"
          inputMode="numeric"
          step={1}
          value={seconds}
          onChange={(e) => setSeconds(e.target.value)}
          onBlur={apply}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply();
          }}
          style={{ width: '6rem' }}
        />
      </label>
      <small>It resets each turn and pauses with the clock (Pause, or the . key). At zero it turns red; nothing happens by itself.</small>
    </fieldset>
  );
}

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
          <TimerFields timer={s.timer} patch={patch} />
          <DiscordFields discord={s.discord} patch={patch} />
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
