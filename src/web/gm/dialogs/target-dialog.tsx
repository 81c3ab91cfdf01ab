import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Dialog } from '../../shared/dialog.tsx';
import type { TargetChoice } from '../turn/action-groups.ts';
import { useGm } from '../context.ts';
import { openAction, runAction } from '../turn/run-action.ts';
import './target-dialog.css';

/**
 * "Attack with <weapon>": the targets, each with the rules' odds, numbered. ↑ / ↓ (and Home / End) and
 * the number keys move to a target, Enter or a click chooses it; then its action goes on exactly as its
 * own button did (runAction: its form; `form`: always the form, as the button's "…"). Escape closes;
 * Tab stays inside (shared/dialog.tsx). A target the rules refuse is listed with their reason and
 * cannot be chosen.
 */
export function TargetDialog({ title, who, choices, form, onClose }: { title: string; who: string; choices: readonly TargetChoice[]; form: boolean; onClose: () => void }) {
  const gm = useGm();
  const list = useRef<HTMLOListElement>(null);
  const help = useId();
  const [why, setWhy] = useState<string | null>(null);
  const buttons = () => [...(list.current?.querySelectorAll<HTMLButtonElement>('button.target-pick') ?? [])];
  const choose = (c: TargetChoice) => {
    if (!c.option.legal) return setWhy(`${c.name}: ${c.option.reason ?? 'not possible now'}`);
    // The form replaces this dialog; an action sent at once closes it first.
    if (form) openAction(gm, c.option, who);
    else runAction(gm, c.option, who, onClose);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLOListElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const all = buttons();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    let to: number | null = null;
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') to = (at + 1) % all.length;
    else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') to = (at - 1 + all.length) % all.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = all.length - 1;
    else if (/^[1-9]$/.test(e.key) && Number(e.key) <= all.length) to = Number(e.key) - 1;
    if (to === null) return;
    e.preventDefault();
    all[to]?.focus();
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <p id={help} className="muted target-help">
        Choose the target: ↑ ↓ or its number, then Enter.
      </p>
      <ol ref={list} className="target-list" aria-label="Targets" aria-describedby={help} onKeyDown={onKeyDown} data-testid="target-choices">
        {choices.map((c, i) => (
          <li key={c.target}>
            <button
              type="button"
              className="target-pick"
              aria-disabled={c.option.legal ? undefined : true}
              aria-keyshortcuts={i < 9 ? String(i + 1) : undefined}
              onClick={() => choose(c)}
            >
              {i < 9 && <kbd aria-hidden="true">{i + 1}</kbd>}
              <span className="target-name">{c.name}</span>
              {/* Spaces between the parts, for the name a screen reader reads ("Scav difficulty 2 (…): 92%"). */}
              {c.odds && <> <span className="target-odds">{c.odds}</span></>}
              {!c.option.legal && <> <span className="target-odds muted">Not possible: {c.option.reason}</span></>}
            </button>
          </li>
        ))}
      </ol>
      {why && (
        <p className="error" role="alert">
          {why}
        </p>
      )}
    </Dialog>
  );
}
