/**
 * The GM screen's keyboard shortcuts (listed for people in help-overlay.tsx and src/web/README.md):
 * N next, 1-9 actions, U / Ctrl+Z undo, R / Ctrl+Shift+Z redo, D damage, H heal, C condition, A add,
 * S share, Esc clear, ? help.
 */
import { useEffect } from 'react';

export interface ShortcutActions {
  undo(): void;
  redo(): void;
  help(): void;
  share(): void;
  condition(): void;
  clear(): void;
}

function typing(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

function click(selector: string): void {
  const el = document.querySelector<HTMLElement>(selector);
  if (el && !(el as HTMLButtonElement).disabled) el.click();
}

/** The GM screen's keyboard: ignored while typing in a field or while a dialog is open. */
export function useShortcuts(a: ShortcutActions): void {
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if (e.defaultPrevented || typing(e.target) || document.querySelector('dialog[open]')) return;
      const k = e.key;
      const mod = e.ctrlKey || e.metaKey;
      if (mod && !e.altKey && (k === 'z' || k === 'Z')) {
        e.preventDefault();
        if (e.shiftKey) a.redo();
        else a.undo();
        return;
      }
      if (mod && !e.altKey && (k === 'y' || k === 'Y')) {
        e.preventDefault();
        a.redo();
        return;
      }
      if (mod || e.altKey) return;
      const act = (f: () => void) => {
        e.preventDefault();
        f();
      };
      switch (k) {
        case 'n':
        case 'N':
          return act(() => click('[data-shortcut="n"]'));
        case 'u':
        case 'U':
          return act(() => (e.shiftKey ? a.redo() : a.undo()));
        case 'r':
        case 'R':
          return act(a.redo);
        case 'd':
        case 'D':
          return act(() => window.dispatchEvent(new CustomEvent('tk:amount', { detail: 'damage' })));
        case 'h':
        case 'H':
          return act(() => window.dispatchEvent(new CustomEvent('tk:amount', { detail: 'heal' })));
        case 'c':
        case 'C':
          return act(a.condition);
        case 'a':
        case 'A':
          return act(() => document.getElementById('add-name')?.focus());
        case 's':
        case 'S':
          return act(a.share);
        case '?':
          return act(a.help);
        case 'Escape':
          return a.clear();
        default:
          if (/^[1-9]$/.test(k)) act(() => click(`[data-shortcut="${k}"]`));
      }
    };
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, [a]);
}
