import { describe, expect, it } from 'vitest';
import { attempt, engine, run } from './test-support.ts';

describe('popcorn: the scene begins', () => {
  // "When a combat scene begins, it's up to the GM to determine who gets the first initiative."
  it('start {combatant}: the GM names who has the initiative and round 1 begins with them', () => {
    const r = run({ commands: [{ type: 'start', combatant: 'Brom', dice: { 'luck:Mira': 5, 'luck:Brom': 2 } }] });
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'actor', actor: 'c2', round: 1 });
    expect(r.log).toEqual(expect.arrayContaining(['The scene begins.', 'Round 1.', 'The GM gives the initiative to Brom.']));
  });

  // "When initiative goes to a group, it's up to the group (or the GM, if the group is made up of NPCs) to decide which group
  // member starts with the initiative."
  it('start {side}: the initiative goes to a side, which picks one of its members', () => {
    const script = { commands: [{ type: 'start', side: 'Orcs', dice: { 'luck:Mira': 1, 'luck:Brom': 1 } }] };
    const r = run(script);
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'pass', from: null, candidates: ['c3', 'c4'] });
    expect(attempt(script, { type: 'pass', to: 'Mira' })).toMatchObject({
      ok: false,
      rejection: { code: 'popcorn/not-on-side', message: 'The initiative is with the Orcs: pick one of their members (Orc, Orc 2).' },
    });
    const picked = run({ commands: [...script.commands, { type: 'pass', to: 'Orc 2' }] });
    expect(engine.whoMayAct(picked.enc)).toMatchObject({ kind: 'actor', actor: 'c4' });
    expect(picked.log).toContain('Orc 2 is picked by the Orcs to start with the initiative.');
  });

  // "If it's not clear which group should get the initiative, each group rolls a d20 and initiative goes to the group with the
  // highest roll."
  it('start {roll: true}: each side rolls 1d20 (dice keyed by side name), the highest side picks', () => {
    const r = run({ commands: [{ type: 'start', roll: true, dice: { Party: 8, Orcs: 17, 'luck:Mira': 3, 'luck:Brom': 3 } }] });
    expect(r.log).toContain('Each side rolls for the initiative: Party 1d20: [8] = 8; Orcs 1d20: [17] = 17; the initiative goes to the Orcs.');
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'pass', candidates: ['c3', 'c4'] });
  });

  it('tied sides roll again (keys "<side>:2", "<side>:3"...)', () => {
    const r = run({
      commands: [{ type: 'start', roll: true, dice: { Party: 12, Orcs: 12, 'Party:2': 19, 'Orcs:2': 4, 'luck:Mira': 3, 'luck:Brom': 3 } }],
    });
    expect(r.log).toContain('Each side rolls for the initiative: Party 1d20: [12] = 12; Orcs 1d20: [12] = 12; a tie: the tied sides roll again.');
    expect(r.log).toContain('Each side rolls again for the initiative: Party 1d20: [19] = 19; Orcs 1d20: [4] = 4; the initiative goes to the Party.');
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'pass', candidates: ['c1', 'c2'] });
  });

  // "2. Each player rolls their Luck Die to determine their starting Instant Karma."
  it('everyone with a Luck Die rolls it (key luck:<name>): the total is the starting Instant Karma', () => {
    const r = run({ commands: [{ type: 'start', combatant: 'Mira', dice: { 'luck:Mira': 7, 'luck:Brom': 2 } }] });
    expect(r.s.combatants.c1!.tracks.instantKarma).toEqual({ value: 7 });
    expect(r.s.combatants.c2!.tracks.instantKarma).toEqual({ value: 2 });
    expect(r.s.combatants.c3!.tracks.instantKarma).toBeUndefined();
    expect(r.log).toContain('Mira rolls the Luck Die (1d8: [7] = 7): starting Instant Karma 7.');
    expect(attempt({}, { type: 'start', combatant: 'Mira', dice: { 'luck:Mira': 9 } })).toMatchObject({ ok: false, rejection: { code: 'dice/entered' } });
  });

  // "3. Each player should set aside a number of d6s equal to their Hero Dice pool. These dice are their Reaction Pools."
  it('each Reaction Pool holds as many dice as the Hero Dice pool (track reactionPool)', () => {
    const r = run({ commands: [{ type: 'start', combatant: 'Mira', dice: { 'luck:Mira': 1, 'luck:Brom': 1 } }] });
    expect(r.s.combatants.c1!.tracks.reactionPool).toEqual({ value: 3, max: 3 });
    expect(r.s.combatants.c2!.tracks.reactionPool).toEqual({ value: 1, max: 1 });
    expect(r.log).toContain('Reaction Pools set aside: Mira 3, Brom 1, Orc 1, Orc 2 1.');
  });

  it('refuses to start twice, without saying how, with two ways, or with a defeated combatant or an unknown side', () => {
    const started = { commands: [{ type: 'start', combatant: 'Mira', dice: { 'luck:Mira': 1, 'luck:Brom': 1 } }] };
    expect(attempt(started, { type: 'start', combatant: 'Brom' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/already-started' } });
    expect(attempt({}, { type: 'start' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/start-how' } });
    expect(attempt({}, { type: 'start', combatant: 'Mira', roll: true })).toMatchObject({ ok: false, rejection: { code: 'popcorn/start-how' } });
    expect(attempt({ commands: [{ type: 'set-defeated', combatant: 'Orc' }] }, { type: 'start', combatant: 'Orc' })).toMatchObject({
      ok: false,
      rejection: { code: 'popcorn/defeated' },
    });
    expect(attempt({}, { type: 'start', side: 'Elves' })).toMatchObject({
      ok: false,
      rejection: { code: 'popcorn/unknown-side', message: 'There is no side "Elves" with a combatant able to act (sides: Party, Orcs).' },
    });
  });

  it('before the start, nobody can act and Now says how to start', () => {
    const r = run({});
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'setup' });
    expect(attempt({}, { type: 'act', actor: 'Mira', label: 'x' })).toMatchObject({ ok: false, rejection: { code: 'popcorn/not-started' } });
  });
});
