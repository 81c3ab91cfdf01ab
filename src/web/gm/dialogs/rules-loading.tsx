import { useEffect } from 'react';
import { useGm } from '../context.ts';
import { Dialog } from '../../shared/dialog.tsx';

/**
 * A form opened in the moment after the screen first shows, before the game's whole rules (the forms'
 * schemas) have come: says so, and becomes the form when they are here (the store re-renders). If
 * they could not load, says why; opening a form asks for them again.
 */
export function RulesLoading({ title, onClose }: { title: string; onClose: () => void }) {
  const { store, snap } = useGm();
  // Asks for them again if they failed before (the store shows why in its error).
  useEffect(() => void store.wholeKit().catch(() => undefined), [store]);
  return (
    <Dialog title={title} onClose={onClose}>
      {snap.error && !snap.kit ? (
        <p className="error" role="alert">
          {snap.error}
        </p>
      ) : (
        <p role="status">Loading the rules…</p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
