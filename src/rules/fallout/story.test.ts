import { describe, expect, it } from 'vitest';
import { fightStory, storyMarkdown } from '../../core/index.ts';
import { falloutFold } from './fold.ts';
import { fight, step } from './test-kit.ts';

describe('fallout: the story of a fight', () => {
  // Nora opens (round 0), Raider and Piper tie and the GM lets Raider go first; Piper spends Luck to act
  // before Raider and throws a grenade with 2 extra damage AP from the party pool.
  it('counts Luck and AP spent by whom, the grenade\'s damage as Piper\'s, Raider down by Piper', () => {
    let p = fight([{ type: 'start', initiator: 'Nora' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Raider' }, { type: 'end-turn' }], { partyPoolStart: 3 });
    p = step(p, { type: 'luck-interrupt', actor: 'Piper' });
    p = step(p, { type: 'attack', actor: 'Piper', target: 'Raider', weapon: 'Frag grenade', extraDamageAp: 2, dice: { test: [3, 9], location: 5, damage: [2, 2, 2, 2, 2, 2, 2] } });
    // An attack undone does not count.
    p = step(p, { type: 'end-turn' });
    p = step(p, { type: 'attack', actor: 'Ghoul', target: 'Nora', weapon: 'Claws', dice: { test: [1, 1], location: 5, damage: [2, 2] } });
    p = step(p, { type: 'undo' });
    const story = fightStory(p.events, falloutFold);
    const row = (name: string) => story.combatants.find((c) => c.name === name)!;
    expect(row('Piper')).toMatchObject({ dealt: 10, spent: [{ resource: 'Luck', amount: 1 }, { resource: 'AP', amount: 2 }] });
    expect(row('Raider')).toMatchObject({ taken: 10, downs: [{ round: 1, by: 'Piper' }] });
    // The opening turn (round 0) and her turn in round 1.
    expect(row('Nora')).toMatchObject({ taken: 0, turns: 2 });
    expect(row('Ghoul').dealt).toBe(0);
    expect(story.pools).toEqual([{ resource: 'AP', pool: 'party pool', amount: 2 }]);
    // Nora's opening turn is round 0.
    expect(story.rounds.map((r) => r.round)).toEqual([0, 1]);
    expect(story.timed).toBe(false);
    const md = storyMarkdown(story);
    expect(md).toContain('Fallout 2d20 · 1 round · not timed');
    expect(md).toContain('Luck 1, AP 2');
    expect(md).toContain('AP from the party pool: 2');
  });
});
