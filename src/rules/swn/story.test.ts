import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fightStory, runScript, storyMarkdown } from '../../core/index.ts';
import { engine } from '../index.ts';
import { swnFold } from './fold.ts';

const script = JSON.parse(readFileSync(new URL('./examples/fight.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('swn: the story of the example fight (examples/fight.json)', () => {
  const r = runScript(engine, script, 1);
  if (!r.ok) throw new Error(r.rejection.message);
  const story = fightStory(r.events, swnFold);
  const row = (name: string) => story.combatants.find((c) => c.name === name)!;

  it('damage dealt is the HP the attacks took (Vasquez\'s 4 took Pirate\'s last 1), Shock included; undo then redo counts once', () => {
    expect(story.combatants.map((c) => [c.name, c.turns, c.dealt, c.taken])).toEqual([
      ['Vasquez', 3, 7, 0],
      ['Kade', 2, 2, 8],
      ['Mara', 2, 3, 0],
      ['Pirate', 1, 8, 7],
      ['Pirate 2', 1, 0, 5],
      ['Pirate 3', 1, 0, 0],
      ['Lookout', 2, 0, 0],
    ]);
  });

  it('who went down, when and by whom; who left the fight', () => {
    expect(row('Pirate').downs).toEqual([{ round: 2, by: 'Vasquez' }]);
    expect(row('Lookout').removed).toBe(true);
    expect(story.rounds.map((r) => r.round)).toEqual([1, 2, 3]);
    const md = storyMarkdown(story);
    expect(md).toContain('## Story of the fight: Ambush in the cargo bay');
    expect(md).toContain('| Pirate | Pirates | 1 | — | 8 | 7 | 0 | Round 2, by Vasquez |');
    expect(md).toContain('| Lookout (left) |');
    expect(md).not.toContain('Spent');
  });
});
