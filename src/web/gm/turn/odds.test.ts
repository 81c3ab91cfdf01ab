import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../core/index.ts';
import type { Command, Encounter, Engine } from '../../../core/index.ts';
import { loadGame } from '../../games/index.ts';
import type { GameKit } from '../../games/index.ts';
import { barsOf, oddsOf, percent } from './odds.ts';
import { distribution, parseDice } from '../../../dice/index.ts';

async function fight(rules: string, setup: Command[]): Promise<{ kit: GameKit; engine: Engine; enc: Encounter }> {
  const kit = await loadGame(rules);
  const engine = createEngine([kit.module]);
  const created = engine.create({ rules, seed: 1 });
  if (!created.ok) throw new Error(created.rejection.message);
  let enc = engine.apply(engine.replay([]), created.events).encounter;
  for (const c of setup) {
    const r = engine.execute(enc, c);
    if (!r.ok) throw new Error(`${c.type}: ${r.rejection.message}`);
    enc = r.encounter;
  }
  return { kit, engine, enc };
}

const dry = (engine: Engine, enc: Encounter) => (c: Command) => engine.decide(enc, c);

describe('odds before rolling, from a dry run of the engine', () => {
  it('Stars Without Number: 1d20 + the bonus the rules compute, against AC', async () => {
    const { kit, engine, enc } = await fight('swn', [
      { type: 'add-combatant', name: 'Vasquez', kind: 'pc', stats: { hp: 12, attackBonus: 1, dexMod: 2, weapons: [{ name: 'Laser pistol', damage: '1d6', kind: 'ranged' }] } },
      { type: 'add-combatant', name: 'Pirate', stats: { hp: 7, ac: 13 } },
      { type: 'roll-initiative', dice: { Vasquez: [6], Pirate: [1] } },
      { type: 'start' },
    ]);
    const a = oddsOf(kit, enc.state, { type: 'attack', actor: 'c1', target: 'c2', weapon: 'Laser pistol' }, dry(engine, enc));
    expect(a.ok).toBe(true);
    if (!a.ok || !a.odds) throw new Error('no odds');
    // +1 attack bonus, -2 untrained Shoot, +2 Dex: a d20 of 12 or more, 9 faces in 20.
    expect(a.odds.p).toBeCloseTo(0.45, 10);
    expect(a.odds.bars).toHaveLength(20);
    expect(a.odds.bars.filter((b) => b.success)).toHaveLength(9);
    expect(a.odds.text).toBe('1d20+1 vs AC 13: hits on a d20 of 12 or more');
    expect(a.odds.notes.join(' ')).toContain('Damage 1d6+2: 3–8');
    // Typed-in dice do not change the odds.
    const typed = oddsOf(kit, enc.state, { type: 'attack', actor: 'c1', target: 'c2', weapon: 'Laser pistol', dice: { hit: [20] } }, dry(engine, enc));
    expect(typed.ok && typed.odds?.p).toBeCloseTo(0.45, 10);
  });

  it('says in the engine’s words why a command would be refused', async () => {
    const { kit, engine, enc } = await fight('swn', [
      { type: 'add-combatant', name: 'Vasquez', kind: 'pc', stats: { hp: 12 } },
      { type: 'add-combatant', name: 'Pirate', stats: { hp: 7 } },
      { type: 'roll-initiative', dice: { Vasquez: [6], Pirate: [1] } },
      { type: 'start' },
    ]);
    const a = oddsOf(kit, enc.state, { type: 'attack', actor: 'c2', target: 'c1' }, dry(engine, enc));
    expect(a).toEqual({ ok: false, code: expect.any(String), message: expect.stringContaining("not Pirate's turn") });
  });

  it('Kuro: the module’s exact attack odds, charted against the TN', async () => {
    const stats = { REA: 2, REF: 3, DEX: 3, STR: 3, hp: 20, defence: 8, skills: { Kenjutsu: 2 }, weapons: [{ name: 'Katana', damage: '2d6', skill: 'Kenjutsu' }] };
    const { kit, engine, enc } = await fight('kuro', [
      { type: 'add-combatant', name: 'Kenji', kind: 'pc', stats },
      { type: 'add-combatant', name: 'Goro', stats },
      { type: 'start', dice: { Kenji: [5, 3], Goro: [1, 1] } },
    ]);
    const cmd = { type: 'attack', actor: 'c1', target: 'c2', kind: 'normal' };
    const a = oddsOf(kit, enc.state, cmd, dry(engine, enc));
    const direct = kit.kuroAttackOdds!(enc.state, { actor: 'c1', target: 'c2', kind: 'normal' });
    expect(a.ok && direct.ok).toBe(true);
    if (!a.ok || !a.odds || !direct.ok) throw new Error('no odds');
    expect(a.odds.p).toBe(direct.pHit);
    expect(a.odds.text).toBe(`${direct.attack} vs TN ${direct.tn}`);
    expect(a.odds.bars.some((b) => b.success) && a.odds.bars.some((b) => !b.success)).toBe(true);
  });

  it('Fallout: the engine’s own 2d20 test, its exact chance and its successes charted', async () => {
    const script = JSON.parse(readFileSync(new URL('../../../rules/fallout/examples/fight.json', import.meta.url), 'utf8')) as { sides: { name: string; players?: boolean }[]; combatants: Record<string, unknown>[]; commands: Command[] };
    const { kit, engine, enc } = await fight('fallout', [
      ...script.sides.map((x) => ({ type: 'add-side', ...x })),
      ...script.combatants.map((c) => ({ type: 'add-combatant', ...c })),
      ...script.commands.slice(0, 4),
    ]);
    const cmd = { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol', range: 'medium', location: 'head' };
    const a = oddsOf(kit, enc.state, cmd, dry(engine, enc));
    const direct = kit.falloutAttackOdds!(enc.state, { actor: 'c1', target: 'c3', weapon: '10mm pistol', location: 'head', range: 'medium' as never });
    expect(a.ok && direct.ok).toBe(true);
    if (!a.ok || !a.odds || !direct.ok) throw new Error('no odds');
    expect(a.odds.p).toBeCloseTo(direct.p, 12);
    expect(a.odds.axis).toBe('successes');
    expect(a.odds.text).toBe('2d20, target 10 (1–3 count double), difficulty 3');
    expect(a.odds.notes[0]).toContain('Defense 1');
    // The bars are the distribution of successes; those reaching the difficulty are the hits.
    const hits = a.odds.bars.filter((b) => b.success).reduce((n, b) => n + b.p, 0);
    expect(hits).toBeCloseTo(direct.p, 3);
  });

  it('custom: the hit formula against the defense', async () => {
    const { kit, engine, enc } = await fight('custom', [
      { type: 'add-combatant', name: 'Asha', kind: 'pc', hp: 10 },
      { type: 'add-combatant', name: 'Bandit', hp: 6, stats: { defense: 15 } },
      { type: 'start', dice: { Asha: 20, Bandit: 1 } },
    ]);
    const a = oddsOf(kit, enc.state, { type: 'attack', actor: 'c1', target: 'c2', hit: '1d20+5', damage: '1d6' }, dry(engine, enc));
    expect(a.ok && a.odds?.p).toBeCloseTo(11 / 20, 10);
    expect(a.ok && a.odds?.text).toBe('1d20+5 vs 15');
  });

  it('popcorn: the distribution of a roll, with no threshold', async () => {
    const { kit, engine, enc } = await fight('popcorn', [
      { type: 'add-combatant', name: 'Mira', kind: 'pc', side: 'Party', hp: 10 },
      { type: 'add-combatant', name: 'Orc', side: 'Orcs', hp: 8 },
      { type: 'start', combatant: 'Mira' },
    ]);
    const a = oddsOf(kit, enc.state, { type: 'act', actor: 'c1', label: 'casts', roll: '2d6' }, dry(engine, enc));
    expect(a.ok).toBe(true);
    if (!a.ok || !a.odds) throw new Error('no odds');
    expect(a.odds.p).toBeUndefined();
    expect(a.odds.bars.map((b) => b.value)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(a.odds.text).toBe('2d6: 2–12, 7.0 on average');
  });
});

describe('chart helpers', () => {
  it('drops only the far tails of exploding dice', () => {
    const d = distribution(parseDice('3dK+6'));
    const bars = barsOf(d);
    const kept = bars.reduce((n, b) => n + b.p, 0);
    expect(kept).toBeGreaterThan(0.998);
    expect(bars.length).toBeLessThan(d.outcomes.length);
  });

  it('writes chances the way the module logs do', () => {
    expect(percent(0.45)).toBe('45%');
    expect(percent(0.004)).toBe('<1%');
    expect(percent(0.996)).toBe('>99%');
    expect(percent(1)).toBe('100%');
  });
});
