import { describe, expect, it } from 'vitest';
import { attempt, engine, run } from './test-support.ts';

const start = { type: 'start', combatant: 'Mira', dice: { 'luck:Mira': 4, 'luck:Brom': 3 } };
const act = (who: string, label = 'attacks') => ({ type: 'act', actor: who, label });
const pass = (to: string) => ({ type: 'pass', to });
const aim = { type: 'conditional', actor: 'Mira', trigger: 'an orc charges', label: 'shoots the orc' };
/** Round 1 with Mira's conditional action never set off, carried into round 2, which Orc starts. */
const carried = [
  start, aim, pass('Orc'), act('Orc'), pass('Brom'), act('Brom'), pass('Orc 2'), act('Orc 2'), pass('Orc'),
  { type: 'end-round-choice', actor: 'Mira', choice: 'continue' }, { type: 'next-round' },
];

describe('popcorn: conditional actions', () => {
  // "Conditional actions are like delayed actions, but rather than taking place after a set amount of time ... they take place
  // when some condition that is outside of the character's control is met."
  it('declaring a conditional action uses the initiative and names its trigger', () => {
    const r = run({ commands: [start, aim] });
    expect(r.s.module.acted).toEqual(['c1']);
    expect(r.log).toContain('Mira declares a conditional action: shoots the orc, when an orc charges.');
    expect(engine.whoMayAct(run({ commands: [start, aim, pass('Orc')] }).enc)).toMatchObject({
      kind: 'actor',
      actor: 'c3',
      interrupts: expect.arrayContaining([{ combatant: 'c1', command: 'trigger', label: 'shoots the orc: goes off before its trigger (an orc charges)' }]),
    });
  });

  // "Conditional actions are always resolved before the event that triggered them."
  it('the GM says the trigger is about to happen: the conditional action resolves first, then the triggering action', () => {
    const r = run({ commands: [start, aim, pass('Orc'), { type: 'trigger', actor: 'Mira', roll: '2d6', dice: { roll: [6, 2] } }, act('Orc', 'charges Mira')] });
    const fired = r.log.indexOf("Mira's conditional action goes off before its trigger (an orc charges), ahead of Orc's action: shoots the orc (2d6: [6, 2] = 8).");
    expect(fired).toBeGreaterThan(-1);
    expect(r.log.indexOf('Orc: charges Mira.')).toBeGreaterThan(fired);
    expect(r.s.module.pending.c1).toBeUndefined();
    expect(r.s.module.actions.c1).toBe(1);
  });

  it('trigger is refused for someone with no conditional action, or a delayed one', () => {
    expect(attempt({ commands: [start, aim] }, { type: 'trigger', actor: 'Brom' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/no-conditional' } });
    const delayed = { commands: [start, { type: 'delay', actor: 'Mira', label: 'x', segments: 1 }] };
    expect(attempt(delayed, { type: 'trigger', actor: 'Mira' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/not-conditional' } });
    expect(attempt({ commands: [start, aim] }, { type: 'complete-delayed', actor: 'Mira' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/not-delayed' } });
  });

  // Step 3: "Players with uncompleted actions may choose to complete them (if allowed), continue them into the next round, or
  // abandon them." A conditional action waits for something outside the character's control: completing it is not allowed.
  it('at the end of the round a conditional action is continued or abandoned, not completed', () => {
    const end = [start, aim, pass('Orc'), act('Orc'), pass('Brom'), act('Brom'), pass('Orc 2'), act('Orc 2'), pass('Orc')];
    expect(attempt({ commands: end }, { type: 'end-round-choice', choice: 'complete' })).toMatchObject({
      ok: false,
      rejection: { code: 'popcorn/cannot-complete' },
    });
  });

  // "If a player chooses to extend an action into the next round, their initiative refreshes normally but is used when the
  // conditional action takes effect."
  it('carried into the next round: the initiative refreshes; when the action goes off, it uses that initiative', () => {
    const r = run({ commands: carried });
    expect(r.s.module.acted).toEqual([]);
    expect(r.s.module.pending.c1).toMatchObject({ kind: 'conditional', round: 1 });
    const fired = run({ commands: [...carried, { type: 'trigger', actor: 'Mira' }] });
    expect(fired.log).toContain("Mira's conditional action goes off before its trigger (an orc charges), ahead of Orc's action: shoots the orc; it uses Mira's initiative for round 2.");
    expect(fired.s.module.acted).toEqual(['c1']);
    expect(fired.s.module.actions.c1).toBe(1);
    expect(engine.whoMayAct(fired.enc)).toMatchObject({ kind: 'actor', actor: 'c3' });
  });

  it('carried: passed the initiative, the owner may take another action, which gives the conditional action up', () => {
    const r = run({ commands: [...carried, act('Orc'), pass('Mira'), act('Mira', 'runs')] });
    expect(r.log).toContain('Mira abandons the conditional action (shoots the orc) to take another action.');
    expect(r.s.module.pending.c1).toBeUndefined();
    expect(r.s.module.actions.c1).toBe(1);
  });

  it('carried: when it goes off while its owner has the initiative, the owner then passes', () => {
    const r = run({ commands: [...carried, act('Orc'), pass('Mira'), { type: 'trigger', actor: 'Mira' }] });
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'pass', from: 'c1' });
    expect(r.s.module.actions.c1).toBe(1);
  });

  it('carried: the owner may keep waiting (hold); the last one left, it chooses who goes first next round', () => {
    const r = run({
      commands: [...carried, act('Orc'), pass('Mira'), { type: 'hold', to: 'Orc 2' }, act('Orc 2'), pass('Brom'), act('Brom'), pass('Mira'), { type: 'hold', to: 'Orc' }],
    });
    expect(r.log).toContain('Nobody else can act in round 2. Mira keeps waiting on the conditional action and chooses Orc to go first in round 3.');
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'decision', decision: { command: 'end-round-choice', options: [{ value: 'continue' }, { value: 'abandon' }] } });
  });
});
