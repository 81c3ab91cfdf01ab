import { describe, expect, it } from 'vitest';
import { attempt, engine, run } from './test-support.ts';

const start = { type: 'start', combatant: 'Mira', dice: { 'luck:Mira': 4, 'luck:Brom': 3 } };
const act = (who: string, label = 'attacks') => ({ type: 'act', actor: who, label });

describe('popcorn: the roster changes, the initiative stays', () => {
  it('a late joiner comes in face down (it can be passed the initiative) and rolls its Luck Die; nobody else is handed the initiative', () => {
    const r = run({ commands: [start, { type: 'add-combatant', name: 'Kit', kind: 'pc', side: 'Party', stats: { heroDice: 2, luckDie: 'd6' }, dice: { 'luck:Kit': 5 } }] });
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'actor', actor: 'c1' });
    expect(r.s.combatants.c5!.tracks).toMatchObject({ instantKarma: { value: 5 }, reactionPool: { value: 2, max: 2 } });
    const acted = run({ commands: [start, act('Mira'), { type: 'add-combatant', name: 'Kit', kind: 'pc', side: 'Party', dice: {} }] });
    expect(engine.whoMayAct(acted.enc)).toMatchObject({ kind: 'pass', from: 'c1', candidates: ['c2', 'c3', 'c4', 'c5'] });
  });

  it('defeating the one with the initiative does not hand it to anyone: the GM passes it on for them', () => {
    const r = run({ commands: [start, { type: 'set-defeated', combatant: 'Mira' }] });
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'pass', from: 'c1', candidates: ['c2', 'c3', 'c4'], label: 'Mira is out of the fight: pass the initiative on for them' });
    const on = run({ commands: [start, { type: 'set-defeated', combatant: 'Mira' }, { type: 'pass', to: 'Orc' }] });
    expect(on.log).toContain('Mira passes the initiative to Orc.');
    expect(on.s.module.segmentsDone).toBe(0);
  });

  it('defeating someone who passes after acting: the pass goes on as usual', () => {
    const r = run({ commands: [start, act('Mira'), { type: 'damage', combatants: ['Mira'], amount: 99 }] });
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'pass', from: 'c1', candidates: ['c2', 'c3', 'c4'] });
  });

  it('removing the one with the initiative: nobody has it and the GM passes it (Now pass from null)', () => {
    const r = run({ commands: [start, { type: 'remove-combatant', combatant: 'Mira' }] });
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'pass', from: null, candidates: ['c2', 'c3', 'c4'] });
    const on = run({ commands: [start, { type: 'remove-combatant', combatant: 'Mira' }, { type: 'pass', to: 'Orc 2' }] });
    expect(engine.whoMayAct(on.enc)).toMatchObject({ kind: 'actor', actor: 'c4' });
  });

  it('removing someone who passes after acting: the segment still ends, from nobody', () => {
    const r = run({ commands: [start, act('Mira'), { type: 'remove-combatant', combatant: 'Mira' }, { type: 'pass', to: 'Orc' }] });
    expect(r.s.module.segmentsDone).toBe(1);
    expect(r.log).toContain('The GM passes the initiative to Orc.');
  });

  it('removing or defeating anyone else changes nothing about who has the initiative', () => {
    const r = run({ commands: [start, { type: 'remove-combatant', combatant: 'Orc' }, { type: 'set-defeated', combatant: 'Brom' }] });
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'actor', actor: 'c1' });
  });

  it('the GM flips a card: face down gives an action back, face up takes it away; never for the one with the initiative', () => {
    const r = run({ commands: [start, act('Mira'), { type: 'pass', to: 'Orc' }, { type: 'set-acted', combatant: 'Mira', acted: false }, { type: 'set-acted', combatant: 'Brom', acted: true }] });
    expect(r.s.module.acted).toEqual(['c2']);
    expect(r.s.module.grants).toEqual({ c1: 1 });
    expect(r.log).toContain("The GM flips Mira's card face down: Mira can act again this round.");
    expect(attempt({ commands: [start] }, { type: 'set-acted', combatant: 'Mira', acted: true })).toMatchObject({ ok: false, rejection: { code: 'popcorn/has-initiative' } });
    expect(attempt({ commands: [start] }, { type: 'set-acted', combatant: 'Brom', acted: false })).toMatchObject({ ok: false, rejection: { code: 'popcorn/unchanged' } });
  });

  // The core's rule: "until the end of X's next turn" applied during X's turn lasts until the end of X's following turn. A
  // combatant's turn runs from receiving the initiative to passing it on.
  it("a condition until the end of Mira's next turn, applied during her turn, lasts through her next turn", () => {
    const until = { type: 'add-condition', combatants: ['Orc'], name: 'Pinned', duration: { until: 'turn-end', of: 'Mira' } };
    const round1 = [start, { type: 'act', actor: 'Mira', label: 'pins the orc' }, until, { type: 'pass', to: 'Orc' }];
    expect(run({ commands: round1 }).s.combatants.c3!.conditions.map((k) => k.name)).toEqual(['Pinned']);
    const round2 = [
      ...round1, act('Orc'), { type: 'pass', to: 'Brom' }, act('Brom'), { type: 'pass', to: 'Orc 2' }, act('Orc 2'), { type: 'pass', to: 'Mira' },
      { type: 'next-round' }, act('Mira'),
    ];
    expect(run({ commands: round2 }).s.combatants.c3!.conditions).toHaveLength(1);
    const ended = run({ commands: [...round2, { type: 'pass', to: 'Orc' }] });
    expect(ended.s.combatants.c3!.conditions).toEqual([]);
    expect(ended.log).toContain('Orc: Pinned expired.');
    const before = run({ commands: [start, until, act('Mira'), { type: 'pass', to: 'Orc' }] });
    expect(before.s.combatants.c3!.conditions.map((k) => k.name)).toEqual(['Pinned']);
  });
});
