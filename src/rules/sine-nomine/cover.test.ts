import { describe, expect, it } from 'vitest';
import { cwnModifiers, swnModifiers } from './cover.ts';
import type { Combined } from './cover.ts';
import { unarmed } from './stats.ts';
import type { Weapon } from './stats.ts';

const pistol: Weapon = { ...unarmed, name: 'Pistol', kind: 'ranged', skill: 'shoot', attributes: ['dex'] };
const total = (r: ReturnType<typeof swnModifiers.combine>): number => (r as Combined).total;

describe('sine-nomine hit roll modifiers', () => {
  it('SWN: "Being prone doesn\'t stack with hard cover" — the worse of the two applies', () => {
    expect(total(swnModifiers.combine(['prone-distant', 'almost-complete-cover'], pistol, 'Goblin', true))).toBe(-4);
    expect(total(swnModifiers.combine(['prone-distant', 'half-cover', 'prepared-position'], pistol, 'Goblin', true))).toBe(0);
  });

  it('SWN: "Melee attackers can usually ignore cover" (when the option says so)', () => {
    expect(total(swnModifiers.combine(['half-cover'], unarmed, 'Goblin', true))).toBe(0);
    expect(total(swnModifiers.combine(['half-cover'], unarmed, 'Goblin', false))).toBe(-2);
  });

  it('CWN: "use only the worst. Otherwise, penalties stack"', () => {
    expect(total(cwnModifiers.combine(['half-cover', 'pistol-in-melee'], pistol, 'Razor', false))).toBe(-6);
    expect(total(cwnModifiers.combine(['half-cover', 'three-quarter-cover', 'prone-distant', 'adjacent-prone'].slice(0, 3), pistol, 'Razor', false))).toBe(-4);
  });

  it('CWN: "Full Cover -8 (can\'t hit)"', () => {
    expect(cwnModifiers.combine(['full-cover'], pistol, 'Razor', false)).toMatchObject({ ok: false, rejection: { code: 'attack/full-cover' } });
  });
});
