import { describe, expect, it } from 'vitest';
import { attempt, engine, run } from './test-support.ts';

const start = { type: 'start', combatant: 'Mira', dice: { 'luck:Mira': 4, 'luck:Brom': 3 } };
const act = (who: string, label = 'attacks') => ({ type: 'act', actor: who, label });
const pass = (to: string) => ({ type: 'pass', to });
const fireball = (segments: number) => ({ type: 'delay', actor: 'Mira', label: 'Fireball', segments });
const aim = { type: 'delay', actor: 'Mira', label: 'aimed shot', discretion: true };

describe('popcorn: delayed actions', () => {
  // "In this case, the player uses their initiative when they declare the action, but don't make the roll (if any) until the
  // result takes effect."
  it('declaring a delayed action uses the initiative and rolls nothing', () => {
    const r = run({ commands: [start, fireball(2)] });
    expect(r.s.module.acted).toEqual(['c1']);
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'pass', from: 'c1' });
    expect(r.log).toContain('Mira declares a delayed action: Fireball, taking effect after 2 segments.');
    expect(r.s.module.pending.c1).toMatchObject({ kind: 'delayed', timing: 'segments', left: 2, round: 1 });
  });

  // "Rounds are divided into segments, each of which represents one character's action" / "For delayed actions that take
  // place after a certain number of segments, it may be helpful to use a counter to track when the action goes off."
  it('the counter goes down by one at the end of each later segment; a hold is not a segment', () => {
    const r = run({ commands: [start, fireball(2), pass('Orc'), { type: 'hold', to: 'Brom' }] });
    expect(r.s.module.pending.c1).toMatchObject({ left: 2 });
    const on = run({ commands: [start, fireball(2), pass('Orc'), { type: 'hold', to: 'Brom' }, act('Brom'), pass('Orc 2')] });
    expect(on.s.module.pending.c1).toMatchObject({ left: 1 });
    expect(on.log).toContain("Mira's Fireball: 1 segment left.");
  });

  // "If the effect occurs after a set number of segments (like with spellcasting), the effect takes place at the beginning of
  // the round before the character with initiative acts."
  it('once the counter is out, the delayed action takes effect before the one with the initiative acts', () => {
    const script = { commands: [start, fireball(2), pass('Orc'), act('Orc'), pass('Brom'), act('Brom'), pass('Orc 2')] };
    const r = run(script);
    expect(r.log).toContain("Mira's Fireball is due: it takes effect before the next action.");
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'actor', actor: 'c4', label: "first: Mira's Fireball takes effect" });
    expect(attempt(script, act('Orc 2'))).toMatchObject({
      ok: false,
      rejection: {
        code: 'popcorn/delayed-due',
        message: "Before Orc 2 acts, Mira's Fireball takes effect: complete it (complete-delayed) or abandon it (abandon).",
      },
    });
    expect(attempt(script, { type: 'hold', to: 'Mira' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/delayed-due' } });
    const done = run({ commands: [...script.commands, { type: 'complete-delayed', actor: 'Mira', roll: '4d6', dice: { roll: [6, 5, 2, 1] } }] });
    expect(done.log).toContain("Mira's delayed action takes effect, before Orc 2 acts: Fireball (4d6: [6, 5, 2, 1] = 14).");
    // "No matter the order, the character with the initiative decides who acts next."
    expect(engine.whoMayAct(done.enc)).toMatchObject({ kind: 'actor', actor: 'c4' });
    expect(done.s.module.acted).toContain('c1');
  });

  it('before its counter is out it cannot be completed, except early by the GM', () => {
    const script = { commands: [start, fireball(3), pass('Orc')] };
    expect(attempt(script, { type: 'complete-delayed', actor: 'Mira' })).toMatchObject({
      ok: false,
      rejection: { code: 'popcorn/not-due', message: "Mira's Fireball takes effect after 3 more segments (the GM may let it go off early (complete-delayed {early: true}))." },
    });
    const r = run({ commands: [...script.commands, { type: 'complete-delayed', actor: 'Mira', early: true }] });
    expect(r.log).toContain("Mira's delayed action takes effect, before Orc acts (early, by the GM): Fireball.");
  });

  // "If the timing of the effect is at the player's discretion (as in the case with an aimed shot) and the player declares that
  // they're completing the action before the character with initiative declares their action, the delayed action is resolved
  // first. Otherwise, it's resolved after the player with initiative resolves their action."
  it("at the player's discretion: resolved before the actor declares, or after the action", () => {
    const before = run({ commands: [start, aim, pass('Orc'), { type: 'complete-delayed', actor: 'Mira', roll: '2d6', dice: { roll: [4, 4] } }] });
    expect(before.log).toContain("Mira's delayed action takes effect, before Orc acts: aimed shot (2d6: [4, 4] = 8).");
    expect(engine.whoMayAct(before.enc)).toMatchObject({ kind: 'actor', actor: 'c3' });
    const after = run({ commands: [start, aim, pass('Orc'), act('Orc'), { type: 'complete-delayed', actor: 'Mira' }] });
    expect(after.log).toContain("Mira's delayed action takes effect, after Orc's action: aimed shot.");
    // "No matter the order, the character with the initiative decides who acts next."
    expect(engine.whoMayAct(after.enc)).toMatchObject({ kind: 'pass', from: 'c3' });
  });

  it('at discretion, not in the segment it was declared in', () => {
    expect(attempt({ commands: [start, aim] }, { type: 'complete-delayed', actor: 'Mira' })).toMatchObject({
      ok: false,
      rejection: { code: 'popcorn/same-segment' },
    });
  });

  // "Delayed actions can be carried over to the next round, but the players initiative doesn't refresh until the delayed
  // action is completed."
  it('a delayed action carried into the next round keeps the card face up until it is completed', () => {
    const round1 = [start, fireball(5), pass('Orc'), act('Orc'), pass('Brom'), act('Brom'), pass('Orc 2'), act('Orc 2')];
    expect(engine.whoMayAct(run({ commands: round1 }).enc)).toMatchObject({ kind: 'pass', candidates: ['c2', 'c3', 'c4'] });
    const round2 = [...round1, pass('Orc'), { type: 'end-round-choice', actor: 'Mira', choice: 'continue' }, { type: 'next-round' }];
    const r = run({ commands: round2 });
    expect(r.s.module.pending.c1).toMatchObject({ left: 2, round: 1 });
    expect(r.s.module.acted).toEqual(['c1']);
    expect(r.log).toContain('Initiative and Reaction Pools refresh. Mira stays face up (delayed action under way).');
    const r2 = run({ commands: [...round2, act('Orc'), pass('Brom'), act('Brom')] });
    expect(engine.whoMayAct(r2.enc)).toMatchObject({ kind: 'pass', candidates: ['c4'] });
    expect(attempt({ commands: [...round2, act('Orc')] }, pass('Mira'))).toMatchObject({
      ok: false,
      rejection: { code: 'popcorn/already-acted' },
    });
    const completed = [...round2, act('Orc'), pass('Brom'), act('Brom'), pass('Orc 2'), { type: 'complete-delayed', actor: 'Mira' }];
    const done = run({ commands: completed });
    expect(done.log).toContain("Mira's delayed action takes effect, before Orc 2 acts: Fireball; Mira's initiative refreshes.");
    expect(done.s.module.acted).not.toContain('c1');
    expect(engine.whoMayAct(run({ commands: [...completed, act('Orc 2')] }).enc)).toMatchObject({ kind: 'pass', candidates: ['c1'] });
  });

  // "The player may give up on the delayed action at any time, but this merely makes them available to act--they don't take
  // their action for the new round until someone passes them the initiative."
  it('abandoned in a later round: available to act, once someone passes the initiative', () => {
    const round2 = [
      start, fireball(5), pass('Orc'), act('Orc'), pass('Brom'), act('Brom'), pass('Orc 2'), act('Orc 2'), pass('Orc'),
      { type: 'end-round-choice', choice: 'continue' }, { type: 'next-round' },
    ];
    const r = run({ commands: [...round2, { type: 'abandon', actor: 'Mira' }] });
    expect(r.log).toContain('Mira abandons the delayed action (Fireball); Mira can be passed the initiative this round.');
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'actor', actor: 'c3' });
    expect(attempt({ commands: [...round2, { type: 'abandon', actor: 'Mira' }] }, act('Mira'))).toMatchObject({
      ok: false,
      rejection: { code: 'popcorn/not-your-initiative' },
    });
    const passed = run({ commands: [...round2, { type: 'abandon', actor: 'Mira' }, act('Orc'), pass('Mira'), act('Mira')] });
    expect(passed.s.module.actions.c1).toBe(1);
  });

  it('abandoned in the round it was declared in: the initiative stays used', () => {
    const r = run({ commands: [start, fireball(3), pass('Orc'), { type: 'abandon', actor: 'Mira' }] });
    expect(r.s.module.acted).toEqual(['c1']);
    expect(r.log).toContain('Mira abandons the delayed action (Fireball).');
  });

  // "the acting player can pass the initiative to anyone who doesn't have an uncompleted delayed or conditional action."
  it('the owner of an uncompleted delayed action cannot be chosen to go first next round', () => {
    const round = [start, fireball(5), pass('Orc'), act('Orc'), pass('Brom'), act('Brom'), pass('Orc 2'), act('Orc 2')];
    const r = run({ commands: round });
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'pass', candidates: ['c2', 'c3', 'c4'] });
    expect(attempt({ commands: round }, pass('Mira'))).toMatchObject({
      ok: false,
      rejection: {
        code: 'popcorn/has-uncompleted',
        message: 'Mira has an uncompleted delayed action (Fireball): the first of round 2 must be someone without one (Brom, Orc, Orc 2).',
      },
    });
  });

  it('one delayed action at a time, even with an action the GM gave back', () => {
    const script = { commands: [start, fireball(5), pass('Orc'), { type: 'set-acted', combatant: 'Mira', acted: false }, act('Orc'), pass('Mira')] };
    expect(attempt(script, aim)).toMatchObject({
      ok: false,
      rejection: { code: 'popcorn/already-delaying', message: 'Mira already has a delayed action under way (Fireball): complete or abandon it first.' },
    });
    expect(attempt(script, act('Mira')).ok).toBe(true);
  });

  it('says when it takes effect: segments or discretion, one of the two', () => {
    expect(attempt({ commands: [start] }, { type: 'delay', actor: 'Mira', label: 'x' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/delay-timing' } });
    expect(attempt({ commands: [start] }, { type: 'delay', actor: 'Mira', label: 'x', segments: 2, discretion: true })).toMatchObject({
      ok: false,
      rejection: { code: 'popcorn/delay-timing' },
    });
  });
});
