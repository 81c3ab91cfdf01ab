import { describe, expect, it } from 'vitest';
import { ruleModules } from '../rules/index.ts';
import { build, fightFrom, NORA, refused } from './testing.ts';

/** For each game: a PC and a template with that game's sheet, and a field its schema refuses. */
const games = [
  {
    rules: 'swn',
    pc: { name: 'Vasquez', stats: { hp: 12, ac: 14, attackBonus: 1, dexMod: 2, skills: { shoot: 1 }, weapons: [{ name: 'Laser pistol', damage: '1d6', kind: 'ranged' }] } },
    template: { name: 'Pirate', stats: { hp: 6, ac: 13, weapons: [{ name: 'Cutlass', damage: '1d8', shock: { damage: 2, ac: 13 } }] } },
    tracks: { hp: { value: 12, max: 12 } },
    bad: { stats: { ac: 'high' }, path: 'stats.ac' },
  },
  {
    rules: 'cwn',
    pc: { name: 'Lee', stats: { hp: 9, ac: 12, dexMod: 2, autoInitiative: true, weapons: [{ name: 'Knife', damage: '1d4', attributes: ['str', 'dex'], shock: { damage: 1, ac: 15 } }] } },
    template: { name: 'Razor', stats: { hp: 6, ac: 12, attackBonus: 1, weapons: [{ name: 'Blade', damage: '1d6' }] } },
    tracks: { hp: { value: 9, max: 9 }, lessLethal: { value: 0, min: 0, rising: true, label: 'less-lethal damage' } },
    bad: { stats: { weapons: [{ name: 'Knife', damage: '1d' }] }, path: 'stats.weapons[0].damage' },
  },
  {
    rules: 'kuro',
    pc: { name: 'Kenji', stats: { REA: 2, REF: 5, DEX: 3, STR: 2, defence: 8, hp: 14, skills: { Kenjutsu: 2 }, weapons: [{ name: 'Katana', damage: '1d6+2', skill: 'Kenjutsu' }] } },
    template: { name: 'Ronin', stats: { REA: 1, REF: 2, DEX: 3, STR: 2, defence: 8, hp: 9 } },
    tracks: { hp: { value: 14, max: 14 } },
    bad: { stats: { hp: -2 }, path: 'stats.hp' },
  },
  {
    rules: 'fallout',
    pc: { name: 'Nora', stats: NORA },
    template: { name: 'Raider', stats: { per: 5, agi: 5, hp: 8, weapons: [{ name: 'Pipe gun', type: 'ranged', damage: 3, ammo: '.38' }] } },
    tracks: { hp: { value: 12, max: 12 }, luck: { value: 3, max: 3, label: 'Luck points' }, 'ammo:10mm': { value: 6, label: '10mm ammo' } },
    bad: { stats: { luc: 25 }, path: 'stats.luc' },
  },
  {
    rules: 'popcorn',
    pc: { name: 'Mira', hp: 10, stats: { heroDice: 2, luckDie: 'd8' } },
    template: { name: 'Orc', hp: 6, stats: { heroDice: 1, group: 'Orcs' } },
    tracks: { reactionPool: { value: 2, max: 2 }, hp: { value: 10, max: 10 } },
    bad: { stats: { heroDice: 31 }, path: 'stats.heroDice' },
  },
  {
    rules: 'custom',
    pc: { name: 'Hero', hp: 20, stats: { initiative: '1d20+2', defense: 13 } },
    template: { name: 'Orc', hp: 15, stats: { defense: 12 } },
    tracks: { hp: { value: 20, max: 20 } },
    bad: { stats: { initiative: '1d20+x' }, path: 'stats.initiative' },
  },
] as const;

describe('every game', () => {
  it('is covered here', () => {
    expect(games.map((g) => g.rules).sort()).toEqual(ruleModules.map((m) => m.id).sort());
  });
  for (const game of games) {
    it(`${game.rules}: a PC and a template with the game's sheet go into a fight as they are`, () => {
      const b = build([
        { type: 'create', title: 'Test', rules: game.rules },
        { type: 'add-pc', ...game.pc },
        { type: 'add-template', ...game.template },
      ]);
      const pc = b.campaign.state.pcs.p1!;
      expect(pc.tracks).toEqual(game.tracks);
      const enc = fightFrom(b.campaign, { templates: [{ template: game.template.name, count: 2 }] });
      const [c1, c2, c3] = enc.state.roster.map((id) => enc.state.combatants[id]!);
      expect(c1).toMatchObject({ name: game.pc.name, kind: 'pc', tracks: game.tracks });
      expect(c1!.stats).toEqual(pc.stats);
      expect([c2!.name, c3!.name]).toEqual([game.template.name, `${game.template.name} 2`]);
      expect(c2!.stats).toEqual(b.campaign.state.templates.t1!.stats);
      const bad = refused(b.campaign, { type: 'update-template', template: game.template.name, stats: game.bad.stats });
      expect(bad.details).toMatchObject({ path: game.bad.path });
      expect(bad.message).toContain(game.bad.path);
      expect(refused(b.campaign, { type: 'update-pc', pc: game.pc.name, stats: game.bad.stats }).details).toMatchObject({ path: game.bad.path });
    });
  }
});
