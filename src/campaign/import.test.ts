import { describe, expect, it } from 'vitest';
import { campaignLog } from './log.ts';
import { checkCampaignFile } from './file.ts';
import { after, party, refused } from './testing.ts';

const batch = {
  type: 'import',
  pcs: [{ name: 'Nadia', hp: 8, notes: 'From Foundry' }],
  templates: [
    { name: 'Ghoul', hp: 9, stats: { defense: 11 }, tags: ['undead'], gmNotes: 'Morale 12' },
    { name: 'Drone', hp: 4 },
  ],
};

describe('import', () => {
  it('adds every PC and template in one command: ids in turn, one undo step for all', () => {
    const before = party();
    const b = after(before, batch);
    const s = b.campaign.state;
    expect(s.pcOrder).toEqual(['p1', 'p2', 'p3']);
    expect(s.pcs.p3).toMatchObject({ name: 'Nadia', notes: 'From Foundry', tracks: { hp: { value: 8, max: 8 } } });
    expect(s.templateOrder).toEqual(['t1', 't2', 't3']);
    expect(s.templates.t2).toMatchObject({ name: 'Ghoul', hp: 9, stats: { defense: 11 }, tags: ['undead'], gmNotes: 'Morale 12' });
    const added = b.events.slice(before.events.length);
    expect(added.map((e) => e.event.type)).toEqual(['pc-added', 'template-added', 'template-added']);
    expect(new Set(added.map((e) => e.cmd)).size).toBe(1);
    const undone = after(b, { type: 'undo' });
    expect(undone.campaign.state).toEqual(before.campaign.state);
    const redone = after(undone, { type: 'redo' });
    expect(redone.campaign.state).toEqual(s);
  });

  it('is logged one line an entry, and its file is checked as commands would have made it', () => {
    const b = after(after(party(), batch), { type: 'undo' });
    const log = campaignLog(b.events).map((l) => l.text);
    expect(log.slice(-4)).toEqual(['PC added: Nadia (HP 8/8).', 'Template added: Ghoul (tags: undead).', 'Template added: Drone.', 'Undo: PC added: Nadia (HP 8/8).']);
    const file = checkCampaignFile({ format: 'turnkeeper-campaign', version: 1, rules: 'custom', title: 'Docks', exportedAt: '2026-01-01T00:00:00.000Z', events: b.events, fights: [] });
    expect(file.ok).toBe(true);
  });

  it('refuses the whole import when one entry is refused, naming the entry', () => {
    const { campaign } = party();
    const taken = refused(campaign, { ...batch, templates: [batch.templates[1], { name: 'raider' }] });
    expect(taken).toMatchObject({ code: 'campaign/name-taken', details: { path: 'templates[1].name' } });
    expect(taken.message).toBe('Nothing was imported. templates[1]: name: there is already a template called "Raider".');
    const twice = refused(campaign, { type: 'import', templates: [{ name: 'Rat' }, { name: 'RAT' }] });
    expect(twice.details).toEqual({ path: 'templates[1].name' });
    const sheet = refused(campaign, { type: 'import', pcs: [{ name: 'Kit', stats: { tieModifier: 500 } }] });
    expect(sheet).toMatchObject({ code: 'campaign/invalid-stats', details: { path: 'pcs[0].stats.tieModifier' } });
    expect(refused(campaign, { type: 'import', templates: [{ name: 'Rat', hp: 0 }] }).details).toEqual({ path: 'templates[0].hp' });
    expect(refused(campaign, { type: 'import' }).code).toBe('campaign/import-empty');
    expect(refused(campaign, { type: 'import', templates: [{ name: 'Rat', speed: 3 }] }).code).toBe('command/invalid');
  });
});
