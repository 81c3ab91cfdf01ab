import { describe, expect, it } from 'vitest';
import { attempt, engine, run } from './test-support.ts';

const start = { type: 'start', combatant: 'Orc', dice: { 'luck:Mira': 4, 'luck:Brom': 3 } };
const act = (who: string, label = 'attacks') => ({ type: 'act', actor: who, label });
const dodge = (who: string, extra: Record<string, unknown> = {}) => ({ type: 'react', actor: who, kind: 'pool', label: 'dodges', ...extra });
const pool = (r: ReturnType<typeof run>, id: string) => r.s.combatants[id]!.tracks.reactionPool;

describe('popcorn: reactions', () => {
  // "When a reaction requires a die roll, the player uses the dice in their Reaction Pool in place of their Hero Dice. Each time
  // the Reaction Pool is used, it shrinks by 1 die."
  it('a pool reaction rolls the Reaction Pool (key reaction) and shrinks it by one die', () => {
    const r = run({ commands: [start, act('Orc'), dodge('Mira', { dice: { reaction: [6, 3, 1] } })] });
    expect(r.log).toContain('Mira reacts: dodges (3d6: [6, 3, 1] = 10); Reaction Pool 3 → 2.');
    expect(pool(r, 'c1')).toEqual({ value: 2, max: 3 });
    const twice = run({ commands: [start, act('Orc'), dodge('Mira', { dice: { reaction: [6, 3, 1] } }), dodge('Mira', { dice: { reaction: [2, 2] } })] });
    expect(pool(twice, 'c1')).toEqual({ value: 1, max: 3 });
  });

  it('a reaction does not take the initiative from anyone', () => {
    const r = run({ commands: [start, dodge('Mira')] });
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'actor', actor: 'c3' });
    expect(r.s.module.acted).toEqual([]);
  });

  // "If they don't have any dice to use, they either can't react (in cases like attacks of opportunity) or automatically fail
  // (for dodge rolls and the like)."
  it('with an exhausted pool and no other dice, a dodge automatically fails and an attack of opportunity is impossible', () => {
    const spent = { commands: [start, dodge('Brom', { dice: { reaction: 4 } })] };
    expect(pool(run(spent), 'c2')).toEqual({ value: 0, max: 1 });
    const r = run({ commands: [...spent.commands, dodge('Brom')] });
    expect(r.log).toContain('Brom reacts: dodges — the Reaction Pool is empty and no other dice apply: it automatically fails.');
    expect(pool(r, 'c2')).toEqual({ value: 0, max: 1 });
    expect(attempt(spent, { type: 'react', actor: 'Brom', label: 'attack of opportunity', defense: false })).toMatchObject({
      ok: false,
      rejection: {
        code: 'popcorn/pool-empty',
        message: "Brom's Reaction Pool is empty and no other dice apply, so Brom cannot make this reaction (give a Trope, Trademark or other die that applies as extra).",
      },
    });
  });

  // "A character whose Reaction Pool is reduced to zero dice can still react as long as they have Trope, Trademark, or other
  // dice that can apply to the roll."
  it('with an exhausted pool, other dice (extra) still let the character react; the pool stays at 0', () => {
    const r = run({
      commands: [start, dodge('Brom', { dice: { reaction: 4 } }), { type: 'react', actor: 'Brom', label: 'swipes as the orc passes', defense: false, extra: '1d8', dice: { reaction: 7 } }],
    });
    expect(r.log).toContain('Brom reacts: swipes as the orc passes (1d8: [7] = 7); Reaction Pool empty, other dice only.');
    expect(pool(r, 'c2')).toEqual({ value: 0, max: 1 });
  });

  it('extra dice are added to the pool when there are dice left', () => {
    const r = run({ commands: [start, dodge('Mira', { extra: '1d8', dice: { reaction: [1, 2, 3, 8] } })] });
    expect(r.log).toContain('Mira reacts: dodges (3d6+1d8: [1, 2, 3] + [8] = 14); Reaction Pool 3 → 2.');
  });

  // "In most cases, a player who still has dice in their Reaction Pool can choose a passive reaction, which means that the
  // character chooses not to add their Reaction Pool to the roll. Since they're not using the Reaction Pool, they don't lose a
  // die from it."
  it('a passive reaction costs no die, and is for a character who still has dice in the pool', () => {
    const r = run({ commands: [start, { type: 'react', actor: 'Mira', kind: 'passive', label: 'takes the hit on the shield' }] });
    expect(r.log).toContain('Mira reacts passively: takes the hit on the shield; no reaction die used.');
    expect(pool(r, 'c1')).toEqual({ value: 3, max: 3 });
    expect(attempt({ commands: [start, dodge('Brom', { dice: { reaction: 4 } })] }, { type: 'react', actor: 'Brom', kind: 'passive', label: 'x' })).toMatchObject({
      ok: false,
      rejection: { code: 'popcorn/passive-needs-dice' },
    });
  });

  // "If a character has not taken their action yet, they can choose to perform a reaction as their reaction that round. In this
  // case, the character uses their standard dice pool for the action and does not lose a reaction die, but the reaction uses up
  // their turn."
  it('a character who has not acted may react with the action: standard dice, no reaction die lost, turn used up', () => {
    const r = run({ commands: [start, act('Orc'), { type: 'react', actor: 'Mira', kind: 'action', label: 'counters with a staff sweep', dice: { reaction: [5, 5, 2] } }] });
    expect(r.log).toContain("Mira reacts with the action: counters with a staff sweep (3d6: [5, 5, 2] = 12); no reaction die lost, Mira's turn is used.");
    expect(pool(r, 'c1')).toEqual({ value: 3, max: 3 });
    expect(r.s.module.acted).toEqual(['c3', 'c1']);
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'pass', from: 'c3', candidates: ['c2', 'c4'] });
    expect(r.log).toContain('Mira acts.');
    const again = { commands: [start, act('Orc'), { type: 'react', actor: 'Mira', kind: 'action', label: 'x' }] };
    expect(attempt(again, { type: 'react', actor: 'Mira', kind: 'action', label: 'y' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/already-acted' } });
    expect(attempt({ commands: [start] }, { type: 'react', actor: 'Orc', kind: 'action', label: 'y' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/has-initiative' } });
  });

  // "1. Players refresh their reaction pools and intiative"
  it('Reaction Pools refresh at the start of every round', () => {
    const r = run({
      commands: [
        start, dodge('Brom', { dice: { reaction: 4 } }), dodge('Mira', { dice: { reaction: [1, 1, 1] } }), act('Orc'),
        { type: 'pass', to: 'Mira' }, act('Mira'), { type: 'pass', to: 'Brom' }, act('Brom'), { type: 'pass', to: 'Orc 2' }, act('Orc 2'),
        { type: 'pass', to: 'Mira' }, { type: 'next-round' },
      ],
    });
    expect(pool(r, 'c1')).toEqual({ value: 3, max: 3 });
    expect(pool(r, 'c2')).toEqual({ value: 1, max: 1 });
    expect(r.log).toContain('Initiative and Reaction Pools refresh (Mira 2 → 3, Brom 0 → 1).');
  });

  it('the GM edits a pool with set-track, never below 0; heroDice changes resize it', () => {
    expect(attempt({ commands: [start] }, { type: 'set-track', combatant: 'Mira', track: 'reactionPool', value: -1 })).toMatchObject({
      ok: false,
      rejection: { code: 'popcorn/pool-negative' },
    });
    const r = run({ commands: [start, { type: 'set-track', combatant: 'Mira', track: 'reactionPool', value: 1 }] });
    expect(pool(r, 'c1')).toEqual({ value: 1, max: 3 });
    const resized = run({ commands: [start, { type: 'update-combatant', combatant: 'Mira', stats: { heroDice: 2 } }] });
    expect(pool(resized, 'c1')).toEqual({ value: 2, max: 2 });
    expect(resized.log).toContain("Mira's Reaction Pool is now 2/2.");
  });

  // Issue 20, item 4: "The answer to anything a player sends must not depend on whether a name or id is hidden."
  it('a reaction a player asked for records its label as the player\'s words; no command can claim it', () => {
    const before = run({ commands: [start, act('Orc')] });
    const reacted = (d: ReturnType<typeof engine.decide>) => (d.ok ? d.events.find((e) => e.type === 'popcorn/reacted') : undefined);
    const asked = engine.decide(before.enc, dodge('Mira', { dice: { reaction: [6, 3, 1] } }), { playerWords: true });
    expect(reacted(asked)).toMatchObject({ label: 'dodges', labelBy: 'player' });
    const typed = engine.decide(before.enc, dodge('Mira', { dice: { reaction: [6, 3, 1] } }));
    expect(reacted(typed)).not.toHaveProperty('labelBy');
    // The log line quotes the words as said (players read them as written); the GM reads the same line.
    const line = engine.log([...before.events, ...engine.apply(before.enc, asked.ok ? asked.events : []).events]).at(-1)!;
    expect(line.text).toBe('Mira reacts: dodges (3d6: [6, 3, 1] = 10); Reaction Pool 3 → 2.');
    expect(line.parts).toContainEqual({ said: 'dodges' });
    expect(attempt({ commands: [start, act('Orc')] }, dodge('Mira', { labelBy: 'player' }))).toMatchObject({ ok: false, rejection: { code: 'command/invalid' } });
  });

  it('a defeated combatant cannot react', () => {
    expect(attempt({ commands: [start, { type: 'set-defeated', combatant: 'Mira' }] }, dodge('Mira'))).toMatchObject({ ok: false, rejection: { code: 'popcorn/defeated' } });
  });
});
