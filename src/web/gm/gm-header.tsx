import type { ReactNode } from 'react';
import { gameTitle } from '../games/index.ts';
import { useGm } from './context.ts';

const STATUS: Record<string, string> = { connecting: 'connecting…', live: 'live', reconnecting: 'reconnecting…', failed: 'offline' };

/** Title, game (and `children`: a campaign fight's link to its campaign) and connection; undo and redo; share, settings and help. */
export function GmHeader({ children }: { children?: ReactNode }) {
  const gm = useGm();
  const { view, snap } = gm;
  return (
    <header className="gm-header">
      <div className="brand">
        <a href="/" className="logo" aria-label="Turnkeeper: all encounters">
          ◉
        </a>
        <div>
          <h1>{view.title || 'Untitled encounter'}</h1>
          <span className="muted">{gameTitle(view.rules)}</span>
          {children}
        </div>
        <span className={`badge link-${snap.status}`} role="status" title={snap.error ?? undefined}>
          {STATUS[snap.status] ?? snap.status}
        </span>
      </div>
      <nav className="toolbar" aria-label="Encounter">
        <button type="button" disabled={!view.canUndo} onClick={() => void gm.send({ type: 'undo' }, 'Undo')} title="Undo (U or Ctrl+Z)">
          ↶ Undo
        </button>
        <button type="button" disabled={!view.canRedo} onClick={() => void gm.send({ type: 'redo' }, 'Redo')} title="Redo (R or Ctrl+Shift+Z)">
          ↷ Redo
        </button>
        {view.status === 'running' && (
          <button type="button" onClick={() => gm.open({ kind: 'end-fight' })}>
            End fight
          </button>
        )}
        <button type="button" onClick={() => gm.open({ kind: 'share' })} title="Player link and QR code (S)">
          Share
        </button>
        <button type="button" onClick={() => gm.open({ kind: 'seats' })} title="Who sits where: the players' phones, seat links">
          Seats
        </button>
        <button type="button" onClick={() => gm.open({ kind: 'settings' })} title="What the players see of NPC hit points, and which requests apply without asking">
          Player settings
        </button>
        <button type="button" onClick={() => gm.open({ kind: 'help' })} aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)">
          ?
        </button>
      </nav>
    </header>
  );
}
