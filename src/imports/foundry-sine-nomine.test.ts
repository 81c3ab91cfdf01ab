import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { executeCampaign, emptyCampaign } from '../campaign/index.ts';
import { ruleModules } from '../rules/index.ts';
import { importCommand, importText } from './index.ts';
import type { ImportResult, ImportReview, ImportTarget } from './index.ts';

const text = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const json = (name: string) => JSON.parse(text(name)) as Record<string, unknown>;
const target = (rules: string): ImportTarget => ({ rules, stats: ruleModules.find((m) => m.id === rules)!.stats });
function review(r: ImportResult): ImportReview {
  if (!r.ok) throw new Error(`refused at ${r.path}: ${r.message}`);
  return r;
}

describe('Foundry VTT swnr actors', () => {
  it('maps a character to a PC: HP now and max, AC from armour and Dex, attack bonus, modifiers, skills, weapons', () => {
    const r = review(importText(text('swnr-character.json'), target('swn')));
    expect(r.format).toBe('Foundry VTT actor, Stars Without Number (Foundry system swnr)');
    const [pc] = r.items;
    expect(pc).toMatchObject({ kind: 'pc', name: 'Tamsin Rook' });
    expect(pc!.fields).toEqual({
      name: 'Tamsin Rook',
      stats: {
        dexMod: 1,
        intMod: -1,
        chaMod: 1,
        hp: 11,
        ac: 14,
        attackBonus: 1,
        skills: { shoot: 1, stab: 0, notice: -1 },
        weapons: [
          { name: 'Needle pistol', damage: '1d6', kind: 'ranged', attributes: ['dex'], skill: 'shoot' },
          { name: 'Galley cleaver', damage: '1d6+1', kind: 'melee', attributes: ['str', 'dex'], skill: 'stab', shock: { damage: 1, ac: 13 } },
        ],
      },
      tracks: { hp: { value: 7, max: 11 } },
    });
    expect(pc!.mapped).toContain('AC 14: Padded vest 13, Dex +1');
    expect(pc!.mapped).toContain('HP 7/11 (system.health)');
    expect(pc!.leftOut.join('\n')).toContain("Galley cleaver's own hit bonus +1: a weapon has none here (the attack bonus is the character's)");
    expect(pc!.leftOut.join('\n')).toMatch(/1 other item \(Quick Hands\)/);
    expect(pc!.leftOut).toContain('Expert level 2: levels and classes are not kept (the attack bonus and HP are)');
  });

  it('maps an NPC to a template: HP from its hit dice, its attack, skill bonus, and morale, saves and move in the GM notes', () => {
    const r = review(importText(text('swnr-npc.json'), target('cwn')));
    const [t] = r.items;
    expect(t!.kind).toBe('template');
    expect(t!.fields).toEqual({
      name: 'Dock Warden',
      stats: { hp: 9, ac: 14, attackBonus: 2, skills: { notice: 1, sneak: 1 }, weapons: [{ name: 'Attack', damage: '1d8', damageBonus: 1 }] },
      notes: 'Wears a teal sash.',
      gmNotes: 'HD 2 · 2 attacks · Morale 9 · Save 14+ · Move 10m · Calls for help & then backs off. · Faction: Harbour Guild',
    });
    expect(t!.mapped[0]).toBe('HP 9: the average of 2d8 (system.hitDice "2"; Foundry had not rolled it)');
    expect(t!.leftOut).toContain('Morale 9: morale checks are not rolled here (kept in the GM notes)');
  });

  it('reads an older export (data, flags.exportSource) from the cwn system', () => {
    const r = review(importText(text('cwn-npc-legacy.json'), target('cwn')));
    expect(r.format).toContain('Foundry system cwn');
    const [t] = r.items;
    expect(t!.fields.stats).toEqual({ hp: 9, ac: 12, attackBonus: 1, weapons: [{ name: 'Shock baton', damage: '1d6+1', kind: 'melee', attributes: ['str'], shock: { damage: 2, ac: 13 }, lessLethal: true }] });
    expect(t!.leftOut).toEqual(expect.arrayContaining(['Melee AC 13: one AC is used against every attack here', 'Melee attack bonus +2: one attack bonus is used for every attack here', 'Soak 3: there is no soak track here']));
  });

  it('is accepted by the campaign as one import command', () => {
    let c = emptyCampaign();
    const created = executeCampaign(c, { type: 'create', title: 'Drift', rules: 'swn' });
    if (!created.ok) throw new Error(created.rejection.message);
    c = created.campaign;
    const list = `[${text('swnr-character.json')}, ${text('swnr-npc.json')}]`;
    const r = review(importText(list, target('swn')));
    expect(r.format).toMatch(/\(2 actors\)$/);
    const done = executeCampaign(c, importCommand(r));
    if (!done.ok) throw new Error(done.rejection.message);
    expect(done.campaign.state.pcs.p1!.tracks.hp).toEqual({ value: 7, max: 11 });
    expect(done.campaign.state.templates.t1!.stats).toMatchObject({ hp: 9, ac: 14 });
  });

  it('refuses what it cannot import, naming where', () => {
    expect(importText(text('foundry-item.json'), target('swn'))).toMatchObject({ ok: false, path: 'type', message: expect.stringContaining('is a Foundry "weapon", not a character or an NPC') });
    expect(importText(text('dnd5e-actor.json'), target('swn'))).toMatchObject({ ok: false, path: '_stats.systemId', message: expect.stringContaining('"dnd5e"') });
    expect(importText(text('swnr-npc.json'), target('fallout'))).toMatchObject({ ok: false, message: expect.stringContaining('this campaign plays Fallout 2d20') });
    const badAc = json('swnr-npc.json');
    (badAc.system as Record<string, unknown>).baseAc = 500;
    expect(importText(JSON.stringify([json('swnr-character.json'), badAc]), target('swn'))).toEqual({ ok: false, path: '[1].system.baseAc', message: 'Dock Warden: AC 500 is out of range (0 to 100).' });
    const noHp = json('swnr-npc.json');
    (noHp.system as Record<string, unknown>).hitDice = 'lots';
    expect(importText(JSON.stringify(noHp), target('swn'))).toMatchObject({ ok: false, path: 'system.health.max' });
    const noName = { ...json('swnr-npc.json'), name: ' ' };
    expect(importText(JSON.stringify(noName), target('swn'))).toMatchObject({ ok: false, path: 'name' });
    const twice = `[${text('swnr-npc.json')}, ${text('swnr-npc.json')}]`;
    expect(importText(twice, target('swn'))).toMatchObject({ ok: false, path: '[1].name' });
    expect(importText('{"name": "x", "type": "npc", "system": ', target('swn'))).toMatchObject({ ok: false, path: '', message: expect.stringContaining('not valid JSON') });
  });
});
