import { describe, expect, it } from 'vitest';
import { runScript } from '../../core/index.ts';
import type { Encounter } from '../../core/index.ts';
import { engine } from '../index.ts';
import { attackLabel, hitRoll } from './stored-attacks.ts';

const shortsword = { name: 'Shortsword', hit: '+4', damage: '1d6+2' };
const base = {
  rules: 'custom',
  combatants: [
    { name: 'Pat', kind: 'pc', hp: 12, stats: { defense: 13, attacks: [shortsword, { name: 'Spear', hit: '2d6', vs: 9 }] } },
    { name: 'Nox', hp: 10, stats: { defense: 12 } },
  ],
  commands: [{ type: 'start', dice: { Pat: 15, Nox: 2 } }],
};

function run(script: Record<string, unknown>): { enc: Encounter; log: string[] } {
  const r = runScript(engine, script, 1);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.message}`);
  return { enc: r.encounter, log: engine.log(r.events).map((l) => l.text) };
}
const fight = (script: Record<string, unknown> = base): Encounter => run(script).enc;
/** The base fight, then this command. */
const then = (command: Record<string, unknown>) => run({ ...base, commands: [...base.commands, command] });

describe('custom: stored attacks', () => {
  it('are offered by name in the actions, with their numbers, before the free-form attack', () => {
    const labels = engine.allowedActions(fight(), 'c1')!.map((a) => a.label);
    expect(labels).toEqual(['Attack with Shortsword: +4 vs defense, 1d6+2', 'Attack with Spear: 2d6 vs 9', 'Attack (type the numbers)', 'Other action', 'End turn']);
  });
  it('a combatant without any keeps the plain "Attack"; every action names its actor', () => {
    const enc = fight({ ...base, commands: [{ type: 'start', dice: { Pat: 2, Nox: 15 } }] });
    const options = engine.allowedActions(enc, 'c2')!;
    expect(options.map((a) => a.label)).toEqual(['Attack', 'Other action', 'End turn']);
    expect(options.filter((a) => a.command !== 'end-turn').every((a) => a.preset?.actor === 'c2')).toBe(true);
  });
  it('resolves with the stored numbers: the GM gives only the target', () => {
    const enc = fight();
    const sword = engine.allowedActions(enc, 'c1')![0]!;
    expect(sword.preset).toEqual({ actor: 'c1', label: 'Shortsword', hit: '1d20+4', damage: '1d6+2' });
    const r = then({ type: sword.command, ...sword.preset, target: 'Nox', dice: { hit: 9, damage: 5 } });
    expect(r.log).toContain('Pat: attack on Nox with Shortsword: 13 vs 12 (1d20+4: [9] + 4 = 13), hit, 7 damage (1d6+2: [5] + 2 = 7).');
    expect(r.enc.state.combatants.c2!.tracks.hp!.value).toBe(3);
  });
  it('a stored number to beat replaces the target\'s defense', () => {
    const enc = fight();
    const spear = engine.allowedActions(enc, 'c1')![1]!;
    const r = then({ type: spear.command, ...spear.preset, target: 'Nox', dice: { hit: [4, 5] } });
    expect(r.log).toContain('Pat: attack on Nox with Spear: 9 vs 9 (2d6: [4, 5] = 9), hit.');
  });
  it('an actor cannot target itself: refused in words, nothing changes', () => {
    const enc = fight();
    const r = engine.decide(enc, { type: 'attack', actor: 'Pat', target: 'Pat', hit: '1d20+4' });
    expect(r).toMatchObject({ ok: false, rejection: { code: 'attack/self', message: 'Pat cannot attack itself: pick another target.' } });
  });
  it('stats without attacks stay valid, and old logs replay', () => {
    const old = runScript(engine, { rules: 'custom', combatants: [{ name: 'Asha', stats: { defense: 15, tieModifier: 3 } }], commands: [] }, 3);
    if (!old.ok) throw new Error(old.rejection.message);
    expect(old.encounter.state.combatants.c1!.stats).toEqual({ defense: 15, tieModifier: 3 });
    expect(engine.replay(JSON.parse(JSON.stringify(old.events)) as typeof old.events).state).toEqual(old.encounter.state);
  });
  it('a hit that is neither a bonus nor a roll, or two attacks of one name, are refused with the reason', () => {
    const refused = (attacks: unknown[]): string => {
      const r = engine.decide(fight(), { type: 'add-combatant', name: 'Orc', stats: { attacks } });
      return r.ok ? 'accepted' : r.rejection.message;
    };
    expect(refused([{ name: 'Club', hit: 'lots' }])).toContain('"lots" is neither a bonus on the d20 (e.g. +4) nor a roll (e.g. 2d6+1)');
    expect(refused([{ name: 'Club', hit: '3' }])).toBe('accepted');
    expect(refused([shortsword, { ...shortsword, name: 'shortsword' }])).toContain('two attacks are called "shortsword"');
  });
  it('reads as a GM says it', () => {
    expect(hitRoll('+4')).toBe('1d20+4');
    expect(hitRoll('-1')).toBe('1d20-1');
    expect(hitRoll('0')).toBe('1d20');
    expect(hitRoll('2d6+1')).toBe('2d6+1');
    expect(attackLabel({ name: 'Bite', hit: '-1' })).toBe('Attack with Bite: -1 vs defense');
    expect(attackLabel({ name: 'Claw', hit: 'd20' })).toBe('Attack with Claw: +0 vs defense');
    expect(attackLabel({ name: 'Blast', hit: '1d100', damage: '2d10', vs: 40 })).toBe('Attack with Blast: 1d100 vs 40, 2d10');
  });
});
