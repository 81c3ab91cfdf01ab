import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

interface Props {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly wide?: boolean;
}

/**
 * A modal on the native <dialog>: focus moves into it and stays there, Escape closes it, and focus
 * returns to where it was when it closes.
 */
export function Dialog({ title, onClose, children, wide }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const before = document.activeElement as HTMLElement | null;
    if (!d.open) d.showModal();
    const first = d.querySelector<HTMLElement>('[autofocus], input:not([type=hidden]), select, textarea, button:not(.dialog-x)');
    first?.focus();
    return () => {
      if (d.open) d.close();
      before?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-label={title}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <header className="dialog-head">
        <h2>{title}</h2>
        <button type="button" className="dialog-x icon" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="dialog-body">{children}</div>
    </dialog>
  );
}

/** The end of a form dialog: the engine's refusal in plain words, then Cancel and the submit button. */
export function FormFooter({ error, onClose, submit, disabled }: { error: string | null; onClose: () => void; submit: ReactNode; disabled?: boolean }) {
  return (
    <>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={disabled}>
          {submit}
        </button>
      </div>
    </>
  );
}
