import { describe, expect, it } from 'vitest';
import { matchesQuery, movePick, pickedHit, templateCommand } from './bestiary.ts';

describe('quick add from the bestiary', () => {
  it('adds a template with its stats, notes and hidden flag, as many as typed', () => {
    const raider = { id: 't1', name: 'Raider', side: null, stats: { hp: 7, ac: 13 }, hp: null, notes: 'scarred', gmNotes: 'flees at 2 HP', tags: ['raider'], hidden: true };
    expect(templateCommand(raider, 3, 'Pirates')).toEqual({
      type: 'add-combatant',
      name: 'Raider',
      side: 'Pirates',
      kind: 'npc',
      hidden: true,
      count: 3,
      stats: { hp: 7, ac: 13 },
      notes: 'scarred',
      gmNotes: 'flees at 2 HP',
    });
    expect(templateCommand({ ...raider, side: 'Raiders', hp: 9, notes: '', gmNotes: '', hidden: false }, 1, 'Pirates')).toEqual({
      type: 'add-combatant',
      name: 'Raider',
      side: 'Raiders',
      kind: 'npc',
      hidden: false,
      count: 1,
      stats: { hp: 7, ac: 13 },
      hp: 9,
    });
  });
});

describe('Enter in quick add: what the screen offers', () => {
  const raider = { name: 'Raider', tags: ['raider', 'human'] };
  it('finds a hit as the server does: the name contains what is typed, or a tag is it', () => {
    expect(matchesQuery(raider, 'raid')).toBe(true);
    expect(matchesQuery(raider, ' HUMAN ')).toBe(true);
    expect(matchesQuery(raider, 'hum')).toBe(false);
    expect(matchesQuery(raider, 'raidz')).toBe(false);
    expect(matchesQuery(raider, '')).toBe(false);
  });
  it('adds the highlighted hit (the first at first), or the name as typed past the last', () => {
    const hits = ['Raider', 'Raider Boss'];
    expect(pickedHit(hits, 0)).toBe('Raider');
    expect(pickedHit(hits, 1)).toBe('Raider Boss');
    expect(pickedHit(hits, 2)).toBeNull();
    expect(pickedHit([], 0)).toBeNull();
  });
  it('moves the highlight with the arrows, round the ends through "as typed"', () => {
    expect([movePick(0, 1, 2), movePick(1, 1, 2), movePick(2, 1, 2)]).toEqual([1, 2, 0]);
    expect([movePick(0, -1, 2), movePick(2, -1, 2)]).toEqual([2, 1]);
    expect(movePick(0, 1, 0)).toBe(0);
  });
});
