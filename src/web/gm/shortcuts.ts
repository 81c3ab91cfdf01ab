/**
 * The GM screen's keyboard shortcuts (listed for people in help-overlay.tsx and src/web/README.md):
 * N next (or start the fight, or roll the next game turn's initiative), 1-9 actions, Shift+1-9 the
 * turn panel's choices, I initiative, J / K pick, X tick, P pin, Y accept a request, U / Ctrl+Z
 * undo, R / Ctrl+Shift+Z redo, D damage, H heal, C condition, A add, S share, Esc clear, ? help;
 * Alt+ArrowUp / Alt+ArrowDown move the combatant shown in the order (order-drag.tsx), T goes to
 * Fallout's tie to order it (order-tie.tsx).
 */
import { useEffect } from 'react';

export interface ShortcutActions {
  undo(): void;
  redo(): void;
  help(): void;
  share(): void;
  condition(): void;
  clear(): void;
  /** Pick the next (1) or previous (-1) combatant in the roster. */
  step(by: 1 | -1): void;
  /** Tick or untick the combatant shown. */
  tick(): void;
  /** Keep showing the picked combatant when the turn moves on (or stop). */
  pin(): void;
}

/** Keys typed here are text, not shortcuts: fields, but not tick boxes, radio buttons or buttons. */
export function typing(t: EventTarget | null): boolean {
  const el = t as (HTMLElement & { type?: string }) | null;
  if (!el || !el.tagName) return false;
  if (el.tagName === 'INPUT') return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(el.type ?? '');
  return el.isContentEditable || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT';
}

function click(selector: string): void {
  const el = document.querySelector<HTMLElement>(selector);
  if (el && !(el as HTMLButtonElement).disabled) el.click();
}

const KEYS: Record<string, (a: ShortcutActions) => void> = {
  n: () => click('[data-shortcut="n"]'),
  i: () => click('[data-shortcut="i"]'),
  y: () => click('[data-shortcut="y"]'),
  u: (a) => a.undo(),
  r: (a) => a.redo(),
  d: () => window.dispatchEvent(new CustomEvent('tk:amount', { detail: 'damage' })),
  h: () => window.dispatchEvent(new CustomEvent('tk:amount', { detail: 'heal' })),
  c: (a) => a.condition(),
  a: () => document.getElementById('add-name')?.focus(),
  s: (a) => a.share(),
  j: (a) => a.step(1),
  k: (a) => a.step(-1),
  x: (a) => a.tick(),
  p: (a) => a.pin(),
  t: () => document.querySelector<HTMLElement>('[data-tie-first]')?.focus(),
  '?': (a) => a.help(),
};

/** The GM screen's keyboard: ignored while typing in a field or while a dialog is open. */
export function useShortcuts(a: ShortcutActions): void {
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if (e.defaultPrevented || typing(e.target) || document.querySelector('dialog[open]')) return;
      const k = e.key;
      const mod = e.ctrlKey || e.metaKey;
      if (mod && !e.altKey && /^[zy]$/i.test(k)) {
        e.preventDefault();
        if (e.shiftKey || k.toLowerCase() === 'y') a.redo();
        else a.undo();
        return;
      }
      // Alt+ArrowUp / Alt+ArrowDown: move the combatant shown up or down the order (order-drag.tsx).
      if (e.altKey && !mod && (k === 'ArrowUp' || k === 'ArrowDown')) {
        e.preventDefault();
        window.dispatchEvent(new CustomEvent('tk:move', { detail: k === 'ArrowUp' ? -1 : 1 }));
        return;
      }
      if (mod || e.altKey) return;
      if (k === 'Escape') return a.clear();
      // Shift+1-9 by the key's place (Shift+1 types "!" on most layouts): the turn panel's choices.
      const digit = /^Digit([1-9])$/.exec(e.code)?.[1];
      let f: (() => void) | undefined;
      if (e.shiftKey && digit) f = () => click(`[data-choice="${digit}"]`);
      else if (/^[1-9]$/.test(k)) f = () => click(`[data-shortcut="${k}"]`);
      else if (k === 'U' && e.shiftKey) f = a.redo;
      else {
        const g = KEYS[k.toLowerCase()];
        if (g) f = () => g(a);
      }
      if (!f) return;
      e.preventDefault();
      f();
    };
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, [a]);
}
