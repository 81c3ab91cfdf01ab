import { describe, expect, it } from 'vitest';
import { emptyCampaignState } from '../../campaign/index.ts';
import type { CampaignPc, CampaignState, CampaignTemplate } from '../../campaign/index.ts';
import { portraitOwners } from './portrait-owners.ts';

const pc = (id: string, name: string): CampaignPc => ({ id, name, side: 'Party', stats: {}, tracks: {}, notes: '' });
const template = (id: string, name: string): CampaignTemplate => ({ id, name, side: null, stats: {}, hp: null, notes: '', gmNotes: '', tags: [], hidden: false });

function state(): CampaignState {
  return {
    ...emptyCampaignState(),
    pcs: { p1: pc('p1', 'Vasquez'), p2: pc('p2', 'Kade') },
    pcOrder: ['p1', 'p2'],
    templates: { t1: template('t1', 'Raider'), t2: template('t2', 'Raider 2'), t3: template('t3', 'Mutant hound') },
    templateOrder: ['t1', 't2', 't3'],
    fights: { f1: { id: 'f1', title: 'Ambush', pcs: { p1: 'c1', p2: 'c2', p9: 'c9' }, writtenBack: 0 } },
    fightOrder: ['f1'],
  };
}

describe('portraitOwners', () => {
  it('gives a PC its campaign PC\'s portrait through the fight\'s links, never by name', () => {
    const owners = portraitOwners(state(), 'f1', [
      { id: 'c1', name: 'Vasquez', kind: 'pc' },
      { id: 'c2', name: 'Renamed Kade', kind: 'pc' },
      { id: 'c7', name: 'Vasquez', kind: 'pc' },
      { id: 'c9', name: 'Gone', kind: 'pc' },
    ]);
    expect([...owners]).toEqual([
      ['c1', 'p1'],
      ['c2', 'p2'],
    ]);
  });

  it('gives an NPC the template it carries the name of as pulled in, numbered copies too, in any case', () => {
    const owners = portraitOwners(state(), 'f1', [
      { id: 'c3', name: 'Raider', kind: 'npc' },
      { id: 'c4', name: 'Raider 2', kind: 'npc' },
      { id: 'c5', name: 'raider 3', kind: 'npc' },
      { id: 'c6', name: 'Mutant Hound 12', kind: 'npc' },
      { id: 'c8', name: 'Big Raider', kind: 'npc' },
      { id: 'c10', name: 'Vasquez', kind: 'npc' },
    ]);
    expect(Object.fromEntries(owners)).toEqual({ c3: 't1', c4: 't2', c5: 't1', c6: 't3' });
  });

  it('shows nothing in a fight the campaign does not have, but its templates still by name', () => {
    const owners = portraitOwners(state(), 'other', [
      { id: 'c1', name: 'Vasquez', kind: 'pc' },
      { id: 'c3', name: 'Raider', kind: 'npc' },
    ]);
    expect(Object.fromEntries(owners)).toEqual({ c3: 't1' });
  });
});
