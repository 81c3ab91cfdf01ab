import { describe, expect, it } from 'vitest';
import { actorsOf, runScript, viewOf } from '../../../core/index.ts';
import type { Encounter } from '../../../core/index.ts';
import { engine } from '../../../rules/index.ts';
import { canReorder, dropCommand, moveTitle, stepCommand } from './order-moves.ts';
import type { OrderRow } from './order-moves.ts';

const rows: OrderRow[] = [{ members: ['a'] }, { members: ['b', 'c'] }, { members: ['d'] }];

describe('dropCommand: a combatant dropped on another row', () => {
  it('goes above a row it came up to, under a row it came down to', () => {
    expect(dropCommand(rows, 'd', 0)).toEqual({ type: 'reorder', combatant: 'd', before: 'a' });
    expect(dropCommand(rows, 'a', 2)).toEqual({ type: 'reorder', combatant: 'a', after: 'd' });
    expect(dropCommand(rows, 'a', 1)).toEqual({ type: 'reorder', combatant: 'a', after: 'c' });
    expect(dropCommand(rows, 'd', 1)).toEqual({ type: 'reorder', combatant: 'd', before: 'b' });
  });
  it('is nothing on its own row, outside the order, or for someone not in it', () => {
    expect(dropCommand(rows, 'b', 1)).toBeNull();
    expect(dropCommand(rows, 'a', 3)).toBeNull();
    expect(dropCommand(rows, 'a', -1)).toBeNull();
    expect(dropCommand(rows, 'z', 0)).toBeNull();
    expect(dropCommand([{ members: ['a'] }, { members: [] }], 'a', 1)).toBeNull();
  });
});

describe('stepCommand: one place up or down', () => {
  it('moves the whole row past its neighbour', () => {
    expect(stepCommand(rows, 'd', -1)).toEqual({ type: 'reorder', combatant: 'd', before: 'b' });
    expect(stepCommand(rows, 'c', -1)).toEqual({ type: 'reorder', combatant: 'c', before: 'a' });
    expect(stepCommand(rows, 'b', 1)).toEqual({ type: 'reorder', combatant: 'b', after: 'd' });
  });
  it('stops at the top and the bottom', () => {
    expect(stepCommand(rows, 'a', -1)).toBeNull();
    expect(stepCommand(rows, 'd', 1)).toBeNull();
  });
  it('with split (Kuro), a combatant sharing a row leaves it first, above or below the others', () => {
    expect(stepCommand(rows, 'c', -1, true)).toEqual({ type: 'reorder', combatant: 'c', before: 'b' });
    expect(stepCommand(rows, 'b', 1, true)).toEqual({ type: 'reorder', combatant: 'b', after: 'c' });
    expect(stepCommand(rows, 'd', -1, true)).toEqual({ type: 'reorder', combatant: 'd', before: 'b' });
  });
});

describe('the games and the words', () => {
  it('every game with an order may be rearranged; popcorn has cards', () => {
    expect(['swn', 'cwn', 'kuro', 'fallout', 'custom'].every(canReorder)).toBe(true);
    expect(canReorder('popcorn')).toBe(false);
  });
  it('says what moved where', () => {
    const names: Record<string, string> = { a: 'Vasquez', d: 'Pirate' };
    expect(moveTitle({ type: 'reorder', combatant: 'd', before: 'a' }, (id) => names[id] ?? id)).toBe('Pirate moved before Vasquez');
    expect(moveTitle({ type: 'reorder', combatant: 'a', after: 'd' }, (id) => names[id] ?? id)).toBe('Vasquez moved after Pirate');
  });
});

describe('with the rules: the commands move the slot and never the turn', () => {
  const fight = (rules: string, combatants: unknown[], commands: unknown[], options?: unknown) => {
    const r = runScript(engine, { rules, title: 't', seed: 3, ...(options ? { options } : {}), sides: [{ name: 'PCs', players: true }, { name: 'Foes' }], combatants, commands }, 3);
    if (!r.ok) throw new Error(`${r.at}: ${r.rejection.message}`);
    return r.encounter;
  };
  const slotRows = (enc: Encounter): OrderRow[] => ((enc.state.module as { track: { slots: OrderRow[] } }).track.slots);
  const order = (enc: Encounter) => slotRows(enc).map((s) => s.members.map((m) => enc.state.combatants[m]!.name).join('&'));
  const actor = (enc: Encounter) => actorsOf(viewOf(engine, enc).now);
  const run = (enc: Encounter, command: unknown): Encounter => {
    const r = engine.execute(enc, command);
    if (!r.ok) throw new Error(r.rejection.message);
    return r.encounter;
  };

  it('SWN: the acting combatant moved down still acts; someone moved above the turn waits', () => {
    const swn = { hp: 8, ac: 12 };
    const enc = fight('swn', ['Ana', 'Bo', 'Cy'].map((name) => ({ name, kind: 'pc', side: 'PCs', stats: swn })).concat([{ name: 'Orc', kind: 'npc', side: 'Foes', stats: swn }] as never), [
      { type: 'roll-initiative', dice: { Ana: 8, Bo: 6, Cy: 4, Orc: 2 } },
      { type: 'start' },
    ], { initiative: 'individual' });
    expect(order(enc)).toEqual(['Ana', 'Bo', 'Cy', 'Orc']);
    const ana = actor(enc);
    const id = (n: string) => Object.values(enc.state.combatants).find((c) => c.name === n)!.id;
    const down = run(enc, stepCommand(slotRows(enc), id('Ana'), 1));
    expect(order(down)).toEqual(['Bo', 'Ana', 'Cy', 'Orc']);
    expect(actor(down)).toEqual(ana);
    const dropped = run(down, dropCommand(slotRows(down), id('Orc'), 0));
    expect(order(dropped)).toEqual(['Orc', 'Bo', 'Ana', 'Cy']);
    expect(actor(dropped)).toEqual(ana);
  });

  it('Kuro: a combatant sharing a total leaves it with his own slot', () => {
    const kuro = { REA: 2, REF: 2, DEX: 2, STR: 2, hp: 10, defence: 8 };
    const enc = fight('kuro', ['Aoi', 'Ben', 'Chi'].map((name, i) => ({ name, kind: i === 0 ? 'pc' : 'npc', side: i === 0 ? 'PCs' : 'Foes', stats: kuro })), [
      { type: 'start', dice: { Aoi: [5, 5], Ben: [3, 2], Chi: [2, 3] } },
    ]);
    const init = (e: Encounter) => (e.state.module as { initiative: Record<string, { total: number; shift: number }> }).initiative;
    const id = (n: string) => Object.values(enc.state.combatants).find((c) => c.name === n)!.id;
    expect(init(enc)[id('Ben')]!.total).toBe(init(enc)[id('Chi')]!.total);
    const kuroRows: OrderRow[] = [{ members: [id('Aoi')] }, { members: [id('Ben'), id('Chi')] }];
    const moved = run(enc, stepCommand(kuroRows, id('Chi'), -1, true));
    const after = init(moved);
    expect(after[id('Chi')]!.shift).toBeGreaterThan(after[id('Ben')]!.shift);
    expect(actor(moved)).toEqual(actor(enc));
  });
});
