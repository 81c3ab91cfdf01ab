import { describe, expect, it } from 'vitest';
import type { EngineEvent, StoredEvent } from '../events.ts';
import type { FoldModule } from '../rule-module.ts';
import { fightStory, storyMarkdown } from './index.ts';
import { formatDuration, markdownText } from './markdown.ts';

/** A fight built by hand, one command per entry, over the core alone (no module). */
function log(commands: readonly (readonly EngineEvent[])[]): StoredEvent[] {
  const out: StoredEvent[] = [];
  commands.forEach((events, i) => {
    for (const event of events) out.push({ seq: out.length + 1, cmd: i + 1, event });
  });
  return out;
}

const combatant = (id: string, name: string, kind: 'pc' | 'npc', hp: number, hidden = false) =>
  ({ type: 'combatant-added', combatant: { id, name, side: kind === 'pc' ? 'party' : 'foes', kind, hidden, defeated: false, stats: {}, tracks: { hp: { value: hp, max: hp } }, conditions: [], notes: '', gmNotes: '' } }) as EngineEvent;
const timed = (round: number, actors: string[], took: number): EngineEvent =>
  ({ type: 'turn-timed', at: 0, ended: { actors, round, took }, started: null }) as unknown as EngineEvent;
const hp = (id: string, from: number, to: number, reason: string): EngineEvent => ({ type: 'track-changed', id, track: 'hp', from, to, reason });

const setup: EngineEvent[][] = [
  [{ type: 'encounter-created', rules: { id: 'test', version: 1 }, options: {}, title: 'Bridge | fight', rng: { alg: 'sfc32', s: [1, 2, 3, 4] } }],
  [{ type: 'side-added', side: { id: 'party', name: 'Party', players: true } }, { type: 'side-added', side: { id: 'foes', name: 'Foes', players: false } }],
  [combatant('c1', 'Ana', 'pc', 10), combatant('c2', 'Orc', 'npc', 8)],
];

describe('the story of a fight, over the core alone', () => {
  it('counts turns, damage by whoever has the turn, healing, defeats; an undone command does not count', () => {
    const events = log([
      ...setup,
      [{ type: 'round-started', round: 1 }, { type: 'turn-started', actors: ['c1'] }],
      [hp('c2', 8, 3, 'damage')],
      [hp('c1', 10, 1, 'damage')], // undone below
      [{ type: 'undone', cmd: 6 }],
      [{ type: 'turn-ended', actors: ['c1'] }, timed(1, ['c1'], 65_000), { type: 'turn-started', actors: ['c2'] }],
      [hp('c1', 10, 6, 'damage')],
      [{ type: 'turn-ended', actors: ['c2'] }, timed(1, ['c2'], 20_000), { type: 'round-started', round: 2 }, { type: 'turn-started', actors: ['c1'] }],
      [hp('c2', 3, 0, 'damage'), { type: 'defeated-set', id: 'c2', defeated: true, reason: 'reduced to 0 HP' }],
      [hp('c1', 6, 9, 'heal')],
      [hp('c1', 9, 10, 'set')],
      [{ type: 'turn-ended', actors: ['c1'] }, timed(2, ['c1'], 5_000), { type: 'encounter-ended' }],
    ]);
    const story = fightStory(events);
    expect(story.timed).toBe(true);
    expect(story.totalMs).toBe(90_000);
    expect(story.rounds).toEqual([
      { round: 1, ms: 85_000, turns: 2 },
      { round: 2, ms: 5_000, turns: 1 },
    ]);
    const [ana, orc] = story.combatants;
    expect(ana).toMatchObject({ id: 'c1', name: 'Ana', side: 'Party', kind: 'pc', turns: 2, turnMs: 70_000, dealt: 8, taken: 4, healed: 3, downs: [] });
    expect(orc).toMatchObject({ id: 'c2', turns: 1, turnMs: 20_000, dealt: 4, taken: 8, healed: 0, downs: [{ round: 2, by: 'Ana' }] });
    expect(story.ended).toBe(true);
  });

  it('a fight recorded without turn times reads "not timed", never zeros', () => {
    const events = log([...setup, [{ type: 'round-started', round: 1 }, { type: 'turn-started', actors: ['c1'] }], [hp('c2', 8, 5, 'damage')]]);
    const story = fightStory(events);
    expect(story.timed).toBe(false);
    expect(story.totalMs).toBeNull();
    expect(story.rounds).toEqual([{ round: 1, ms: null, turns: 1 }]);
    expect(story.combatants[0]!.turnMs).toBeNull();
    expect(storyMarkdown(story)).toContain('not timed');
    expect(storyMarkdown(story)).not.toMatch(/0:00/);
  });

  it('a side\'s shared turn counts whole for each member; a redone command counts again', () => {
    const events = log([
      ...setup,
      [combatant('c3', 'Bo', 'pc', 6)],
      [{ type: 'round-started', round: 1 }, { type: 'turn-started', actors: ['c1', 'c3'] }],
      [hp('c2', 8, 6, 'damage')],
      [{ type: 'undone', cmd: 6 }],
      [{ type: 'redone', cmd: 6 }],
      [{ type: 'turn-ended', actors: ['c1', 'c3'] }, timed(1, ['c1', 'c3'], 30_000)],
    ]);
    const story = fightStory(events);
    expect(story.rounds).toEqual([{ round: 1, ms: 30_000, turns: 1 }]);
    expect(story.combatants.map((c) => [c.name, c.turns, c.turnMs])).toEqual([['Ana', 1, 30_000], ['Orc', 0, 0], ['Bo', 1, 30_000]]);
    // Two in the turn: nobody in particular dealt the hand-applied damage.
    expect(story.combatants[1]!.taken).toBe(2);
    expect(story.combatants.map((c) => c.dealt)).toEqual([0, 0, 0]);
  });

  it('the GM\'s time (a decision: no actors) counts in its round and for no one', () => {
    const events = log([...setup, [{ type: 'round-started', round: 1 }, timed(1, [], 7_000), { type: 'turn-started', actors: ['c1'] }], [timed(1, ['c1'], 3_000)]]);
    const story = fightStory(events);
    expect(story.rounds).toEqual([{ round: 1, ms: 10_000, turns: 1 }]);
    expect(story.combatants.map((c) => c.turnMs)).toEqual([3_000, 0]);
  });

  it('a module names its resources and who acted; its attack events name the attacker', () => {
    const module: FoldModule = {
      id: 'test', title: 'Test game', version: 1, roundName: 'game turn',
      init: () => null, evolve: (s) => s, whoMayAct: () => ({ kind: 'ended' }) as never, allowedActions: () => [], describe: () => null,
      story: {
        actionBy: (e) => (e.type === 'test/acted' ? (e as unknown as { actor: string }).actor : null),
        spent: (e) => (e.type === 'test/acted' ? [{ resource: 'Luck', amount: 1, by: (e as unknown as { actor: string }).actor }] : []),
      },
    };
    const events = log([
      ...setup,
      [{ type: 'round-started', round: 1 }],
      [{ type: 'test/acted', actor: 'c2' }],
      [hp('c1', 10, 7, 'damage')],
      [{ type: 'test/hit', actor: 'c1', target: 'c2' }, hp('c2', 8, 2, 'damage')],
    ]);
    const story = fightStory(events, module);
    expect(story.rulesTitle).toBe('Test game');
    expect(story.combatants.map((c) => [c.name, c.dealt, c.taken, c.spent])).toEqual([
      ['Ana', 6, 3, []],
      ['Orc', 3, 6, [{ resource: 'Luck', amount: 1 }]],
    ]);
    const md = storyMarkdown(story);
    expect(md).toContain('Test game · 1 game turn · not timed');
    expect(md).toContain('| Game turn | Time | Turns |');
    expect(md).toContain('Luck 1');
  });

  it('writes Markdown whose names cannot break the table', () => {
    const md = storyMarkdown(fightStory(log(setup)));
    expect(md).toContain('## Story of the fight: Bridge \\| fight');
    expect(markdownText('*Zed* [x](y) | <b>')).toBe('\\*Zed\\* \\[x\\](y) \\| \\<b\\>');
    expect(formatDuration(65_400)).toBe('1:05');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
  });
});
