import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScript } from '../../../core/index.ts';
import type { Encounter } from '../../../core/index.ts';
import { engine } from '../../../rules/index.ts';
import { lateRolls, typedInitiative } from './late-joiner.ts';

interface Script {
  rules: string;
  seed?: number;
  commands: unknown[];
  [k: string]: unknown;
}
const example = (rules: string) => JSON.parse(readFileSync(new URL(`../../../rules/${rules}/examples/fight.json`, import.meta.url), 'utf8')) as Script;

/** The example fight after its first `n` commands. */
function at(rules: string, n: number): Encounter {
  const s = example(rules);
  const r = runScript(engine, { ...s, commands: s.commands.slice(0, n) }, s.seed ?? 7);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.message}`);
  return r.encounter;
}

const rollsFor = (enc: Encounter, command: Record<string, unknown>) => {
  const d = engine.decide(enc, { type: 'add-combatant', ...command });
  if (!d.ok) throw new Error(d.rejection.message);
  return lateRolls(enc.state.rules.id, d.events);
};

describe('lateRolls: who of the newcomers rolls initiative on joining, and with what', () => {
  it('SWN during the fight: 1d8 for each newcomer, under the name the engine gives', () => {
    const enc = at('swn', 4);
    const rolls = rollsFor(enc, { name: 'Pirate', side: 'Pirates', count: 2, stats: { hp: 7, ac: 13 } });
    expect(rolls.map((r) => [r.name, r.notation])).toEqual([
      ['Pirate 3', '1d8'],
      ['Pirate 4', '1d8'],
    ]);
    expect(rolls[0]!.help).toBe('type the die as it shows, e.g. 5');
  });
  it('SWN before the fight: nobody rolls on joining (the initiative panel does it)', () => {
    expect(rollsFor(at('swn', 0), { name: 'Pirate', side: 'Pirates', stats: { hp: 7, ac: 13 } })).toEqual([]);
  });
  it('Kuro during the phases: REA dice, read as Kuro dice', () => {
    const rolls = rollsFor(at('kuro', 1), { name: 'Archer', side: 'Bandits', stats: { REA: 2, REF: 2, DEX: 2, STR: 2, hp: 10, defence: 8 } });
    expect(rolls).toHaveLength(1);
    expect(rolls[0]!.name).toBe('Archer');
    expect(rolls[0]!.help).toMatch(/extra die/);
  });
  it('Custom while the fight runs: its formula', () => {
    const rolls = rollsFor(at('custom', 1), { name: 'Wolf', side: 'Bandits', stats: { initiative: '1d20+2' } });
    expect(rolls.map((r) => [r.name, r.notation])).toEqual([['Wolf', '1d20+2']]);
  });
  it('Fallout and popcorn roll nothing for a newcomer', () => {
    expect(rollsFor(at('fallout', 2), { name: 'Dog', side: 'Raiders', stats: { type: 'creature', body: 5, mind: 3, hp: 6 } })).toEqual([]);
    const pop = example('popcorn');
    const r = runScript(engine, { ...pop, commands: pop.commands.slice(0, 2) }, pop.seed ?? 7);
    if (!r.ok) throw new Error(r.rejection.message);
    expect(rollsFor(r.encounter, { name: 'Goon', side: (pop.sides as { name: string }[])[1]!.name })).toEqual([]);
  });
  it('the typed faces land in the roll: a newcomer typed 8 in SWN has 8 + its modifier', () => {
    const enc = at('swn', 4);
    const rolls = rollsFor(enc, { name: 'Sniper', side: 'Pirates', stats: { hp: 7, ac: 13, dexMod: 1 } });
    const typed = typedInitiative(rolls, { Sniper: '8' });
    expect(typed).toEqual({ ok: true, dice: { Sniper: [8] } });
    const r = engine.execute(enc, { type: 'add-combatant', name: 'Sniper', side: 'Pirates', stats: { hp: 7, ac: 13, dexMod: 1 }, ...(typed.ok ? { dice: typed.dice } : {}) });
    if (!r.ok) throw new Error(r.rejection.message);
    const order = (r.encounter.state.module as { order: { members: string[]; initiative: number }[] }).order;
    const sniper = Object.values(r.encounter.state.combatants).find((c) => c.name === 'Sniper')!.id;
    expect(order.find((s) => s.members.includes(sniper))?.initiative).toBe(9);
  });
});

describe('typedInitiative: what the GM typed, or what is wrong, by name', () => {
  const rolls = [
    { name: 'Pirate 3', notation: '1d8', help: 'type the die as it shows, e.g. 14' },
    { name: 'Pirate 4', notation: '1d8', help: 'type the die as it shows, e.g. 14' },
  ];
  it('reads each newcomer\'s faces', () => {
    expect(typedInitiative(rolls, { 'Pirate 3': '5', 'Pirate 4': ' 2 ' })).toEqual({ ok: true, dice: { 'Pirate 3': [5], 'Pirate 4': [2] } });
  });
  it('says which is missing or unreadable, in words', () => {
    const r = typedInitiative(rolls, { 'Pirate 3': 'six' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors['Pirate 3']).toBe('"six": type the die as it shows, e.g. 14.');
    expect(r.errors['Pirate 4']).toBe('Type the 1d8 rolled for Pirate 4, or choose "Roll it".');
  });
});
