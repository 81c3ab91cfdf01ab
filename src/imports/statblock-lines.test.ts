import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ruleModules } from '../rules/index.ts';
import { importText } from './index.ts';
import type { ImportResult, ImportReview, ImportTarget } from './index.ts';

const text = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const target = (rules: string): ImportTarget => ({ rules, stats: ruleModules.find((m) => m.id === rules)!.stats });
function review(r: ImportResult): ImportReview {
  if (!r.ok) throw new Error(`refused at ${r.path}: ${r.message}`);
  return r;
}

describe('statblock lines', () => {
  it('reads lines split by tabs or spaces, skipping the header, comments and blank lines', () => {
    const r = review(importText(text('statblocks.txt'), target('swn')));
    expect(r.format).toBe('Statblock lines (3)');
    expect(r.items.map((i) => i.name)).toEqual(['Dock Rat', 'Patrol Captain', 'Hollow Drone']);
    expect(r.items[0]!.fields).toEqual({
      name: 'Dock Rat',
      stats: { hp: 4, ac: 12, attackBonus: 1, weapons: [{ name: 'Attack', damage: '1d4' }], skills: { notice: 1, sneak: 1 } },
      gmNotes: 'HD 1 · Morale 7 · Save 15+ · Move 10m',
    });
    expect(r.items[1]!.fields).toMatchObject({ stats: { hp: 13, ac: 16, attackBonus: 4, weapons: [{ damage: '1d8+1' }] }, gmNotes: 'HD 3 · 2 attacks · Morale 10 · Save 13+ · Move 10m · AC 16 (med)' });
    expect(r.items[1]!.leftOut).toContain('×2 attacks: one attack a Main Action here (kept in the GM notes)');
    expect(r.items[2]!.fields.stats).toEqual({ hp: 9, ac: 13, attackBonus: 2, skills: { notice: 1, sneak: 1 } });
    expect(r.items[2]!.leftOut).toContain('Damage “Weapon”: by the weapon carried; add the weapon on the template');
    expect(r.items[2]!.fields.gmNotes).toContain('Move 15m fly');
  });

  it('takes one line without a header, and HP written as HP', () => {
    const r = review(importText('Gutter Drake 12 HP 14 +3 1d10 12m 9 +2 14+', target('cwn')));
    expect(r.items[0]!.fields.stats).toMatchObject({ hp: 12, ac: 14, attackBonus: 3 });
  });

  it('refuses a line it cannot read, a value out of range, a name twice, and another game, naming the line', () => {
    expect(importText('Dock Rat\t1\t12\t+1\t1d4\t10m\t7\t+1\t15+\nWho knows what this is', target('swn'))).toEqual({
      ok: false,
      path: 'line 2',
      message: '“Who knows what this is” is not a statblock line (e.g. “Raider 1 13 +1 1d6 10m 8 +1 15+”: name, HD, AC, attack, damage, move, morale, skills, saves).',
    });
    expect(importText('Brute 2 500 +1 1d6 10m 8 +1 15+', target('swn'))).toEqual({ ok: false, path: 'line 1', message: 'Brute: AC 500 is out of range (0 to 100).' });
    expect(importText('Brute 2 13 +1 1d6 10m 15 +1 15+', target('swn'))).toMatchObject({ ok: false, path: 'line 1', message: 'Brute: morale 15 is out of range (2 to 12).' });
    expect(importText('Brute 2 13 +1 1d6 10m 8 +1 15+\n\nbrute 1 12 +0 1d4 10m 6 +0 15+', target('swn'))).toMatchObject({ ok: false, path: 'line 3', message: expect.stringContaining('the first is on line 1') });
    expect(importText('Brute 2 13 +1 1d6 10m 8 +1 15+', target('fallout'))).toMatchObject({ ok: false, path: '', message: expect.stringContaining('this campaign plays Fallout 2d20') });
    expect(importText('HD AC Atk Dmg\n', target('swn'))).toMatchObject({ ok: false, message: expect.stringContaining('No statblock lines found') });
    expect(importText('   ', target('swn'))).toMatchObject({ ok: false, message: expect.stringContaining('nothing to import') });
  });
});
