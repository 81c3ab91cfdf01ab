import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

interface Props {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly wide?: boolean;
}

/**
 * A modal on the native <dialog>: focus moves into it and stays there (Tab goes round), Escape closes
 * it, Enter in a choice or a tick box sends its form, and focus returns to where it was when it closes.
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
      onKeyDown={(e) => {
        const d = ref.current;
        const t = e.target as HTMLElement & { type?: string; form?: HTMLFormElement | null };
        if (!d || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
        if (e.key === 'Enter' && !e.shiftKey && t.form && (t.tagName === 'SELECT' || t.type === 'checkbox' || t.type === 'radio')) {
          // Enter sends the form from a choice or a tick box too (an attack rolls), as from a text field.
          e.preventDefault();
          t.form.requestSubmit();
        } else if (e.key === 'Tab') {
          // Tab and Shift+Tab go round inside the dialog, never out to the page or the browser.
          const all = [...d.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')].filter(
            (el) => !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0 && el.tabIndex >= 0,
          );
          const edge = e.shiftKey ? all[0] : all[all.length - 1];
          if (edge && (t === edge || !d.contains(t))) {
            e.preventDefault();
            (e.shiftKey ? all[all.length - 1] : all[0])?.focus();
          }
        }
      }}
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
