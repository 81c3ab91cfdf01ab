import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScript } from '../../core/index.ts';
import type { Encounter } from '../../core/index.ts';
import { engine } from '../index.ts';
import type { CustomState } from './state.ts';

const example = JSON.parse(readFileSync(new URL('./examples/fight.json', import.meta.url), 'utf8')) as Record<string, unknown>;

function run(script: Record<string, unknown>): { enc: Encounter; log: string[] } {
  const r = runScript(engine, script, 1);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.message}`);
  return { enc: r.encounter, log: engine.log(r.events).map((l) => l.text) };
}
const order = (enc: Encounter): string[] =>
  (enc.state.module as CustomState).track.slots.map((s) => enc.state.combatants[s.key]?.name ?? s.key);

describe('custom: the example fight, checkable by hand', () => {
  const { enc, log } = run(example);
  it('a three-way tie at 12 is broken by the tie modifier, each tie explained', () => {
    expect(order(enc)).toEqual(['Asha', 'Bandit', 'Brom', 'Bandit 2']);
    const slots = (enc.state.module as CustomState).track.slots;
    expect(slots[1]!.tieBreak).toBe('tied with Asha: higher tie modifier (+3 vs +1)');
    expect(slots[2]!.tieBreak).toBe('tied with Bandit: higher tie modifier (+1 vs +0)');
  });
  it('plays out as the log says', () => {
    expect(log).toEqual(
      expect.arrayContaining([
        'Initiative order: Asha 12, Bandit 12, Brom 12, Bandit 2 4.',
        'Round 1.',
        'Asha acts.',
        'Asha: attack on Bandit with bow: 13 vs 12 (1d20+5: [8] + 5 = 13), hit, 6 damage (1d6+1: [5] + 1 = 6).',
        'Bandit is defeated (reduced to 0 HP).',
        'Brom acts.',
        'Brom: attack on Bandit 2 with axe: 10 vs 12 (1d20+4: [6] + 4 = 10), miss.',
        'Bandit 2: attack on Brom with short sword: 17 vs 16 (1d20+2: [15] + 2 = 17), hit, 4 damage (1d6: [4] = 4).',
        'Round 2.',
        'Asha: Hasted for 1 round.',
      ]),
    );
    expect(log.indexOf('Brom acts.')).toBeGreaterThan(log.indexOf('Bandit is defeated (reduced to 0 HP).'));
    expect(log.filter((l) => l === 'Bandit acts.')).toEqual([]);
  });
  it('ends with the numbers a GM would have', () => {
    expect(enc.state.round).toBe(2);
    expect(enc.state.combatants.c3!.tracks.hp!.value).toBe(0);
    expect(enc.state.combatants.c3!.defeated).toBe(true);
    expect(enc.state.combatants.c4!.tracks.hp!.value).toBe(6);
    expect(enc.state.combatants.c2!.tracks.hp!.value).toBe(14);
    expect(engine.whoMayAct(enc)).toMatchObject({ kind: 'actor', actor: 'c1', round: 2 });
  });
});

describe('custom: tie-breaks, re-rolls and turns', () => {
  const base = {
    rules: 'custom',
    combatants: [
      { name: 'Pat', kind: 'pc', stats: { tieModifier: 0 } },
      { name: 'Nox', stats: { tieModifier: 5 } },
    ],
  };
  const tie = { type: 'roll-initiative', dice: { Pat: 10, Nox: 10 } };
  it.each([
    ['pcs-first', ['Pat', 'Nox'], 'PCs go first'],
    ['npcs-first', ['Nox', 'Pat'], 'NPCs go first'],
    ['modifier', ['Nox', 'Pat'], 'higher tie modifier (+5 vs +0)'],
  ])('%s', (tieBreak, expected, why) => {
    const { enc } = run({ ...base, options: { tieBreak }, commands: [tie] });
    expect(order(enc)).toEqual(expected);
    expect((enc.state.module as CustomState).track.slots[1]!.tieBreak).toContain(why);
  });
  it('roll-off re-rolls until the tie is broken, and records each roll', () => {
    const { enc, log } = run({
      ...base,
      options: { tieBreak: 'roll-off' },
      commands: [{ type: 'roll-initiative', dice: { Pat: 10, Nox: 10, 'roll-off:Pat': 7, 'roll-off:Nox': 7, 'roll-off:Pat:2': 3, 'roll-off:Nox:2': 18 } }],
    });
    expect(order(enc)).toEqual(['Nox', 'Pat']);
    expect((enc.state.module as CustomState).track.slots[1]!.tieBreak).toBe('tied with Nox: roll-off 18 vs 3');
    expect(log.filter((l) => l.includes('rolls off'))).toHaveLength(4);
  });
  it('re-rolls everyone at the start of each round when asked', () => {
    const { enc } = run({
      ...base,
      options: { reroll: true },
      commands: [
        { type: 'start', dice: { Pat: 15, Nox: 2 } },
        { type: 'end-turn' },
        { type: 'end-turn', dice: { Pat: 1, Nox: 19 } },
      ],
    });
    expect(enc.state.round).toBe(2);
    expect(order(enc)).toEqual(['Nox', 'Pat']);
    expect(engine.whoMayAct(enc)).toMatchObject({ kind: 'actor', actor: 'c2' });
  });
  it('only the acting combatant may act; the rejection says whose turn it is', () => {
    const { enc } = run({ ...base, commands: [{ type: 'start', dice: { Pat: 15, Nox: 2 } }] });
    const r = engine.decide(enc, { type: 'act', actor: 'Nox', label: 'Runs' });
    expect(r).toMatchObject({ ok: false, rejection: { code: 'turn/not-your-turn', message: "It is not Nox's turn (it is Pat's)." } });
    expect(engine.allowedActions(enc, 'Nox')!.every((a) => !a.legal && a.reason)).toBe(true);
    expect(engine.allowedActions(enc, 'Pat')!.every((a) => a.legal)).toBe(true);
  });
  it('damage dice typed in with a missed attack are accepted (tables roll both at once) and not applied', () => {
    const { enc } = run({ ...base, commands: [{ type: 'start', dice: { Pat: 15, Nox: 2 } }] });
    const r = engine.execute(enc, { type: 'attack', actor: 'Pat', target: 'Nox', hit: '1d20', vs: 15, damage: '1d6', dice: { hit: 3, damage: 6 } });
    expect(r.ok).toBe(true);
    const typo = engine.decide(enc, { type: 'attack', actor: 'Pat', target: 'Nox', hit: '1d20', vs: 15, dice: { hit: 3, dmg: 6 } });
    expect(typo).toMatchObject({ ok: false, rejection: { code: 'dice/unused' } });
  });
  it('attacks need a number to beat', () => {
    const { enc } = run({ ...base, commands: [{ type: 'start', dice: { Pat: 15, Nox: 2 } }] });
    const r = engine.decide(enc, { type: 'attack', actor: 'Pat', target: 'Nox', hit: '1d20' });
    expect(r).toMatchObject({ ok: false, rejection: { code: 'attack/no-defense' } });
  });
});
