import { describe, expect, it } from 'vitest';
import { campaignLog } from './log.ts';
import { build, party, vault } from './testing.ts';

const lines = (events: Parameters<typeof campaignLog>[0]) => campaignLog(events).map((l) => l.text);

describe('the campaign log', () => {
  it('says what each command did, in a GM\'s words', () => {
    const b = build(
      [
        { type: 'set-title', title: 'Harbour' },
        { type: 'set-options', options: { formula: '1d10' } },
        { type: 'update-pc', pc: 'Vasquez', name: 'Vas', hp: 15 },
        { type: 'set-pc-track', pc: 'Lee', track: 'hp', value: 4 },
        { type: 'add-pc', name: 'Mara', side: 'Scouts', tracks: { fatigue: { value: 0, max: 5 } } },
        { type: 'remove-pc', pc: 'Mara' },
        { type: 'add-template', name: 'Ghoul', hidden: true },
        { type: 'update-template', template: 'Ghoul', hp: 4, tags: [], side: 'Ferals', gmNotes: 'x' },
        { type: 'remove-template', template: 'Ghoul' },
        { type: 'link-fight', fight: 'enc1', title: 'Crypt ambush', pcs: { Vas: 'c1', Lee: 'c2' } },
        { type: 'write-back', fight: 'enc1', changes: [{ pc: 'Vas', track: 'hp', from: 15, to: 5 }, { pc: 'Lee', track: 'hp', from: 4, to: 2 }] },
        { type: 'write-back', fight: 'enc1' },
        { type: 'unlink-fight', fight: 'enc1' },
        { type: 'link-fight', fight: 'enc2', title: '' },
        { type: 'new-session' },
      ],
      party(),
    );
    expect(lines(b.events)).toEqual([
      'Campaign “Docks” created (Custom).',
      'PC added: Vasquez (HP 12/12).',
      'PC added: Lee (HP 9/9).',
      'Template added: Raider (tags: raider, human).',
      'Campaign renamed: “Docks” → “Harbour”.',
      'Options for new fights changed: formula 1d20 → 1d10.',
      // Full HP stays full when the maximum rises (src/campaign/README.md).
      'Vasquez: renamed Vas; HP max 12 → 15; HP 12 → 15.',
      'Lee: HP 9 → 4.',
      'PC added: Mara (side Scouts; fatigue 0/5).',
      'PC removed: Mara.',
      'Template added: Ghoul (hidden).',
      'Template Ghoul: side Ferals; HP 4; GM notes changed.',
      'Template removed: Ghoul.',
      'Fight added: “Crypt ambush” (Vas, Lee).',
      'Vas: HP 15 → 5; Lee: HP 4 → 2 (from “Crypt ambush”).',
      'Written back from “Crypt ambush”: nothing changed.',
      'Fight taken out of the campaign: “Crypt ambush”.',
      'Fight added: encounter enc2.',
      'New session 2.',
    ]);
  });
  it('Fallout: says what a new session refreshed, and what a write-back did to the pools', () => {
    const b = build(
      [
        { type: 'set-pc-track', pc: 'Nora', track: 'luck', value: 0 },
        { type: 'update-pc', pc: 'Nora', stats: { luc: 4, ammo: { '10mm': 8 } } },
        { type: 'link-fight', fight: 'f1', title: 'Vault door', pcs: { Nora: 'c1' } },
        { type: 'write-back', fight: 'f1', changes: [{ pc: 'Nora', track: 'luck', from: 0, to: 1 }], pools: { party: { from: 1, to: 0 }, gm: { from: 2, to: 5 } } },
        { type: 'new-session' },
      ],
      vault(),
    );
    expect(lines(b.events).slice(1)).toEqual([
      'PC added: Nora (HP 12/12, Luck points 3/3, 10mm ammo 6).',
      'PC added: Piper (HP 10/10, Luck points 5/5).',
      'Template added: Raider (tags: raider).',
      'Nora: Luck points 3 → 0.',
      'Nora: sheet changed; Luck points max 3 → 4; 10mm ammo 6 → 8.',
      'Fight added: “Vault door” (Nora).',
      'Nora: Luck points 0 → 1; party AP 1 → 0, GM AP 2 → 5 (from “Vault door”).',
      'New session 2: Luck refreshed (Nora 4, Piper 5); party AP 1, GM AP 2.',
    ]);
    expect(lines(b.events)[0]).toBe('Campaign “Into the Glow” created (Fallout 2d20). Party AP 1, GM AP 2.');
  });
  it('undo and redo quote the command, and undone lines are marked', () => {
    const b = build([{ type: 'set-pc-track', pc: 'Lee', track: 'hp', value: 4 }, { type: 'undo' }, { type: 'redo' }, { type: 'undo' }], party());
    const log = campaignLog(b.events);
    expect(log.slice(4).map((l) => [l.seq, l.cmd, l.text, l.undone])).toEqual([
      [5, 5, 'Lee: HP 9 → 4.', true],
      [6, 6, 'Undo: Lee: HP 9 → 4.', false],
      [7, 7, 'Redo: Lee: HP 9 → 4.', false],
      [8, 8, 'Undo: Lee: HP 9 → 4.', false],
    ]);
  });
});
