import { describe, expect, it } from 'vitest';
import type { Command, Encounter } from '../../../core/index.ts';
import { engine } from '../../../rules/index.ts';
import { checkInitiativeFaces } from './initiative-faces.ts';

function fight(): Encounter {
  const created = engine.create({ rules: 'swn', seed: 3, title: 'Test' });
  if (!created.ok) throw new Error(created.rejection.message);
  let enc = engine.apply(engine.replay([]), created.events).encounter;
  for (const name of ['Vasquez', 'Raider', 'Drone']) {
    const r = engine.execute(enc, { type: 'add-combatant', name, hp: 8 });
    if (!r.ok) throw new Error(r.rejection.message);
    enc = r.encounter;
  }
  return enc;
}

describe('initiative faces typed in', () => {
  const enc = fight();
  const rows = [
    { key: 'Vasquez', combatant: 'c1' },
    { key: 'Raider', combatant: 'c2' },
    { key: 'Drone', combatant: 'c3' },
  ];
  const dryRun = (c: Command) => engine.decide(enc, c);

  it('every problem at once, by its box: text that is not faces, and faces the die cannot show', () => {
    const checked = checkInitiativeFaces({ Vasquez: '6x', Raider: '9', Drone: '0' }, rows, dryRun);
    expect(Object.keys(checked.problems)).toEqual(['Vasquez', 'Raider', 'Drone']);
    expect(checked.problems.Vasquez).toBe('"6x": type the faces rolled, e.g. 6 or 5, 3.');
    expect(checked.problems.Raider).toMatch(/^[A-Z].*9/);
    expect(checked.problems.Drone).toMatch(/^[A-Z]/);
    expect(checked.dice).toEqual({});
  });

  it('good faces are kept, blank boxes left to the engine', () => {
    expect(checkInitiativeFaces({ Vasquez: '6', Raider: ' ', Drone: '3' }, rows, dryRun)).toEqual({ dice: { Vasquez: [6], Drone: [3] }, problems: {} });
  });

  it('without the rules loaded, only what cannot be read', () => {
    expect(checkInitiativeFaces({ Vasquez: 'six', Raider: '9' }, rows, null)).toEqual({ dice: { Raider: [9] }, problems: { Vasquez: '"six": type the faces rolled, e.g. 6 or 5, 3.' } });
  });
});
