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

/** The settings with a patch laid over them, one level deep (as the server merges a PATCH). */
function withPatch<S extends object>(settings: S, patch: object): S {
  const out: Record<string, unknown> = { ...(settings as Record<string, unknown>) };
  for (const [k, v] of Object.entries(patch)) {
    const was = out[k];
    out[k] = v !== null && typeof v === 'object' && !Array.isArray(v) && was !== null && typeof was === 'object' ? { ...was, ...v } : v;
  }
  return out as S;
}

/** The turn timer: off, up, or down from N seconds (5 to 3600; the server says what is wrong with others). */
function TimerFields({ timer, patch }: { timer: Timer | undefined; patch: (p: { timer: Partial<Timer> }, shown?: 'at-once') => Promise<void> }) {
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
          <input type="radio" name="timerMode" checked={t.mode === v} onChange={() => void patch({ timer: { mode: v } }, 'at-once')} /> {label}
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
  /**
   * Sends a change. A choice (a radio, a box) shows `at-once`, before the server answers, as a control
   * does: on a slow link or a busy screen the click would otherwise seem lost until the answer came.
   * A refusal puts back what was there (unless a later change came meanwhile) and says why.
   */
  const patch = async (p: Parameters<typeof gm.api.settings>[0], shown?: 'at-once') => {
    const before = gm.store.getSnapshot().settings;
    const optimistic = shown === 'at-once' && before ? withPatch(before, p) : undefined;
    if (optimistic) gm.store.setSettings(optimistic);
    const r = await gm.api.settings(p);
    if (r.ok) {
      gm.store.setSettings(r.data.settings);
      setError(null);
    } else {
      if (optimistic && before && gm.store.getSnapshot().settings === optimistic) gm.store.setSettings(before);
      setError(r.message);
    }
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
                <input type="radio" name="npcHp" checked={s.npcHp === v} onChange={() => void patch({ npcHp: v }, 'at-once')} /> {label}
              </label>
            ))}
            <small>Player characters always show their numbers.</small>
          </fieldset>
          <fieldset className="sf-block">
            <legend>Apply these player requests without asking</legend>
            {Object.entries(KINDS).map(([k, label]) => (
              <label key={k}>
                <input type="checkbox" checked={(s.autoAccept as Record<string, boolean | undefined>)[k] === true} onChange={(e) => void patch({ autoAccept: { [k]: e.target.checked } }, 'at-once')} /> {label}
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
