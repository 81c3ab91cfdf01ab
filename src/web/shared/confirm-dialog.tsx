import { useState } from 'react';
import type { ReactNode } from 'react';
import { Dialog } from './dialog.tsx';

interface Props {
  readonly title: string;
  readonly children: ReactNode;
  /** The button that does it ("Download and delete"). */
  readonly confirm: string;
  readonly danger?: boolean;
  /** Does it; a message means it failed and the dialog stays open to say so. */
  readonly onConfirm: () => Promise<string | null>;
  readonly onClose: () => void;
}

/** An in-app confirmation (never window.confirm): what will happen, Cancel, and the button that does it. */
export function ConfirmDialog({ title, children, confirm, danger, onConfirm, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog title={title} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          void onConfirm().then((message) => {
            setBusy(false);
            if (message) setError(message);
            else onClose();
          });
        }}
      >
        {children}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose} autoFocus>
            Cancel
          </button>
          <button type="submit" className={danger ? 'primary danger-fill' : 'primary'} disabled={busy}>
            {busy ? 'Working…' : confirm}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
