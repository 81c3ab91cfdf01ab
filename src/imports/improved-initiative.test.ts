import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ruleModules } from '../rules/index.ts';
import { importText } from './index.ts';
import type { ImportResult, ImportReview, ImportTarget } from './index.ts';

const text = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const list = () => JSON.parse(text('ii-creatures.json')) as Record<string, unknown>[];
const target = (rules: string): ImportTarget => ({ rules, stats: ruleModules.find((m) => m.id === rules)!.stats });
function review(r: ImportResult): ImportReview {
  if (!r.ok) throw new Error(`refused at ${r.path}: ${r.message}`);
  return r;
}

describe('Improved Initiative creatures', () => {
  it('maps a creature into a custom campaign: HP, defense, initiative, attacks from its actions', () => {
    const r = review(importText(text('ii-creatures.json'), target('custom')));
    expect(r.format).toBe('Improved Initiative (2 creatures)');
    const [lurker, pip] = r.items;
    expect(lurker!.kind).toBe('template');
    expect(lurker!.fields).toMatchObject({
      name: 'Bog Lurker',
      hp: 15,
      stats: {
        defense: 13,
        initiative: '1d20+2',
        tieModifier: 2,
        attacks: [
          { name: 'Claw', hit: '+4', damage: '1d8+2' },
          { name: 'Spit', hit: '+3', damage: '1d6' },
        ],
      },
      notes: 'Medium monstrosity, Challenge 1/2',
    });
    expect(lurker!.fields.gmNotes).toContain('Wail: Each creature within 10 feet');
    expect(lurker!.fields.gmNotes).toContain('Mud Skin: It has advantage');
    expect(lurker!.leftOut.join('\n')).toContain('Actions without an attack roll (Wail)');
    expect(pip).toMatchObject({ kind: 'pc', name: 'Pip', fields: { name: 'Pip', hp: 9, stats: { defense: 12, initiative: '1d20+1', tieModifier: 1 } } });
  });

  it('maps into SWN with the AC, the best attack bonus and the weapons; into popcorn with the HP only', () => {
    const [lurker] = review(importText(JSON.stringify(list()[0]), target('swn'))).items;
    expect(lurker!.fields.stats).toEqual({
      hp: 15,
      ac: 13,
      attackBonus: 4,
      dexMod: 2,
      weapons: [
        { name: 'Claw', damage: '1d8+2', kind: 'melee' },
        { name: 'Spit', damage: '1d6', kind: 'ranged' },
      ],
    });
    expect(lurker!.fields.hp).toBeUndefined();
    const [plain] = review(importText(JSON.stringify(list()[0]), target('popcorn'))).items;
    expect(plain!.fields).toMatchObject({ name: 'Bog Lurker', hp: 15, stats: {} });
    expect(plain!.leftOut).toContain('AC 13: Popcorn initiative has no AC');
  });

  it('refuses a creature without HP, a value out of range, and a game it does not map to', () => {
    const [a] = list();
    expect(importText(JSON.stringify({ ...a, HP: { Value: 0, Notes: '' } }), target('custom'))).toEqual({ ok: false, path: 'HP.Value', message: 'Bog Lurker: HP 0 is out of range (1 to 100000).' });
    expect(importText(JSON.stringify([a, { ...a, Name: 'X', AC: { Value: 400 } }]), target('swn'))).toEqual({ ok: false, path: '[1].AC.Value', message: 'X: AC 400 is out of range (0 to 100).' });
    expect(importText(JSON.stringify({ ...a, HP: { Notes: '' } }), target('custom'))).toMatchObject({ ok: false, path: 'HP.Value' });
    expect(importText(text('ii-creatures.json'), target('fallout'))).toMatchObject({ ok: false, path: '', message: expect.stringContaining('Import them into a Custom') });
    expect(importText('{"format": "turnkeeper-campaign"}', target('custom'))).toMatchObject({ ok: false, path: 'format' });
    expect(importText('{"hello": 1}', target('custom'))).toMatchObject({ ok: false, message: expect.stringContaining('Turnkeeper cannot read it') });
  });
});
