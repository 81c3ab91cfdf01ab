import { describe, expect, it } from 'vitest';
import { engine, fight, id, mod, refuse, since, step, track } from './test-kit.ts';
import type { Played } from './test-kit.ts';

/** Round 1 after the opening turn, no turn begun yet: Nora (13) is next, then Piper, Raider, Ghoul. */
function round1(options: Record<string, unknown> = {}): Played {
  return fight([{ type: 'start', initiator: 'Ghoul' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Piper' }], options);
}

describe('fallout: spending Luck to act faster', () => {
  // "You can also spend Luck points to interrupt the normal initiative order and take your turn earlier in the round. You must do this at the end of
  //  another character's turn but before your turn in the initiative order"
  // "Once you have taken your turn, you do not take another at your normal point in the initiative order, until the next round."
  it('Piper jumps ahead of Raider with a Luck point and is skipped at her normal place', () => {
    const p = fight([{ type: 'start', initiator: 'Nora' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Raider' }, { type: 'end-turn' }]);
    // Order: Nora, Raider, Piper, Ghoul. Nora's turn ended: Raider is next.
    expect(engine.whoMayAct(p.enc)).toMatchObject({
      kind: 'actor',
      actor: id(p, 'Raider'),
      interrupts: [{ combatant: id(p, 'Piper'), command: 'luck-interrupt', label: 'Spend a Luck point to act before Raider (2 left)' }],
    });
    const q = step(p, { type: 'luck-interrupt', actor: 'Piper' });
    expect(since(p, q)).toEqual([
      expect.stringMatching(/^Piper: Luck points 2 → 1\b/),
      'Piper spends a Luck point to take its turn now, ahead of the initiative order.',
      'Luck: Piper acts.',
    ]);
    expect(track(q, 'Piper', 'luck')).toBe(1);
    expect(engine.whoMayAct(q.enc)).toMatchObject({ actor: id(q, 'Piper'), label: 'Luck: acting early' });
    let r = step(q, { type: 'end-turn' });
    expect(engine.whoMayAct(r.enc)).toMatchObject({ actor: id(r, 'Raider') });
    r = step(r, { type: 'end-turn' });
    expect(engine.whoMayAct(r.enc)).toMatchObject({ actor: id(r, 'Ghoul') });
    r = step(r, { type: 'end-turn' });
    expect(r.enc.state.round).toBe(2);
  });

  // "you cannot interrupt another player while it is their turn."
  it('not in the middle of a turn: once the next combatant has begun, Luck waits for the end of its turn', () => {
    const p = fight([{ type: 'start', initiator: 'Nora' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Raider' }, { type: 'end-turn' }, { type: 'act', actor: 'Raider', action: 'move' }]);
    expect(refuse(p, { type: 'luck-interrupt', actor: 'Piper' })).toEqual({
      code: 'fallout/luck-mid-turn',
      message: "Luck is spent at the end of another character's turn, not in the middle of Raider's turn: wait for the end of the turn (end-turn).",
    });
  });

  it('refused for someone who has acted, who is next anyway, or who has no Luck left', () => {
    const p = fight([{ type: 'start', initiator: 'Nora' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Piper' }, { type: 'end-turn' }]);
    expect(refuse(p, { type: 'luck-interrupt', actor: 'Nora' }).code).toBe('fallout/already-acted');
    expect(refuse(p, { type: 'luck-interrupt', actor: 'Piper' }).code).toBe('fallout/already-next');
    expect(refuse(p, { type: 'luck-interrupt', actor: 'Ghoul' })).toEqual({ code: 'fallout/no-luck', message: 'Ghoul has no Luck points left.' });
    expect(refuse(fight([]), { type: 'luck-interrupt', actor: 'Nora' }).code).toBe('fight/not-started');
  });

  // "You must do this at the end of another character's turn but before your turn in the initiative order"
  it("not right after one's own opening turn: the initiator cannot take round 1's first turn as well (two turns in a row)", () => {
    // Piper opens the fight; order Nora 13, Raider 10, Piper 10, Ghoul 9. Her turn just ended: it is not another character's.
    const p = fight([{ type: 'start', initiator: 'Piper' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Raider' }]);
    expect(p.enc.state.round).toBe(1);
    const own = "Piper's own turn has just ended: Luck is spent at the end of another character's turn.";
    expect(refuse(p, { type: 'luck-interrupt', actor: 'Piper' })).toEqual({ code: 'fallout/luck-own-turn', message: own });
    // Neither the GM screen (whoMayAct's interrupts, allowedActions) nor a player's request offers it.
    expect(engine.whoMayAct(p.enc)).toMatchObject({ kind: 'actor', actor: id(p, 'Nora') });
    expect(engine.whoMayAct(p.enc)).not.toHaveProperty('interrupts');
    expect((engine.allowedActions(p.enc, id(p, 'Piper')) ?? []).find((a) => a.command === 'luck-interrupt')).toMatchObject({ legal: false, reason: own });
    // Once Nora's turn has ended, it is the end of another character's turn, before Piper's: she may jump ahead of the Raider.
    const q = step(p, { type: 'end-turn' });
    expect(engine.whoMayAct(q.enc)).toMatchObject({
      actor: id(q, 'Raider'),
      interrupts: [{ combatant: id(q, 'Piper'), command: 'luck-interrupt', label: 'Spend a Luck point to act before Raider (2 left)' }],
    });
    expect((engine.allowedActions(q.enc, id(q, 'Piper')) ?? []).find((a) => a.command === 'luck-interrupt')).toMatchObject({ legal: true });
    expect(engine.whoMayAct(step(q, { type: 'luck-interrupt', actor: 'Piper' }).enc)).toMatchObject({ actor: id(q, 'Piper'), label: 'Luck: acting early' });
  });

  it('not to open the next round right after ending the last turn of the round; anyone else still may', () => {
    // Cait (initiative 4) acts last in round 1, with 2 Luck points; Piper is also on the players' side.
    const cait = { name: 'Cait', kind: 'pc', side: 'Vault', stats: { per: 2, agi: 2, luc: 2, hp: 8 } };
    let p = fight([{ type: 'start', initiator: 'Ghoul' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Piper' }], {}, [cait]);
    for (let i = 0; i < 5; i++) p = step(p, { type: 'end-turn' });
    expect(p.enc.state.round).toBe(2);
    expect(p.log.slice(-2)).toEqual(["End of Cait's turn.", 'Round 2.']);
    expect(refuse(p, { type: 'luck-interrupt', actor: 'Cait' }).code).toBe('fallout/luck-own-turn');
    expect(engine.whoMayAct(p.enc)).toMatchObject({
      kind: 'actor',
      actor: id(p, 'Nora'),
      interrupts: [{ combatant: id(p, 'Piper'), command: 'luck-interrupt', label: 'Spend a Luck point to act before Nora (2 left)' }],
    });
    expect((engine.allowedActions(p.enc, id(p, 'Cait')) ?? []).find((a) => a.command === 'luck-interrupt')).toMatchObject({ legal: false });
    expect((engine.allowedActions(p.enc, id(p, 'Piper')) ?? []).find((a) => a.command === 'luck-interrupt')).toMatchObject({ legal: true });
    // After Nora's turn, Cait may spend Luck: it is the end of another character's turn, before hers.
    const q = step(step(p, { type: 'end-turn' }), { type: 'luck-interrupt', actor: 'Cait' });
    expect(engine.whoMayAct(q.enc)).toMatchObject({ actor: id(q, 'Cait'), label: 'Luck: acting early' });
  });

  // "When you spend a Luck point to take your turn earlier, you take your turn immediately, can take one minor and one major action as normal,
  //  and can spend Action Points to take additional actions as normal. You are still limited to the number of actions you can take in a round"
  it('the Luck turn has the usual economy: second major for 2 AP, never a third', () => {
    let p = fight([{ type: 'start', initiator: 'Nora' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Raider' }, { type: 'end-turn' }, { type: 'luck-interrupt', actor: 'Piper' }], { partyPoolStart: 2 });
    p = step(p, { type: 'act', actor: 'Piper', action: 'pass' });
    p = step(p, { type: 'act', actor: 'Piper', action: 'pass' });
    expect(mod(p).pools.party).toBe(0);
    expect(refuse(p, { type: 'act', actor: 'Piper', action: 'pass' }).code).toBe('fallout/second-major-taken');
  });
});

describe('fallout: Ready', () => {
  // "Ready: Describe a situation you expect to occur, and choose a major action you will perform when it does. If that action occurs before the start of
  //  your next turn, you may perform that major action immediately, interrupting other characters' actions as necessary."
  it('a readied attack fires when the GM marks the trigger, interrupting the current actor, whose turn then resumes', () => {
    let p = step(round1(), { type: 'ready', actor: 'Nora', trigger: 'the raider draws', action: 'attack' });
    expect(p.log.at(-1)).toBe('Nora readies an attack for when "the raider draws" (major action).');
    p = step(p, { type: 'end-turn' });
    p = step(p, { type: 'end-turn' });
    p = step(p, { type: 'act', actor: 'Raider', action: 'draw-item', item: 'Pipe pistol' });
    expect(engine.whoMayAct(p.enc)).toMatchObject({
      actor: id(p, 'Raider'),
      interrupts: [{ combatant: id(p, 'Nora'), command: 'trigger', label: 'Readied attack when "the raider draws" (the GM marks it: trigger)' }],
    });
    const q = step(p, { type: 'trigger', trigger: 'The raider DRAWS' });
    expect(q.log.at(-1)).toBe('"the raider draws" happens: Nora acts now, interrupting Raider.');
    expect(engine.whoMayAct(q.enc)).toMatchObject({ actor: id(q, 'Nora'), label: 'Readied attack ("the raider draws"), interrupting Raider\'s turn' });
    expect(refuse(q, { type: 'act', actor: 'Raider', action: 'pass' }).code).toBe('fallout/readied-in-progress');
    expect(refuse(q, { type: 'end-turn' }).code).toBe('fallout/readied-in-progress');
    expect(refuse(q, { type: 'act', actor: 'Nora', action: 'defend' }).code).toBe('fallout/readied-action');
    const r = step(q, { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol', dice: { test: [14, 16] } });
    expect(since(q, r)).toEqual([
      'Nora attacks Raider with 10mm pistol (readied action).',
      "Nora's attack on Raider: difficulty 1 (Defense 1), AGI 7 + Small Guns 3 = 10, tag: 1-3 count double, 1 success needed: 75%: [14, 16] = 0 successes, failure.",
      'Nora misses Raider.',
      expect.stringMatching(/^Nora: 10mm ammo 8 → 7\b/),
      "Nora's readied action is done; Raider's turn resumes.",
    ]);
    expect(r.log.at(-1)).toBe("Nora's readied action is done; Raider's turn resumes.");
    expect(mod(r).turn).toMatchObject({ actor: id(r, 'Raider'), minor: 1, major: 0 });
    expect(track(r, 'Nora', 'ammo:10mm')).toBe(7);
  });

  // Same sentence, as a screen offers it: the out-of-turn choice carries the command that marks the trigger.
  it('the readied action offered out of turn is a command the engine takes as it is (the trigger text, not who readied)', () => {
    let p = step(round1(), { type: 'ready', actor: 'Nora', trigger: 'the raider draws', action: 'attack' });
    p = step(step(p, { type: 'end-turn' }), { type: 'end-turn' });
    const now = engine.whoMayAct(p.enc);
    const offered = (now.kind === 'ended' ? [] : (now.interrupts ?? [])).find((i) => i.command === 'trigger');
    expect(offered).toMatchObject({ combatant: id(p, 'Nora'), preset: { trigger: 'the raider draws' } });
    const q = step(p, { type: offered!.command, ...(offered!.preset ?? { actor: offered!.combatant }) });
    expect(q.log.at(-1)).toBe('"the raider draws" happens: Nora acts now.');
  });

  // "If more than one character has readied an action for the same situation, their readied actions occur in initiative order."
  it('several readied for the same trigger resolve in initiative order', () => {
    let p = fight([{ type: 'start', initiator: 'Piper' }, { type: 'ready', actor: 'Piper', trigger: 'door opens', action: 'defend' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Piper' }]);
    p = step(p, { type: 'ready', actor: 'Nora', trigger: 'Door opens', action: 'sprint' });
    p = step(p, { type: 'end-turn' });
    p = step(p, { type: 'trigger', trigger: 'door opens' });
    expect(p.log.at(-1)).toBe('"Door opens" happens: Nora, then Piper act now.');
    expect(engine.whoMayAct(p.enc)).toMatchObject({ actor: id(p, 'Nora'), label: 'Readied sprint ("Door opens"), between turns' });
    p = step(p, { type: 'act', actor: 'Nora', action: 'sprint' });
    expect(p.log.at(-1)).toBe("Nora's readied action is done; Piper's readied action next.");
    p = step(p, { type: 'act', actor: 'Piper', action: 'pass' });
    expect(p.log.at(-1)).toBe('Piper does not take its readied action.');
    expect(engine.whoMayAct(p.enc)).toMatchObject({ actor: id(p, 'Piper'), label: expect.stringContaining('Next') });
  });

  // "If that action occurs before the start of your next turn" — an unused readied action lapses when the readier's next turn starts.
  it("an unused readied action lapses at the start of the readier's next turn", () => {
    let p = step(round1(), { type: 'ready', actor: 'Nora', trigger: 'the ghoul howls', action: 'attack' });
    for (let i = 0; i < 4; i++) p = step(p, { type: 'end-turn' });
    const q = step(p, { type: 'begin-turn' });
    expect(since(p, q)).toEqual(['Nora\'s readied Attack ("the ghoul howls") lapses: its next turn begins.', 'Nora acts.']);
    expect(refuse(q, { type: 'trigger', trigger: 'the ghoul howls' })).toEqual({ code: 'fallout/no-such-trigger', message: 'Nobody readied an action for "the ghoul howls". Waiting: none.' });
  });

  it('readied with the second major action, its test is 1 harder; a readied action cannot interrupt its own turn', () => {
    let p = step(round1({ partyPoolStart: 2 }), { type: 'act', actor: 'Nora', action: 'pass' });
    p = step(p, { type: 'ready', actor: 'Nora', trigger: 'x', action: 'test' });
    expect(refuse(p, { type: 'trigger', trigger: 'x' }).code).toBe('fallout/trigger-own-turn');
    p = step(p, { type: 'end-turn' });
    p = step(p, { type: 'trigger', trigger: 'x' });
    p = step(p, { type: 'act', actor: 'Nora', action: 'test', attribute: 'agi', skill: 'athletics', difficulty: 1, dice: { test: [2, 20] } });
    expect(p.log).toContain('Nora: Test test, AGI 7 + Athletics 2 = 9, 2 successes needed: 26%: [2, 20:complication] = 1 success, failure, 1 complication.');
  });

  // "You are still limited to the number of actions you can take in a round, and can be interrupted by the Ready action as normal."
  it('a Luck turn can be interrupted by a readied action', () => {
    let p = fight([{ type: 'start', initiator: 'Nora' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Raider' }]);
    p = step(p, { type: 'ready', actor: 'Nora', trigger: 'piper throws', action: 'attack' });
    p = step(p, { type: 'end-turn' });
    p = step(p, { type: 'luck-interrupt', actor: 'Piper' });
    p = step(p, { type: 'trigger', trigger: 'piper throws' });
    expect(p.log.at(-1)).toBe('"piper throws" happens: Nora acts now, interrupting Piper.');
  });
});
