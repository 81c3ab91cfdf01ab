import { describe, expect, it } from 'vitest';
import { templateCommand } from './bestiary.ts';

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
