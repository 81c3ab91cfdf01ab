import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ruleModules } from '../rules/index.ts';
import { importText } from './index.ts';
import type { ImportResult, ImportReview, ImportTarget } from './index.ts';

const text = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const json = (name: string) => JSON.parse(text(name)) as Record<string, Record<string, unknown>>;
const target = (rules: string): ImportTarget => ({ rules, stats: ruleModules.find((m) => m.id === rules)!.stats });
function review(r: ImportResult): ImportReview {
  if (!r.ok) throw new Error(`refused at ${r.path}: ${r.message}`);
  return r;
}

describe('Foundry VTT fallout actors', () => {
  it('maps a character to a PC: S.P.E.C.I.A.L., the published HP and Defense, skills and tags, weapons, ammunition', () => {
    const [pc] = review(importText(text('fallout-character.json'), target('fallout'))).items;
    expect(pc!.kind).toBe('pc');
    expect(pc!.fields).toEqual({
      name: 'Wren Castile',
      stats: {
        type: 'character',
        str: 7, per: 6, end: 6, cha: 5, int: 6, agi: 9, luc: 5,
        hp: 12,
        defense: 2,
        initiativeBonus: 1,
        meleeDamageBonus: 1,
        skills: { 'small guns': 3, sneak: 1 },
        tags: ['small guns'],
        dr: { all: { radiation: 1 } },
        weapons: [
          { name: 'Scrap pistol', type: 'ranged', damage: 3, skill: 'small guns', range: 'close', ammo: 'Scrap round', fireRate: 1, effects: ['piercing 1'] },
          { name: 'Tyre iron', type: 'melee', damage: 2, skill: 'melee weapons' },
        ],
        ammo: { 'Scrap round': 14 },
      },
      tracks: { hp: { value: 10, max: 12 } },
    });
    expect(pc!.mapped).toContain('HP 12: END 6 + LUC 5 + level 2 - 1 (the file has no maximum)');
    const left = pc!.leftOut.join('\n');
    expect(pc!.mapped).toContain('Weapon Scrap pistol: ranged, 3 CD physical, small guns, piercing 1, qualities close quarters not kept');
    expect(left).toContain('Worn apparel (Road leathers)');
    expect(left).toContain('Luck points 3 now');
    expect(left).toContain('1 other item (Steady Aim)');
  });

  it('maps a creature to a template: BODY, MIND, its skills, DR, initiative bonus, hit locations, attacks', () => {
    const [t] = review(importText(text('fallout-creature.json'), target('fallout'))).items;
    expect(t!.kind).toBe('template');
    expect(t!.fields).toMatchObject({
      name: 'Marsh Hound',
      stats: {
        type: 'creature',
        body: 5,
        mind: 4,
        hp: 12,
        defense: 1,
        initiativeBonus: 1,
        skills: { melee: 2, guns: 0, other: 1 },
        dr: { all: { physical: 2, poison: 3 } },
        weapons: [{ name: 'Gnash', type: 'unarmed', damage: 3, skill: 'melee', effects: ['vicious'] }],
      },
      gmNotes: 'Normal creature, level 3',
    });
    expect((t!.fields.stats as { hitLocations: unknown[] }).hitLocations).toHaveLength(6);
  });

  it('refuses a missing attribute, a value out of range and another game, naming where', () => {
    const noAgi = json('fallout-character.json');
    delete (noAgi.system!.attributes as Record<string, unknown>).agi;
    expect(importText(JSON.stringify(noAgi), target('fallout'))).toEqual({ ok: false, path: 'system.attributes.agi.value', message: 'Wren Castile has no AGI (system.attributes.agi.value).' });
    const strong = json('fallout-creature.json');
    strong.system!.body = { value: 25 };
    expect(importText(JSON.stringify(strong), target('fallout'))).toEqual({ ok: false, path: 'system.body.value', message: 'Marsh Hound: BODY 25 is out of range (0 to 20).' });
    expect(importText(text('fallout-creature.json'), target('swn'))).toMatchObject({ ok: false, message: expect.stringContaining('Import it into a Fallout 2d20 campaign') });
    const settlement = { ...json('fallout-creature.json'), type: 'settlement' };
    expect(importText(JSON.stringify(settlement), target('fallout'))).toMatchObject({ ok: false, path: 'type' });
  });
});
