import { describe, expect, it } from 'vitest';
import { attempt, engine, run } from './test-support.ts';

const start = { type: 'start', combatant: 'Mira', dice: { 'luck:Mira': 4, 'luck:Brom': 3 } };
const act = (who: string, label = 'attacks') => ({ type: 'act', actor: who, label });
const pass = (to: string) => ({ type: 'pass', to });
const rest = [pass('Orc'), act('Orc'), pass('Brom'), act('Brom'), pass('Orc 2'), act('Orc 2')];
/** Round 1 with Mira's spell (4 segments: 1 left at the end) and nobody else's action pending; Orc 2 picks Orc. */
const withSpell = [start, { type: 'delay', actor: 'Mira', label: 'Fireball', segments: 4 }, ...rest, pass('Orc')];
const plain = [start, act('Mira'), ...rest, pass('Orc')];

describe('popcorn: the round order', () => {
  // "3. Players with uncompleted actions may choose to complete them (if allowed), continue them into the next round, or abandon
  // them."
  it('step 3: Now asks each owner of an uncompleted action to choose; completing is only offered when allowed', () => {
    const r = run({ commands: withSpell });
    expect(r.log).toContain("Round 1, step 3: uncompleted actions (Mira's Fireball).");
    expect(engine.whoMayAct(r.enc)).toMatchObject({
      kind: 'decision',
      round: 1,
      decision: {
        id: 'uncompleted:c1',
        command: 'end-round-choice',
        field: 'choice',
        question: "Round 1, step 3: Mira's Fireball (delayed, 1 segment left) is not completed. Complete it (not allowed now), continue it into round 2, or abandon it?",
        options: [{ value: 'continue' }, { value: 'abandon' }],
      },
    });
    expect(attempt({ commands: withSpell }, { type: 'end-round-choice', choice: 'complete' })).toMatchObject({
      ok: false,
      rejection: { code: 'popcorn/not-due' },
    });
    expect(attempt({ commands: withSpell }, { type: 'next-round' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/step-3-first' } });
    expect(attempt({ commands: withSpell }, { type: 'health-check', actor: 'Brom' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/step-3-first' } });
  });

  it('step 3: a delayed action that is due (or at discretion) may be completed', () => {
    const due = [start, { type: 'delay', actor: 'Mira', label: 'Fireball', segments: 3 }, ...rest, pass('Orc')];
    expect(engine.whoMayAct(run({ commands: due }).enc)).toMatchObject({ decision: { options: [{ value: 'complete' }, { value: 'continue' }, { value: 'abandon' }] } });
    expect(run({ commands: [...due, { type: 'end-round-choice', choice: 'complete' }] }).log).toContain(
      "Mira's delayed action takes effect at the end of the round: Fireball.",
    );
    expect(run({ commands: [...withSpell, { type: 'end-round-choice', choice: 'continue' }] }).log).toContain('Mira continues Fireball into round 2.');
    const aim = [start, { type: 'delay', actor: 'Mira', label: 'aimed shot', discretion: true }, ...rest, pass('Orc')];
    const r = run({ commands: [...aim, { type: 'end-round-choice', choice: 'complete', roll: '2d6', dice: { roll: [3, 3] } }] });
    expect(r.log).toContain("Mira's delayed action takes effect at the end of the round: aimed shot (2d6: [3, 3] = 6).");
    expect(r.log).toContain('Round 1, steps 4 and 5: Health Checks, then other rolls and events.');
    const next = run({ commands: [...aim, { type: 'end-round-choice', choice: 'complete' }, { type: 'next-round' }] });
    expect(next.s.module.acted).toEqual([]);
  });

  // "If they abandon them, their initiative refreshes normally"
  it('step 3: abandoning lets the initiative refresh normally next round', () => {
    const r = run({ commands: [...withSpell, { type: 'end-round-choice', choice: 'abandon' }, { type: 'next-round' }] });
    expect(r.log).toContain('Mira abandons the delayed action (Fireball) at the end of the round (initiative refreshes normally).');
    expect(r.s.module.acted).toEqual([]);
    expect(r.s.module.pending).toEqual({});
  });

  // "4. Players who are required to do so make Health Checks"
  it('step 4: Health Checks are recorded (key roll), one per combatant and round, only once the turns are over', () => {
    expect(attempt({ commands: [start] }, { type: 'health-check', actor: 'Brom' })).toMatchObject({
      ok: false,
      rejection: { code: 'popcorn/not-health-check-step' },
    });
    const script = { commands: [...plain, { type: 'health-check', actor: 'Brom', roll: '2d6', passed: false, note: 'bleeding', dice: { roll: [1, 2] } }] };
    const r = run(script);
    expect(r.log).toContain('Brom makes a Health Check (2d6: [1, 2] = 3): failed — bleeding.');
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'decision', decision: { id: 'health-checks', command: 'next-round' } });
    expect(attempt(script, { type: 'health-check', actor: 'Brom' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/health-check-made' } });
  });

  // "6. Unless combat is over, return to step 1" / "1. Players refresh their reaction pools and intiative"
  it('step 6 then step 1: everyone can act again and the chosen one has the initiative; round conditions expire', () => {
    const r = run({ commands: [start, { type: 'add-condition', combatants: ['Brom'], name: 'Stunned', duration: { rounds: 1 } }, ...plain.slice(1), { type: 'next-round' }] });
    expect(r.s.round).toBe(2);
    expect(r.s.module.acted).toEqual([]);
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'actor', actor: 'c3', round: 2 });
    expect(r.log).toEqual(expect.arrayContaining(['Round 2.', 'Brom: Stunned expired.', 'Orc has the initiative, first in round 2.']));
  });

  it('next-round is refused while someone can still act, or the initiative must still be passed', () => {
    expect(attempt({ commands: [start, act('Mira')] }, { type: 'next-round' })).toMatchObject({
      ok: false,
      rejection: { code: 'popcorn/round-not-over', message: 'Round 1 is not over: Brom, Orc, Orc 2 can still act; the last to act chooses who goes first next round.' },
    });
    expect(attempt({ commands: [start, act('Mira'), ...rest] }, { type: 'next-round' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/round-not-over' } });
  });

  it('no action once the turns are over', () => {
    expect(attempt({ commands: plain }, act('Mira'))).toMatchObject({ ok: false, rejection: { code: 'popcorn/round-over' } });
  });

  it('if the chosen first is out when the round starts, nobody has the initiative and the GM passes it', () => {
    const r = run({ commands: [...plain, { type: 'set-defeated', combatant: 'Orc' }, { type: 'next-round' }] });
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'pass', from: null, candidates: ['c1', 'c2', 'c4'], label: 'Nobody has the initiative: the GM passes it' });
    const on = run({ commands: [...plain, { type: 'set-defeated', combatant: 'Orc' }, { type: 'next-round' }, pass('Brom')] });
    expect(on.log).toContain('The GM passes the initiative to Brom.');
  });
});
