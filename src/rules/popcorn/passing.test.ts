import { describe, expect, it } from 'vitest';
import { attempt, engine, run } from './test-support.ts';

const luck = { 'luck:Mira': 4, 'luck:Brom': 3 };
const start = (who: string) => ({ type: 'start', combatant: who, dice: luck });
const act = (who: string, label = 'attacks') => ({ type: 'act', actor: who, label });
const pass = (to: string) => ({ type: 'pass', to });

describe('popcorn: passing the initiative', () => {
  // "Once the character has completed their action, they pass the initiative to any other character involved in the battle
  // (friend or foe) who can still perform an action during the round."
  it('after an action, Now is a pass offering exactly those who can still act, friend or foe', () => {
    const r = run({ commands: [start('Mira'), act('Mira')] });
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'pass', from: 'c1', candidates: ['c2', 'c3', 'c4'] });
    const on = run({ commands: [start('Mira'), act('Mira'), pass('Orc'), act('Orc')] });
    expect(engine.whoMayAct(on.enc)).toMatchObject({ kind: 'pass', from: 'c3', candidates: ['c2', 'c4'] });
  });

  it('refuses a pass to someone who has acted, to oneself, or to a defeated combatant, naming who may take it', () => {
    const script = { commands: [start('Mira'), act('Mira'), pass('Orc'), act('Orc')] };
    expect(attempt(script, pass('Mira'))).toMatchObject({
      ok: false,
      rejection: {
        code: 'popcorn/already-acted',
        message: 'Mira has already acted this round (card face up): pass to someone who can still act (Brom, Orc 2).',
      },
    });
    expect(attempt(script, pass('Orc'))).toMatchObject({ ok: false, rejection: { code: 'popcorn/pass-to-self' } });
    const felled = { commands: [...script.commands, { type: 'set-defeated', combatant: 'Orc 2' }] };
    expect(engine.whoMayAct(run(felled).enc)).toMatchObject({ kind: 'pass', candidates: ['c2'] });
    expect(attempt(felled, pass('Orc 2'))).toMatchObject({ ok: false, rejection: { code: 'popcorn/defeated', message: 'Orc 2 is defeated: choose one of Brom.' } });
  });

  // "The acting character 'has the initiative.'" / "in most cases they can only attempt their action when they have the initiative."
  it('only the one with the initiative acts; it acts (or holds) before passing; only it passes', () => {
    const script = { commands: [start('Mira')] };
    expect(attempt(script, act('Brom'))).toMatchObject({
      ok: false,
      rejection: {
        code: 'popcorn/not-your-initiative',
        message: 'Brom does not have the initiative (Mira has it); Brom can react (react) or wait to be passed the initiative.',
      },
    });
    expect(attempt(script, pass('Brom'))).toMatchObject({ ok: false, rejection: { code: 'popcorn/act-first' } });
    const acted = { commands: [start('Mira'), act('Mira')] };
    expect(attempt(acted, act('Mira'))).toMatchObject({ ok: false, rejection: { code: 'popcorn/already-acted' } });
    expect(attempt(acted, { type: 'pass', actor: 'Brom', to: 'Orc' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/not-your-initiative' } });
    expect(attempt(acted, { type: 'pass', actor: 'Mira', to: 'Orc' }).ok).toBe(true);
    expect(attempt(acted, { type: 'pass' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/pass-to-whom' } });
  });

  // "When a character decides to hold their action, they must pass the initiative to an opponent."
  it('a hold must go to an opponent who can still act', () => {
    expect(attempt({ commands: [start('Mira')] }, { type: 'hold', to: 'Brom' })).toMatchObject({
      ok: false,
      rejection: {
        code: 'popcorn/hold-must-pass-to-opponent',
        message: 'Mira holds: the initiative must go to an opponent who can still act (Orc, Orc 2); Brom is an ally.',
      },
    });
    const r = run({ commands: [start('Mira'), { type: 'hold', to: 'Orc 2' }] });
    expect(r.log).toContain('Mira holds and passes the initiative to Orc 2.');
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'actor', actor: 'c4' });
  });

  // "If there is no opponent who can accept the initiative, the player may pass the initiative to an ally instead."
  it('with no opponent able to act, a hold may go to an ally', () => {
    const r = run({ commands: [start('Orc'), act('Orc'), pass('Orc 2'), act('Orc 2'), pass('Mira'), { type: 'hold', to: 'Brom' }] });
    expect(r.log).toContain('Mira holds and passes the initiative to Brom (no opponent can act: an ally).');
  });

  // "This means that the character chooses not to act right now and can still be passed the initiative later in the round."
  it('the holder stays face down, among those who can be passed the initiative', () => {
    const r = run({ commands: [start('Mira'), { type: 'hold', to: 'Orc' }, act('Orc')] });
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'pass', candidates: ['c1', 'c2', 'c4'] });
    expect(r.s.module.acted).toEqual(['c3']);
  });

  it('the last one who can still act cannot hold: nobody could accept the initiative', () => {
    const script = { commands: [start('Mira'), act('Mira'), pass('Orc'), act('Orc'), pass('Orc 2'), act('Orc 2'), pass('Brom')] };
    expect(attempt(script, { type: 'hold', to: 'Mira' })).toMatchObject({
      ok: false,
      rejection: { code: 'popcorn/cannot-hold', message: 'Brom is the last who can still act this round: nobody can accept the initiative, so Brom must act now.' },
    });
  });

  // "The last character to act in the round gets to decide who goes first in the next round." / "If nobody has any actions
  // left, the acting player can pass the initiative to anyone who doesn't have an uncompleted delayed or conditional action.
  // That character will go first in the next round."
  it('the last to act chooses who goes first next round, from anyone (itself included) without an uncompleted action', () => {
    const round = [start('Mira'), act('Mira'), pass('Orc'), act('Orc'), pass('Orc 2'), act('Orc 2'), pass('Brom'), act('Brom')];
    const r = run({ commands: round });
    expect(engine.whoMayAct(r.enc)).toMatchObject({
      kind: 'pass',
      from: 'c2',
      candidates: ['c1', 'c2', 'c3', 'c4'],
      label: 'Nobody else can act in round 1: Brom chooses who goes first in round 2',
    });
    const next = run({ commands: [...round, pass('Orc'), { type: 'next-round' }] });
    expect(next.log).toContain('Nobody else can act in round 1. Brom chooses Orc to go first in round 2.');
    expect(engine.whoMayAct(next.enc)).toMatchObject({ kind: 'actor', actor: 'c3', round: 2 });
  });

  it('option lastMayPickSelf: false keeps the last actor from choosing itself', () => {
    const round = [start('Mira'), act('Mira'), pass('Orc'), act('Orc'), pass('Orc 2'), act('Orc 2'), pass('Brom'), act('Brom')];
    const script = { options: { lastMayPickSelf: false }, commands: round };
    expect(engine.whoMayAct(run(script).enc)).toMatchObject({ kind: 'pass', candidates: ['c1', 'c3', 'c4'] });
    expect(attempt(script, pass('Brom'))).toMatchObject({ ok: false, rejection: { code: 'popcorn/pick-self' } });
  });

  // "When an NPC gets passed the initiative, the GM just removes a counter"
  it('pass {group} gives the initiative to the next member of the NPC group who can still act', () => {
    const r = run({ commands: [start('Mira'), act('Mira'), { type: 'pass', group: 'orcs' }, act('Orc'), { type: 'pass', group: 'Orcs' }] });
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'actor', actor: 'c4' });
    const done = { commands: [start('Mira'), act('Mira'), pass('Orc'), act('Orc'), pass('Orc 2'), act('Orc 2')] };
    expect(attempt(done, { type: 'pass', group: 'Orcs' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/group-done' } });
    expect(attempt(done, { type: 'pass', group: 'Elves' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/unknown-group' } });
    expect(attempt(done, { type: 'pass', group: 'Orcs', to: 'Brom' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/to-or-group' } });
  });

  it('a scripted round with a hold: the holder is passed the initiative again later and acts', () => {
    const r = run({
      commands: [
        start('Mira'),
        { type: 'hold', group: 'Orcs' },
        act('Orc', 'swings at Mira'),
        pass('Brom'),
        act('Brom', 'shoves Orc'),
        pass('Orc 2'),
        act('Orc 2', 'stabs Brom'),
        pass('Mira'),
        act('Mira', 'casts a bolt'),
        pass('Mira'),
      ],
    });
    const lines = r.log.slice(r.log.indexOf('Round 1.'));
    expect(lines).toEqual([
      'Round 1.',
      'The GM gives the initiative to Mira.',
      'Mira acts.',
      'Mira holds and passes the initiative to Orc.',
      "End of Mira's turn.",
      'Orc acts.',
      'Orc: swings at Mira.',
      "End of Orc's turn.",
      'Orc passes the initiative to Brom.',
      'Brom acts.',
      'Brom: shoves Orc.',
      "End of Brom's turn.",
      'Brom passes the initiative to Orc 2.',
      'Orc 2 acts.',
      'Orc 2: stabs Brom.',
      "End of Orc 2's turn.",
      'Orc 2 passes the initiative to Mira.',
      'Mira acts.',
      'Mira: casts a bolt.',
      "End of Mira's turn.",
      'Nobody else can act in round 1. Mira chooses to go first in round 2.',
      'Round 1, steps 4 and 5: Health Checks, then other rolls and events.',
    ]);
    expect(r.s.module.actions).toEqual({ c1: 1, c2: 1, c3: 1, c4: 1 });
  });

  it('undo takes a pass back: the passer has the initiative to pass again', () => {
    const r = run({ commands: [start('Mira'), act('Mira'), pass('Orc'), { type: 'undo' }] });
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'pass', from: 'c1' });
  });
});
