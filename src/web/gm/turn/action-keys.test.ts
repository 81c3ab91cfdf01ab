import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { actorsOf, runScript, viewOf } from '../../../core/index.ts';
import type { ActionOption, EncounterView } from '../../../core/index.ts';
import { engine } from '../../../rules/index.ts';
import { ACTION_KEYS, actionIds, assignKeys, TurnKeys, turnOf } from './action-keys.ts';

/** A game's example fight with its first `n` commands played. */
function example(rules: string, n: number): EncounterView {
  const script = JSON.parse(readFileSync(new URL(`../../../rules/${rules}/examples/fight.json`, import.meta.url), 'utf8')) as { seed?: number; commands: unknown[] };
  const r = runScript(engine, { ...script, commands: script.commands.slice(0, n) }, script.seed ?? 7);
  if (!r.ok) throw new Error(`${rules}: ${r.rejection.message}`);
  return viewOf(engine, r.encounter);
}

const acting = (view: EncounterView) => view.combatants.find((c) => c.id === actorsOf(view.now)[0])!;

/** Label → key of the combatant acting, through one TurnKeys as the actions panel holds it. */
function keysOf(memory: TurnKeys, view: EncounterView): Record<string, string | undefined> {
  const c = acting(view);
  const keys = memory.keysFor(turnOf(view), c.id, c.actions);
  return Object.fromEntries(c.actions.map((o, i) => [o.label.replace(/:.*/, ''), keys[i]]));
}

describe('an action keeps its key for the turn', () => {
  it("SWN: at the start of Vasquez's turn the possible actions are 1, 2, 3… in order; after his attack and a Move none has moved", () => {
    const memory = new TurnKeys();
    const start = example('swn', 4);
    const before = keysOf(memory, start);
    const legal = acting(start).actions.filter((o) => o.legal).map((o) => before[o.label.replace(/:.*/, '')]);
    expect(legal).toEqual(ACTION_KEYS.slice(0, legal.length));
    expect(before['Attack with Laser pistol']).toBe('7');
    // The attack (5 commands in), Pirate 2's Instant, then his Move: the Main and Move actions are spent.
    for (const n of [5, 6, 7]) {
      const view = example('swn', n);
      expect(acting(view).name).toBe('Vasquez');
      expect(keysOf(memory, view)).toEqual(before);
    }
    // Today's shifting numbers would have given End the turn 1 and On Turn action 2 by now.
    expect(acting(example('swn', 7)).actions.filter((o) => o.legal).map((o) => o.label)).toEqual(['End the turn', 'On Turn action', 'Instant action']);
  });

  it("the next turn hands them out afresh: Kade's possible actions are 1, 2, 3… again", () => {
    const memory = new TurnKeys();
    keysOf(memory, example('swn', 7));
    const kade = example('swn', 8);
    expect(acting(kade).name).toBe('Kade');
    const keys = keysOf(memory, kade);
    expect(keys['End the turn']).toBe('1');
    expect(keys['Attack with Knife']).toBe('7');
  });

  it('CWN: actions past the ninth have keys (Shove and Grapple), and a not-possible one keeps its own', () => {
    const keys = keysOf(new TurnKeys(), example('cwn', 11));
    expect(keys['Shove (push back or knock prone)']).toMatch(/^[0-9a-z]$/);
    expect(keys.Grapple).toMatch(/^[0-9a-z]$/);
    expect(keys['Stand up from prone']).toMatch(/^[0-9a-z]$/);
    const all = Object.values(keys);
    expect(new Set(all).size).toBe(all.length);
  });

  it("Fallout: an attack's label changes with its odds, its key does not; Pass the turn's key ends it once begun", () => {
    const memory = new TurnKeys();
    const nora = keysOf(memory, example('fallout', 4));
    const after = keysOf(memory, example('fallout', 5));
    expect(acting(example('fallout', 5)).actions.find((o) => o.label.startsWith('Attack Raider'))?.label).not.toBe(acting(example('fallout', 4)).actions.find((o) => o.label.startsWith('Attack Raider'))?.label);
    for (const [label, key] of Object.entries(after)) if (label in nora) expect(key, label).toBe(nora[label]);
    expect(after['Attack Raider with 10mm pistol']).toBe('6');
    expect(after['End the turn']).toBe(nora['Pass the turn (end it at once)']);
  });
});

describe('assignKeys', () => {
  const option = (command: string, legal = true, preset?: Record<string, unknown>): ActionOption => ({ command, label: command, legal, ...(preset ? { preset } : {}) });

  it('keeps the key of an action that went away, and gives a new one the first free key', () => {
    const first = assignKeys([option('a'), option('b'), option('c')]);
    const later = assignKeys([option('a'), option('c'), option('d')], first);
    expect([...later.entries()]).toEqual([
      ['a []', '1'],
      ['b []', '2'],
      ['c []', '3'],
      ['d []', '4'],
    ]);
  });

  it('gives the possible actions the first keys, then the others, in the order listed', () => {
    const keys = assignKeys([option('x', false), option('y'), option('z', false), option('w')]);
    expect([...keys.values()]).toEqual(['1', '2', '3', '4']);
    expect(keys.get('y []')).toBe('1');
    expect(keys.get('w []')).toBe('2');
    expect(keys.get('x []')).toBe('3');
  });

  it('tells actions apart by command and preset, not label; twins by their place', () => {
    expect(actionIds([option('act', true, { b: 1, a: 2 }), option('act', true, { a: 2, b: 1 }), option('act', true, { a: 3 })])).toEqual(['act [["a",2],["b",1]]', 'act [["a",2],["b",1]] #2', 'act [["a",3]]']);
  });

  it('has 21 keys; past them an action has none', () => {
    const many = Array.from({ length: 25 }, (_, i) => option(`c${i}`));
    const keys = assignKeys(many);
    expect(keys.size).toBe(21);
    expect(new Set(keys.values()).size).toBe(21);
    expect(keys.has('c21 []')).toBe(false);
  });

  it('returns the same keys for the same list (the panel renders as often as it likes)', () => {
    const list = [option('a'), option('b', false)];
    const once = assignKeys(list);
    expect(assignKeys(list, once)).toBe(once);
  });
});
