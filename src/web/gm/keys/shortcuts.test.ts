import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScript, viewOf } from '../../../core/index.ts';
import type { Command } from '../../../core/index.ts';
import { engine } from '../../../rules/index.ts';
import { nextAction, roundWord } from '../turn/now-panel.tsx';
import { ACTION_KEYS } from '../turn/action-keys.ts';
import { LETTER_KEYS, shortcutOf, typing } from './shortcuts.ts';
import type { Key } from './shortcuts.ts';

const el = (tagName: string, type?: string) => ({ tagName, type, isContentEditable: false }) as unknown as EventTarget;

describe('typing: which focused controls keep the keys to themselves', () => {
  it('text fields, text areas and choices do', () => {
    expect(typing(el('INPUT', 'text'))).toBe(true);
    expect(typing(el('INPUT', 'number'))).toBe(true);
    expect(typing(el('TEXTAREA'))).toBe(true);
    expect(typing(el('SELECT'))).toBe(true);
  });
  it('a tick box, a radio button or a button does not: D, H and C work right after ticking', () => {
    expect(typing(el('INPUT', 'checkbox'))).toBe(false);
    expect(typing(el('INPUT', 'radio'))).toBe(false);
    expect(typing(el('BUTTON'))).toBe(false);
    expect(typing(null)).toBe(false);
  });
});

describe('the keys of the actions', () => {
  const key = (k: string, more: Partial<Key> = {}): Key => ({ key: k, code: /^[0-9]$/.test(k) ? `Digit${k}` : `Key${k.toUpperCase()}`, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...more });
  it('every action key presses the action shown with it, past the ninth too (0, then letters)', () => {
    for (const k of ACTION_KEYS) expect(shortcutOf(key(k)), k).toEqual({ press: `[data-shortcut="${k}"]` });
    expect(shortcutOf(key('B', { shiftKey: true }))).toEqual({ press: '[data-shortcut="b"]' });
  });
  it('no letter of an action is another shortcut, and every other letter keeps its meaning', () => {
    for (const k of ACTION_KEYS) expect(LETTER_KEYS[k], k).toBeUndefined();
    expect(shortcutOf(key('n'))).toEqual({ press: '[data-shortcut="n"]' });
    expect(shortcutOf(key('u'))).toBe(LETTER_KEYS.u);
    expect(shortcutOf(key('1', { shiftKey: true, key: '!' }))).toEqual({ press: '[data-choice="1"]' });
    // Ctrl+Z is undo, not the action with Z; Alt+digits belong to nobody.
    expect(shortcutOf(key('z', { ctrlKey: true }))).not.toEqual({ press: '[data-shortcut="z"]' });
    expect(shortcutOf(key('3', { altKey: true }))).toBeUndefined();
  });
});

describe('N between Kuro game turns', () => {
  const script = JSON.parse(readFileSync(new URL('../../../rules/kuro/examples/fight.json', import.meta.url), 'utf8')) as { seed: number; commands: unknown[] };
  const upTo = (n: number) => {
    const r = runScript(engine, { ...script, commands: script.commands.slice(0, n) }, script.seed);
    if (!r.ok) throw new Error('script failed');
    return { view: viewOf(engine, r.encounter), allowed: (c: Command) => engine.decide(r.encounter, c).ok };
  };
  it('rolls the next game turn\'s initiative when the game turn is over ("waiting")', () => {
    const { view, allowed } = upTo(11);
    expect(view.now.kind).toBe('setup');
    expect(view.status).toBe('running');
    expect(nextAction(view, allowed)?.option).toMatchObject({ command: 'roll-initiative', legal: true });
    // Without the engine's word, N offers nothing there.
    expect(nextAction(view)).toBeNull();
    expect(roundWord(view, true)).toBe('Game turn');
  });
  it('ends the acting combatant\'s turn in a phase', () => {
    const { view, allowed } = upTo(1);
    expect(nextAction(view, allowed)?.option.command).toBe('end-turn');
  });
});
