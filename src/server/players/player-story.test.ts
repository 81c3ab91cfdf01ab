import { describe, expect, it } from 'vitest';
import { runScript } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
import { playerStory, playerStoryMarkdown } from './player-story.ts';
import { RosterHistory } from './roster-history.ts';
import { secretsOf } from './secrets.ts';
import { defaultSettings } from './settings.ts';
import type { EncounterSettings } from './settings.ts';

const combatants = [
  { name: 'Vasquez', kind: 'pc', hp: 12, stats: { defense: 12 } },
  { name: 'Zorblax', hp: 9, hidden: true, stats: { defense: 11 } },
  { name: 'Goblin', hp: 6, stats: { defense: 10 } },
];
const start = { type: 'start', dice: { Vasquez: 10, Zorblax: 8, Goblin: 4 } };
const attack = (actor: string, target: string, damage: number) => ({ type: 'attack', actor, target, hit: '1d20+5', damage: '1d6', dice: { hit: 15, damage } });

function told(commands: unknown[], settings: Partial<EncounterSettings> = {}) {
  const r = runScript(engine, { rules: 'custom', title: 'Zorblax strikes', combatants, commands }, 1);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.message}`);
  const history = new RosterHistory();
  let e = engine.replay([]);
  for (const s of r.events) {
    e = engine.evolve(e, s);
    history.observe(s.event, e.state);
  }
  const source = { events: r.events, state: e.state, module: engine.moduleOf(e) };
  const s = { ...defaultSettings, ...settings };
  const secrets = secretsOf(e.state, history);
  return { story: playerStory(source, s, secrets), markdown: playerStoryMarkdown(source, s, secrets) };
}

describe('the story of the fight as players read it', () => {
  it('a hidden attacker has no row; its damage counts in the victim\'s damage taken, from no one named', () => {
    const { story, markdown } = told([start, { type: 'end-turn' }, attack('Zorblax', 'Vasquez', 6), { type: 'damage', combatants: ['Vasquez'], amount: 6 }, { type: 'end-turn' }], { npcHp: 'exact' });
    expect(story.combatants.map((c) => c.name)).toEqual(['Vasquez', 'Goblin']);
    const vasquez = story.combatants[0]!;
    expect(vasquez).toMatchObject({ id: 'c1', taken: 12, downs: [{ round: 1, by: null }] });
    // The hidden one's turn is the GM's: Vasquez's and Goblin's turns count in round 1, not Zorblax's.
    expect(story.rounds[0]).toMatchObject({ round: 1, turns: 2 });
    expect(story.title).toBe('someone strikes');
    for (const text of [JSON.stringify(story), markdown]) {
      expect(text).not.toMatch(/Zorblax/i);
      expect(text).not.toMatch(/unseen/i);
    }
  });

  it('damage dealt to a hidden victim is left out; revealed, what it does from then on counts', () => {
    const before = told([start, attack('Vasquez', 'Zorblax', 4)], { npcHp: 'exact' });
    expect(before.story.combatants[0]).toMatchObject({ name: 'Vasquez', dealt: 0, unreadHits: 0 });
    const after = told([start, attack('Vasquez', 'Zorblax', 4), { type: 'update-combatant', combatant: 'Zorblax', hidden: false }, attack('Vasquez', 'Zorblax', 3)], { npcHp: 'exact' });
    // Zorblax became visible third: players know it as c3.
    expect(after.story.combatants.map((c) => [c.id, c.name, c.dealt, c.taken])).toEqual([
      ['c1', 'Vasquez', 3, 0],
      ['c3', 'Zorblax', 0, 3],
      ['c2', 'Goblin', 0, 0],
    ]);
  });

  it('NPC HP hidden: an NPC\'s damage and healing are not numbers, hits on it are counted, not added up', () => {
    const { story, markdown } = told([start, attack('Vasquez', 'Goblin', 4), { type: 'heal', combatants: ['Goblin'], amount: 1 }], { npcHp: 'hidden' });
    const [vasquez, goblin] = story.combatants;
    expect(vasquez).toMatchObject({ dealt: 0, unreadHits: 1 });
    expect(goblin).toMatchObject({ taken: null, healed: null });
    expect(goblin!.health).toBeUndefined();
    expect(markdown).toContain('| Vasquez (PC) | PCs | 1 | — | 1 hit | 0 | 0 | — |');
    expect(markdown).toContain('| Goblin | NPCs | 0 | — | 0 | — | — | — |');
  });

  it('NPC HP in bands: the NPC\'s band now instead of its damage; exact: the numbers', () => {
    const bands = told([start, attack('Vasquez', 'Goblin', 4)], { npcHp: 'bands' }).story.combatants[1]!;
    expect(bands).toMatchObject({ taken: null, health: 'Bloodied' });
    const exact = told([start, attack('Vasquez', 'Goblin', 4)], { npcHp: 'exact' }).story.combatants;
    expect(exact[0]).toMatchObject({ dealt: 4, unreadHits: 0 });
    expect(exact[1]).toMatchObject({ taken: 4 });
  });
});
