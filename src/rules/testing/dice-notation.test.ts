import { describe, expect, it } from 'vitest';
import { runScript, tryParseTableDice } from '../../core/index.ts';
import type { Encounter, StoredEvent } from '../../core/index.ts';
import { engine } from '../index.ts';

/**
 * Issue 10, items 10 and 11: bad dice notation, wherever it enters (a command, a combatant's stats, an
 * encounter's options), is a `dice/notation` rejection with the parser's message and a caret, never an
 * exception; and no roll has more than 100 dice.
 */
const BAD = ['1d0', 'd', '1d-6', '1d6!!!!', '1d1!', '1000000d1000000', '1d6kh999999', '60d6+41d6', '101d6'];

function start(script: Record<string, unknown>): Encounter {
  const r = runScript(engine, { commands: [], ...script }, 5);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.code} ${r.rejection.message}`);
  return r.encounter;
}

function expectNotation(r: { ok: boolean; rejection?: { code: string; message: string; details?: Record<string, unknown> } }, notation: string, path: string): void {
  expect(r.ok, JSON.stringify(r)).toBe(false);
  const parsed = tryParseTableDice(notation);
  if (parsed.ok) throw new Error(`${notation} parses`);
  expect(r.rejection).toMatchObject({
    code: 'dice/notation',
    details: { notation, index: parsed.error.index, pointer: parsed.error.pointer, path },
  });
  expect(r.rejection!.message).toContain(parsed.error.message);
  expect(r.rejection!.message).toContain(path);
}

const customFight = (): Encounter =>
  start({
    rules: 'custom',
    combatants: [
      { name: 'Hero', kind: 'pc', hp: 10, stats: { defense: 12 } },
      { name: 'Orc', hp: 8, stats: { defense: 11 } },
    ],
    commands: [{ type: 'start', dice: { Hero: 20, Orc: 1 } }],
  });

describe('bad notation is a dice/notation rejection pointing at the character', () => {
  const custom = customFight();
  const popcorn = start({ rules: 'popcorn', combatants: [{ name: 'Ana', kind: 'pc', stats: { heroDice: 2 } }, { name: 'Thug' }] });
  const kuro = start({ rules: 'kuro', combatants: [{ name: 'Jin', kind: 'pc' }, { name: 'Ronin' }] });
  const swn = start({ rules: 'swn', combatants: [{ name: 'Vasquez', kind: 'pc', stats: { hp: 10 } }] });

  for (const bad of BAD) {
    describe(JSON.stringify(bad), () => {
      it('in commands: custom attack hit and damage, popcorn rolls, Kuro attack damage', () => {
        expectNotation(engine.decide(custom, { type: 'attack', actor: 'Hero', target: 'Orc', hit: bad }), bad, 'hit');
        expectNotation(engine.decide(custom, { type: 'attack', actor: 'Hero', target: 'Orc', hit: '1d20+2', damage: bad }), bad, 'damage');
        expectNotation(engine.decide(popcorn, { type: 'act', actor: 'Ana', label: 'Swings', roll: bad }), bad, 'roll');
        expectNotation(engine.decide(popcorn, { type: 'react', actor: 'Ana', label: 'Dodges', extra: bad }), bad, 'extra');
        expectNotation(engine.decide(kuro, { type: 'attack', actor: 'Jin', target: 'Ronin', damage: bad }), bad, 'damage');
      });
      it('in stats: custom initiative (add and update), SWN and Kuro weapon damage', () => {
        expectNotation(engine.decide(custom, { type: 'add-combatant', name: 'Wolf', stats: { initiative: bad } }), bad, 'stats.initiative');
        expectNotation(engine.decide(custom, { type: 'update-combatant', combatant: 'Orc', stats: { initiative: bad } }), bad, 'stats.initiative');
        expectNotation(engine.decide(swn, { type: 'add-combatant', name: 'Pirate', stats: { weapons: [{ name: 'Cutlass', damage: bad }] } }), bad, 'stats.weapons.0.damage');
        expectNotation(engine.decide(kuro, { type: 'add-combatant', name: 'Ninja', stats: { weapons: [{ name: 'Kama', damage: bad, skill: 'Kama' }] } }), bad, 'stats.weapons.0.damage');
      });
      it('in options: custom formula and roll-off, popcorn side die', () => {
        expectNotation(engine.create({ rules: 'custom', seed: 1, options: { formula: bad } }), bad, 'options.formula');
        expectNotation(engine.create({ rules: 'custom', seed: 1, options: { tieBreak: 'roll-off', rollOff: bad } }), bad, 'options.rollOff');
        expectNotation(engine.create({ rules: 'popcorn', seed: 1, options: { sideDie: bad } }), bad, 'options.sideDie');
      });
    });
  }

  it('the message is the parser\'s, with the caret in details', () => {
    const r = engine.decide(custom, { type: 'attack', actor: 'Hero', target: 'Orc', hit: '1d20+x' });
    expect(r).toEqual({
      ok: false,
      rejection: {
        code: 'dice/notation',
        message: `attack: hit: Unexpected 'x' at position 6 in "1d20+x": expected a number or dice term.`,
        details: { notation: '1d20+x', index: 5, pointer: '1d20+x\n     ^', path: 'hit' },
      },
    });
  });

  it('at most 100 dice in one roll; 100 are fine', () => {
    const r = engine.decide(custom, { type: 'attack', actor: 'Hero', target: 'Orc', hit: '1000d1000+1000d1000', vs: 5 });
    expect(r).toMatchObject({ ok: false, rejection: { code: 'dice/notation', details: { index: 0 } } });
    if (!r.ok) expect(r.rejection.message).toContain('at most 100 dice in one roll');
    const ok = engine.execute(custom, { type: 'attack', actor: 'Hero', target: 'Orc', hit: '50d20+50d20', vs: 5, damage: '100d6' });
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(JSON.stringify(ok.events).length).toBeLessThan(20_000);
  });
});

describe('defence in depth: a bad notation found while deciding is a rejection, not an exception', () => {
  /** An encounter whose stored options hold a notation that today's schema would refuse (an old export, say). */
  function withStoredFormula(formula: string): Encounter {
    const created = engine.create({ rules: 'custom', seed: 2 });
    if (!created.ok) throw new Error(created.rejection.message);
    const event = { ...created.events[0]!, options: { formula, tieBreak: 'pcs-first', reroll: false, rollOff: '1d20' } };
    let enc = engine.replay([{ seq: 1, cmd: 1, event } as StoredEvent]);
    for (const c of [{ type: 'add-combatant', name: 'Hero', kind: 'pc' }, { type: 'add-combatant', name: 'Orc' }]) {
      const r = engine.execute(enc, c);
      if (!r.ok) throw new Error(r.rejection.message);
      enc = r.encounter;
    }
    return enc;
  }
  it.each(BAD)('stored formula %j: start is refused with dice/notation', (bad) => {
    const enc = withStoredFormula(bad);
    const r = engine.decide(enc, { type: 'start' });
    expect(r).toMatchObject({ ok: false, rejection: { code: 'dice/notation', details: { notation: bad } } });
  });
  it('a popcorn pool that would pass 100 dice is refused with a message', () => {
    const enc = start({ rules: 'popcorn', combatants: [{ name: 'Ana', kind: 'pc', stats: { heroDice: 30 } }, { name: 'Thug' }], commands: [{ type: 'start', combatant: 'Thug' }] });
    const r = engine.decide(enc, { type: 'react', actor: 'Ana', kind: 'pool', label: 'Dodges', extra: '80d6' });
    expect(r).toMatchObject({ ok: false, rejection: { code: 'popcorn/bad-dice' } });
    expect(engine.decide(enc, { type: 'react', actor: 'Ana', kind: 'pool', label: 'Dodges', extra: '70d6' }).ok).toBe(true);
  });
});

describe('defence in depth: a damaged dice state is a rejection, not an exception', () => {
  it('an encounter whose saved PRNG state is not sfc32 refuses to roll, and accepts typed-in dice', () => {
    const enc = { ...customFight(), rng: { alg: 'mt19937', s: [1, 2, 3, 4] } } as unknown as Encounter;
    const r = engine.decide(enc, { type: 'attack', actor: 'Hero', target: 'Orc', hit: '1d20' });
    expect(r).toMatchObject({ ok: false, rejection: { code: 'dice/state', message: expect.stringContaining("RngState.alg must be 'sfc32'") } });
    expect(engine.decide(enc, { type: 'attack', actor: 'Hero', target: 'Orc', hit: '1d20', damage: '1d6', dice: { hit: 3 } }).ok).toBe(true);
  });
});
