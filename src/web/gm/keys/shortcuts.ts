/**
 * The GM screen's keyboard shortcuts (listed for people in help-overlay.tsx and src/web/README.md):
 * N next (or start the fight, or roll the next game turn's initiative), 1-9, 0 and the letters of
 * ACTION_KEYS the actions of the combatant shown (each keeps its key for the turn: action-keys.ts),
 * Shift+1-9 the turn panel's choices, I initiative, J / K pick, X tick, P pin, Y accept a request,
 * U / Ctrl+Z undo, R / Ctrl+Shift+Z redo, D damage, H heal, C condition, A add, S share, Esc clear,
 * ? help, . pause or resume the turn clock; Alt+ArrowUp / Alt+ArrowDown move the combatant shown in the order (order-drag.tsx), T goes
 * to Fallout's tie to order it (order-tie.tsx). Keys pressed in the moment after the screen shows,
 * before this handler is ready, are held and then done in order (early-keys.ts).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { ACTION_KEYS } from '../turn/action-keys.ts';
import type { EarlyKeys } from '../data/early-keys.ts';

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

/** A key's shortcut: the screen's button it presses (a selector), or what it does. */
export type Shortcut = { readonly press: string } | { readonly run: (a: ShortcutActions) => void };

/** What a shortcut reads of a key. */
export type Key = Pick<KeyboardEvent, 'key' | 'code' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>;

const amount = (detail: 'damage' | 'heal') => () => window.dispatchEvent(new CustomEvent('tk:amount', { detail }));

/** The letter shortcuts (the actions' letters, ACTION_KEYS, are the ones not here). */
export const LETTER_KEYS: Readonly<Record<string, Shortcut>> = {
  n: { press: '[data-shortcut="n"]' },
  i: { press: '[data-shortcut="i"]' },
  y: { press: '[data-shortcut="y"]' },
  u: { run: (a) => a.undo() },
  r: { run: (a) => a.redo() },
  d: { run: amount('damage') },
  h: { run: amount('heal') },
  c: { run: (a) => a.condition() },
  a: { run: () => document.getElementById('add-name')?.focus() },
  s: { run: (a) => a.share() },
  j: { run: (a) => a.step(1) },
  k: { run: (a) => a.step(-1) },
  x: { run: (a) => a.tick() },
  p: { run: (a) => a.pin() },
  t: { run: () => document.querySelector<HTMLElement>('[data-tie-first]')?.focus() },
  '?': { run: (a) => a.help() },
  // Every letter is taken: the full stop pauses and resumes the turn clock (turn-timer.tsx).
  '.': { press: '[data-shortcut="pause"]' },
};

/** What a key does on the GM screen, if anything. */
export function shortcutOf(e: Key): Shortcut | undefined {
  const k = e.key;
  const mod = e.ctrlKey || e.metaKey;
  if (mod && !e.altKey && /^[zy]$/i.test(k)) return { run: e.shiftKey || k.toLowerCase() === 'y' ? (a) => a.redo() : (a) => a.undo() };
  // Alt+ArrowUp / Alt+ArrowDown: move the combatant shown up or down the order (order-drag.tsx).
  if (e.altKey && !mod && (k === 'ArrowUp' || k === 'ArrowDown')) return { run: () => window.dispatchEvent(new CustomEvent('tk:move', { detail: k === 'ArrowUp' ? -1 : 1 })) };
  if (mod || e.altKey) return undefined;
  if (k === 'Escape') return { run: (a) => a.clear() };
  // Shift+1-9 by the key's place (Shift+1 types "!" on most layouts): the turn panel's choices.
  const digit = /^Digit([1-9])$/.exec(e.code)?.[1];
  if (e.shiftKey && digit) return { press: `[data-choice="${digit}"]` };
  if (k === 'U' && e.shiftKey) return { run: (a) => a.redo() };
  const lower = k.toLowerCase();
  if (ACTION_KEYS.includes(lower)) return { press: `[data-shortcut="${lower}"]` };
  return LETTER_KEYS[lower];
}

/** The button a shortcut presses, when the screen shows it and it can be pressed. */
function button(selector: string): HTMLElement | null {
  const el = document.querySelector<HTMLElement>(selector);
  return el && !(el as HTMLButtonElement).disabled ? el : null;
}

function perform(s: Shortcut, a: ShortcutActions): void {
  if ('press' in s) button(s.press)?.click();
  else s.run(a);
}

/** Shortcuts wait while the GM types in a field or while a dialog is open. */
function waiting(e: KeyboardEvent): boolean {
  return typing(e.target) || document.querySelector('dialog[open]') !== null;
}

/** Whether a key would do something on the screen as it is now (early-keys.ts holds only those). */
export function wouldAct(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || waiting(e)) return false;
  const s = shortcutOf(e);
  return s !== undefined && ('run' in s || button(s.press) !== null);
}

/**
 * The GM screen's keyboard: ignored while typing in a field or while a dialog is open. `early.keys`,
 * pressed once the screen showed and before this was ready, are done in order once `early.ready`
 * (the screen is mounted, with the panels that answer D, H and Alt+arrows).
 */
export function useShortcuts(a: ShortcutActions, early?: { readonly keys: EarlyKeys | undefined; readonly ready: boolean }): void {
  const latest = useRef(a);
  useLayoutEffect(() => {
    latest.current = a;
  });
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if (e.defaultPrevented || waiting(e)) return;
      const s = shortcutOf(e);
      if (!s) return;
      e.preventDefault();
      perform(s, latest.current);
    };
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, []);
  const keys = early?.keys;
  const ready = early?.ready === true;
  useEffect(() => {
    if (!keys || !ready) return;
    return keys.handOver((e) => {
      const s = waiting(e) ? undefined : shortcutOf(e);
      if (s) perform(s, latest.current);
    });
  }, [keys, ready]);
}
