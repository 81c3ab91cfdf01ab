import { useState } from 'react';
import { nameOf, useGm } from '../context.ts';

const KIND: Record<string, string> = {
  initiative: 'rolls initiative',
  'end-turn': 'ends the turn',
  'take-turn': 'takes the side\'s turn',
  pass: 'passes the initiative',
  hold: 'holds',
  luck: 'spends Luck to act now',
  reaction: 'reacts',
};

/** Player requests as notifications: accept (the command runs now, checked by the rules) or reject. */
export function RequestsPanel() {
  const gm = useGm();
  const { view } = gm;
  const [error, setError] = useState<string | null>(null);
  // The request being rejected, with the reason typed so far (in the page: no browser prompt).
  const [rejecting, setRejecting] = useState<{ id: number; reason: string } | null>(null);
  const pending = gm.snap.requests.filter((r) => r.status === 'pending');
  if (pending.length === 0 && !error) return null;
  const describe = (command: Readonly<Record<string, unknown>>): string => {
    const parts: string[] = [];
    if (typeof command.to === 'string') parts.push(`to ${nameOf(view, command.to)}`);
    if (typeof command.label === 'string') parts.push(`“${command.label}”`);
    if (command.dice) parts.push(`rolled ${Object.values(command.dice as Record<string, unknown>).flat().join(', ')}`);
    return parts.join(' ');
  };
  return (
    <section className="panel requests" aria-labelledby="req-h" role="region">
      <h2 id="req-h">
        Player requests <span className="badge">{pending.length}</span>
      </h2>
      <ul aria-live="assertive">
        {pending.map((r, i) => (
          <li key={r.id} className="request">
            <span>
              <strong>{nameOf(view, r.combatant)}</strong> {KIND[r.kind] ?? r.kind} {describe(r.command)}
            </span>
            {rejecting?.id === r.id ? (
              <form
                className="row-buttons"
                onSubmit={async (e) => {
                  e.preventDefault();
                  const a = await gm.api.reject(r.id, rejecting.reason.trim() || undefined);
                  if (a.ok) {
                    gm.store.receiveRequest(a.data.request);
                    setRejecting(null);
                  } else setError(a.message);
                }}
              >
                <input
                  type="text"
                  autoFocus
                  aria-label="Why not? (the players see this; optional)"
                  placeholder="why not? (optional)"
                  value={rejecting.reason}
                  onChange={(e) => setRejecting({ id: r.id, reason: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Escape') setRejecting(null);
                  }}
                />
                <button type="submit" className="small">
                  Reject
                </button>
                <button type="button" className="small" onClick={() => setRejecting(null)}>
                  Keep
                </button>
              </form>
            ) : (
              <span className="row-buttons">
                <button
                  type="button"
                  className="primary small"
                  data-shortcut={i === 0 ? 'y' : undefined}
                  onClick={async () => {
                    const a = await gm.api.accept(r.id);
                    if (a.ok) {
                      gm.store.receiveRequest(a.data.request);
                      gm.store.receiveResult(a.data.result.events, a.data.result.log);
                      setError(null);
                    } else setError(a.message);
                  }}
                >
                  Accept {i === 0 && <kbd aria-hidden="true">Y</kbd>}
                </button>
                <button type="button" className="small" onClick={() => setRejecting({ id: r.id, reason: '' })}>
                  Reject…
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
