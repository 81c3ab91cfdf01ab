import { describe, expect, it } from 'vitest';
import { after, build, party, refused, vault } from './testing.ts';

describe('add-template', () => {
  it('keeps the sheet through the game\'s schema, with defaults, and drops repeated tags', () => {
    const b = after(vault(), { type: 'add-template', name: 'Ghoul', side: 'Ferals', hp: 9, stats: { type: 'creature', body: 6, mind: 4 }, notes: 'Glows', gmNotes: 'Weak to fire', tags: ['ghoul', 'Ghoul', 'feral'], hidden: true });
    const t = b.campaign.state.templates.t2!;
    expect(t).toMatchObject({ id: 't2', name: 'Ghoul', side: 'Ferals', hp: 9, notes: 'Glows', gmNotes: 'Weak to fire', tags: ['ghoul', 'feral'], hidden: true });
    expect(t.stats).toMatchObject({ type: 'creature', body: 6, mind: 4, weapons: [] });
    expect(b.campaign.state.templates.t1).toMatchObject({ side: null, hp: null, notes: '', gmNotes: '', tags: ['raider'], hidden: false });
    expect(b.campaign.state.templateOrder).toEqual(['t1', 't2']);
  });
  it('refuses a taken name, a bad sheet by its path, and tags beyond their bounds', () => {
    const { campaign } = vault();
    expect(refused(campaign, { type: 'add-template', name: 'raider' }).code).toBe('campaign/name-taken');
    const sheet = refused(campaign, { type: 'add-template', name: 'Ghoul', stats: { type: 'creature', body: 6 } });
    expect(sheet).toMatchObject({ code: 'campaign/invalid-stats', details: { path: 'stats.mind' } });
    expect(refused(campaign, { type: 'add-template', name: 'G', tags: ['x'.repeat(41)] }).details).toEqual({ path: 'tags[0]' });
    expect(refused(campaign, { type: 'add-template', name: 'G', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }).details).toEqual({ path: 'tags' });
    expect(refused(campaign, { type: 'add-template', name: 'G', tags: [' '] }).code).toBe('name/invalid');
    expect(refused(campaign, { type: 'add-template', name: 'G', gmNotes: 'x'.repeat(4001) }).details).toEqual({ path: 'gmNotes' });
    expect(refused(campaign, { type: 'add-template', name: 'G', hp: 1.5 }).details).toEqual({ path: 'hp' });
  });
  it('refuses a maximum HP below 1, from the hp field or the sheet, in words', () => {
    const { campaign } = vault();
    expect(refused(campaign, { type: 'add-template', name: 'Rat', stats: { per: 4, agi: 6, hp: 0 } })).toEqual({
      code: 'campaign/hp-too-low',
      message: 'Rat: stats.hp: at least 1 (an opponent at 0 HP is defeated before the fight starts).',
      details: { path: 'stats.hp' },
    });
    expect(refused(party().campaign, { type: 'add-template', name: 'Rat', hp: 0 })).toMatchObject({ code: 'campaign/hp-too-low', details: { path: 'hp' } });
    expect(refused(party().campaign, { type: 'update-template', template: 'Raider', hp: 0 })).toMatchObject({ code: 'campaign/hp-too-low', details: { path: 'hp' } });
    expect(refused(campaign, { type: 'update-template', template: 'Raider', stats: { hp: 0 } })).toMatchObject({ code: 'campaign/hp-too-low', details: { path: 'stats.hp' } });
  });
  it('holds at most 2000 templates', () => {
    const many = build(Array.from({ length: 2000 }, (_, i) => ({ type: 'add-template', name: `Rat ${i}` })), build([{ type: 'create', title: 'Sewers', rules: 'custom' }]));
    expect(many.campaign.state.templateOrder).toHaveLength(2000);
    expect(refused(many.campaign, { type: 'add-template', name: 'Rat king' }).code).toBe('campaign/too-many-templates');
  });
});

describe('update-template and remove-template', () => {
  it('changes each field given; null clears side and hp', () => {
    let b = after(party(), { type: 'update-template', template: 'raider', name: 'Raider boss', side: 'Raiders', hp: 10, stats: { defense: 14 }, notes: 'n', gmNotes: 'g', tags: ['boss'], hidden: true });
    expect(b.campaign.state.templates.t1).toMatchObject({ name: 'Raider boss', side: 'Raiders', hp: 10, stats: { defense: 14 }, notes: 'n', gmNotes: 'g', tags: ['boss'], hidden: true });
    b = after(b, { type: 'update-template', template: 't1', side: null, hp: null });
    expect(b.campaign.state.templates.t1).toMatchObject({ side: null, hp: null });
  });
  it('refuses an unknown template, a taken name, a bad sheet and nothing to change', () => {
    let b = after(party(), { type: 'add-template', name: 'Wolf' });
    const unknown = refused(b.campaign, { type: 'update-template', template: 'Orc', hp: 3 });
    expect(unknown).toMatchObject({ code: 'campaign/unknown-template', details: { path: 'template' } });
    expect(unknown.message).toContain('Templates: Raider, Wolf');
    expect(refused(b.campaign, { type: 'update-template', template: 'Wolf', name: 'RAIDER' }).code).toBe('campaign/name-taken');
    expect(refused(b.campaign, { type: 'update-template', template: 'Wolf', stats: { tieModifier: 500 } }).details).toEqual({ path: 'stats.tieModifier' });
    expect(refused(b.campaign, { type: 'update-template', template: 'Raider', hp: 6, tags: ['raider', 'human', 'Raider'] }).code).toBe('campaign/unchanged');
    b = after(b, { type: 'remove-template', template: 'wolf' });
    expect(b.campaign.state.templateOrder).toEqual(['t1']);
    expect(refused(b.campaign, { type: 'remove-template', template: 'Wolf' }).code).toBe('campaign/unknown-template');
    expect(refused(build([{ type: 'create', title: 'X', rules: 'custom' }]).campaign, { type: 'remove-template', template: 'Wolf' }).message).toContain('The bestiary is empty');
  });
});
