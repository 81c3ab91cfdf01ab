import { describe, expect, it } from 'vitest';
import type { EncounterView } from '../../../core/index.ts';
import { loadGame } from '../../games/index.ts';
import { commandFields, diceKeysFor, isQuick, isRefField, isRefList, parseFaces } from './command-schema.ts';

const view = {
  sides: [
    { id: 'party', name: 'Party', players: true },
    { id: 'orcs', name: 'Orcs', players: false },
  ],
  combatants: [
    { id: 'c1', name: 'Mira', defeated: false },
    { id: 'c2', name: 'Orc', defeated: false },
    { id: 'c3', name: 'Orc 2', defeated: true },
  ],
} as unknown as EncounterView;

describe('command forms', () => {
  it('reads a command’s fields from the module (or the core) schema', async () => {
    const { module } = await loadGame('swn');
    const attack = commandFields(module, 'attack')!;
    expect(attack.find((f) => f.name === 'target')?.required).toBe(true);
    expect(attack.find((f) => f.name === 'modifiers')?.field.kind).toBe('multi');
    expect(attack.some((f) => f.name === 'type')).toBe(false);
    expect(commandFields(module, 'damage')?.map((f) => f.name)).toContain('combatants');
    expect(commandFields(module, 'no-such-command')).toBeNull();
  });

  it('sends at once what its preset says everything about, opens a form otherwise', async () => {
    const swn = (await loadGame('swn')).module;
    const popcorn = (await loadGame('popcorn')).module;
    expect(isQuick(swn, 'act', { actor: 'c1', action: 'move' })).toBe(true);
    expect(isQuick(swn, 'end-turn', {})).toBe(true);
    expect(isQuick(swn, 'attack', { actor: 'c1', weapon: 'Knife' })).toBe(false);
    // Popcorn's action needs no label (issue 21 item 5: "Take the action" goes with nothing typed); a
    // label is the GM's to add through the action's "…" form.
    expect(isQuick(popcorn, 'act', { actor: 'c1' })).toBe(true);
    expect(isQuick(popcorn, 'delay', { actor: 'c1' })).toBe(false);
    // Optional in the schema, but always the GM's choice.
    expect(isQuick(popcorn, 'hold', { actor: 'c1' })).toBe(false);
    // Fallout: an attack whose preset names actor, target and weapon still opens (odds, dice at the table), as in SWN.
    const fallout = (await loadGame('fallout')).module;
    expect(isQuick(fallout, 'attack', { actor: 'c1', target: 'c2', weapon: '10mm pistol' })).toBe(false);
  });

  it('knows which fields name combatants', () => {
    expect(isRefField('target')).toBe(true);
    expect(isRefField('weapon')).toBe(false);
    expect(isRefList('combatants')).toBe(true);
    expect(isRefList('target')).toBe(false);
  });

  it('offers the roll keys of each command for typed-in dice', () => {
    expect(diceKeysFor('swn', 'attack', {}, view)).toEqual(['hit', 'damage']);
    expect(diceKeysFor('kuro', 'attack', { defence: 'parry' }, view)).toEqual(['attack', 'defence', 'damage']);
    expect(diceKeysFor('fallout', 'attack', {}, view)).toEqual(['test', 'location', 'damage']);
    expect(diceKeysFor('swn', 'roll-initiative', {}, view)).toEqual(['Mira', 'Orc']);
    expect(diceKeysFor('swn', 'roll-initiative', { combatants: ['c2'] }, view)).toEqual(['Orc']);
    expect(diceKeysFor('popcorn', 'start', { roll: true }, view)).toEqual(['Party', 'Orcs']);
    expect(diceKeysFor('popcorn', 'act', { roll: '2d6' }, view)).toEqual(['roll']);
    expect(diceKeysFor('popcorn', 'act', {}, view)).toEqual([]);
    expect(diceKeysFor('cwn', 'grapple', { actor: 'c1', target: 'c2' }, view)).toEqual(['Mira', 'Orc']);
  });

  it('reads the faces typed in', () => {
    expect(parseFaces('5, 4')).toEqual([5, 4]);
    expect(parseFaces(' 14 ')).toEqual([14]);
    expect(parseFaces('6 6 1')).toEqual([6, 6, 1]);
    expect(parseFaces('')).toBeNull();
    expect(parseFaces('five')).toBeNull();
  });
});
