import { useEffect, useState } from 'react';
import type { DiscordStatus } from '../../../server/announce/index.ts';
import type { EncounterSettings, SettingsPatch } from '../../../server/players/index.ts';
import { useGm } from '../context.ts';

type Discord = EncounterSettings['discord'];

const EVENTS: readonly [keyof Discord['events'], string][] = [
  ['round', 'Round starts ("Round 3")'],
  ['up', 'Whose turn it is ("Vasquez is up")'],
  ['summary', 'A short summary at the end'],
];

const time = (iso: string) => new Date(iso).toLocaleTimeString();

/** How often the status is asked again while the dialog is open (a failure shows without a click). */
const POLL_MS = 5000;

/**
 * The Discord webhook: paste it, choose what is posted, send a test message, and see how the last
 * posts went (the last failure, with Discord's status). The server refuses any address but Discord's
 * https webhooks, in words (shown by the dialog like any refused setting).
 */
export function DiscordFields({ discord, patch }: { discord: Discord | undefined; patch: (p: SettingsPatch) => Promise<void> }) {
  const gm = useGm();
  const saved = discord?.webhook ?? null;
  const [draft, setDraft] = useState(saved ?? '');
  const [status, setStatus] = useState<(DiscordStatus & { webhook: boolean }) | null>(null);
  const [test, setTest] = useState<{ busy: boolean; words: string | null }>({ busy: false, words: null });

  useEffect(() => setDraft(saved ?? ''), [saved]);
  useEffect(() => {
    let live = true;
    const ask = async () => {
      const r = await gm.api.discord();
      if (live && r.ok) setStatus(r.data.discord);
    };
    void ask();
    const timer = setInterval(() => void ask(), POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [gm.api, saved]);

  const save = () => void patch({ discord: { webhook: draft.trim() === '' ? null : draft.trim() } });
  const sendTest = async () => {
    setTest({ busy: true, words: null });
    const r = await gm.api.discordTest();
    if (r.ok) {
      setStatus(r.data.discord);
      setTest({ busy: false, words: r.data.ok ? 'The test message was posted: look in the channel.' : `The test message failed: ${r.data.message}` });
    } else setTest({ busy: false, words: r.message });
  };

  return (
    <fieldset className="sf-block discord-fields">
      <legend>Post the fight to Discord</legend>
      <label>
        Webhook address{' '}
        <input
          type="text"
          name="discordWebhook"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://discord.com/api/webhooks/…"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save();
          }}
          style={{ width: '100%' }}
        />
      </label>
      <div className="dialog-actions">
        <button type="button" onClick={save} disabled={draft.trim() === (saved ?? '')}>
          Save the webhook
        </button>
        {saved && (
          <button type="button" onClick={() => void patch({ discord: { webhook: null } })}>
            Stop posting
          </button>
        )}
        <button type="button" onClick={() => void sendTest()} disabled={!saved || test.busy}>
          {test.busy ? 'Sending…' : 'Send a test message'}
        </button>
      </div>
      {EVENTS.map(([k, label]) => (
        <label key={k}>
          <input type="checkbox" checked={discord?.events[k] !== false} onChange={(e) => void patch({ discord: { events: { [k]: e.target.checked } } })} /> {label}
        </label>
      ))}
      <small>
        In Discord: Server settings, Integrations, Webhooks, New Webhook, Copy Webhook URL. Posts read as the players see the fight: hidden combatants are never named. A campaign&apos;s next fight keeps
        this webhook.
      </small>
      {test.words && <p role="status">{test.words}</p>}
      {status?.lastFailure && (
        <p className="error" role="alert">
          Last failure at {time(status.lastFailure.at)}: {status.lastFailure.message}
          {status.lastFailure.status > 0 ? ` (HTTP ${status.lastFailure.status})` : ''}
        </p>
      )}
      {status?.lastOk && (
        <p className="muted">
          Last post went through at {time(status.lastOk)}
          {status.waiting > 0 ? `; ${status.waiting} line${status.waiting === 1 ? '' : 's'} waiting` : ''}.
        </p>
      )}
    </fieldset>
  );
}
