import { describe, expect, it } from 'vitest';
import { cast, engine, fight, id, mod, order, play, refuse, since, step } from './test-kit.ts';

describe('fallout: sequence of play', () => {
  // "When combat begins, the player who initiated the combat takes a turn immediately."
  // "The character who initiated the combat takes a single turn before the first round."
  it('start {initiator}: the initiator takes a single turn before round 1 (round 0)', () => {
    const p = fight([{ type: 'start', initiator: 'Ghoul' }]);
    expect(p.enc.state.round).toBe(0);
    expect(engine.whoMayAct(p.enc)).toMatchObject({ kind: 'actor', round: 0, actor: id(p, 'Ghoul'), label: 'Opening turn (before round 1)' });
    expect(p.log).toContain('Ghoul started the fight and takes a single turn before round 1.');
    expect(p.log).toContain('Opening turn: Ghoul acts.');
    expect(mod(p).turn).toMatchObject({ kind: 'opening', minor: 0, major: 0 });
  });

  // "Once this is done, the gamemaster ranks the combatants in order of their initiative statistic, from highest to lowest, and the first round begins."
  it('after the opening turn the order is the initiative stat, highest first, and round 1 begins with the highest', () => {
    const p = play({ combatants: [cast.ghoul, cast.nora, cast.piper], commands: [{ type: 'start', initiator: 'Ghoul' }, { type: 'end-turn' }] });
    expect(order(p)).toEqual(['Nora', 'Piper', 'Ghoul']);
    expect(mod(p).track.slots.map((s) => [s.initiative, s.label])).toEqual([[13, 'PER 6 + AGI 7'], [10, 'PER 5 + AGI 5'], [9, 'BODY 6 + MIND 3']]);
    expect(p.enc.state.round).toBe(1);
    expect(engine.whoMayAct(p.enc)).toMatchObject({ kind: 'actor', round: 1, actor: id(p, 'Nora') });
  });

  // "Your character's initiative is equal to their Perception plus their Agility, plus any bonuses from equipment or perks."
  // "A Creature NPC's initiative is equal to their Body + Mind scores"
  // "A Character NPC's initiative is calculated the same as player characters, though some powerful NPCs add bonuses."
  it('initiative: PER + AGI + bonuses for characters, BODY + MIND for creatures, bonuses for character NPCs', () => {
    const boss = { name: 'Overboss', side: 'Raiders', stats: { type: 'character-npc', per: 6, agi: 6, initiativeBonus: 3, hp: 20 } };
    const lucky = { ...cast.piper, name: 'Lucky', stats: { ...cast.piper.stats, initiativeBonus: 1 } };
    const p = play({ combatants: [cast.ghoul, boss, lucky, cast.nora], commands: [] });
    expect(mod(p).track.slots.map((s) => [p.enc.state.combatants[s.key]!.name, s.initiative, s.label])).toEqual([
      ['Overboss', 15, 'PER 6 + AGI 6 + 3'],
      ['Nora', 13, 'PER 6 + AGI 7'],
      ['Lucky', 11, 'PER 5 + AGI 5 + 1'],
      ['Ghoul', 9, 'BODY 6 + MIND 3'],
    ]);
  });

  it('a character without PER or AGI, or a creature without BODY or MIND, is refused with the reason', () => {
    expect(() => play({ combatants: [{ name: 'Blank', stats: { per: 5 } }] })).toThrow(/needs PER and AGI \(stats.agi\)/);
    expect(() => play({ combatants: [{ name: 'Blob', stats: { type: 'creature', body: 3 } }] })).toThrow(/needs BODY and MIND \(stats.mind\)/);
  });

  // "If there is a tie, the GM decides which character or creature goes first."
  it('a tie is a decision for the GM: the engine asks instead of guessing', () => {
    const p = fight([{ type: 'start', initiator: 'Ghoul' }, { type: 'end-turn' }]);
    expect(p.enc.state.round).toBe(0);
    expect(engine.whoMayAct(p.enc)).toEqual({
      kind: 'decision',
      round: 0,
      decision: {
        id: `tie:10:${id(p, 'Piper')},${id(p, 'Raider')}`,
        question: 'Piper and Raider both have initiative 10: who goes first? The GM decides.',
        command: 'decide-tie',
        field: 'first',
        options: [
          { value: id(p, 'Piper'), label: 'Piper' },
          { value: id(p, 'Raider'), label: 'Raider' },
        ],
      },
    });
    expect(refuse(p, { type: 'end-turn' }).code).toBe('fallout/decision-pending');
    expect(refuse(p, { type: 'act', actor: 'Nora', action: 'pass' }).code).toBe('fallout/decision-pending');
    const q = step(p, { type: 'decide-tie', first: 'Raider' });
    expect(since(p, q)).toEqual(['Initiative tie at 10: the GM puts Raider before Piper.', 'Round 1.']);
    expect(order(q)).toEqual(['Nora', 'Raider', 'Piper', 'Ghoul']);
  });

  it('the answer is remembered: later rounds do not ask again', () => {
    let p = fight([{ type: 'start', initiator: 'Ghoul' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Raider' }]);
    for (let i = 0; i < 8; i++) p = step(p, { type: 'end-turn' });
    expect(p.enc.state.round).toBe(3);
    expect(order(p)).toEqual(['Nora', 'Raider', 'Piper', 'Ghoul']);
    expect(p.log.filter((l) => l.startsWith('Initiative tie'))).toHaveLength(1);
    expect(refuse(p, { type: 'decide-tie', first: 'Piper' })).toMatchObject({ code: 'fallout/no-tie' });
  });

  it('a three-way tie is asked twice (first, then next); the GM may answer before the fight starts', () => {
    const scav = { name: 'Scav', side: 'Raiders', stats: { per: 4, agi: 6, hp: 5 } };
    let p = fight([{ type: 'decide-tie', first: 'Scav' }], {}, [scav]);
    expect(engine.whoMayAct(p.enc)).toMatchObject({ kind: 'setup' });
    p = step(p, { type: 'start', initiator: 'Nora' });
    p = step(p, { type: 'end-turn' });
    const now = engine.whoMayAct(p.enc);
    expect(now).toMatchObject({ kind: 'decision', decision: { question: 'Piper and Raider both have initiative 10 (after Scav): who goes first? The GM decides.' } });
    p = step(p, { type: 'decide-tie', first: 'Piper' });
    expect(order(p)).toEqual(['Nora', 'Scav', 'Piper', 'Raider', 'Ghoul']);
    expect(p.enc.state.round).toBe(1);
  });

  // "In each round, the character with the highest initiative goes first, and then each character takes a turn in order of highest to lowest."
  // "Once the last character has completed their turn, the round ends, and the character with the highest initiative takes the first turn of the next round."
  it('turns go down the order; after the last, the next round starts with the highest', () => {
    let p = fight([{ type: 'start', initiator: 'Ghoul' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Piper' }]);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const now = engine.whoMayAct(p.enc) as { actor: string };
      seen.push(p.enc.state.combatants[now.actor]!.name);
      p = step(p, { type: 'end-turn' });
    }
    expect(seen).toEqual(['Nora', 'Piper', 'Raider', 'Ghoul']);
    expect(p.enc.state.round).toBe(2);
    expect(engine.whoMayAct(p.enc)).toMatchObject({ kind: 'actor', round: 2, actor: id(p, 'Nora') });
  });

  it("the next combatant's first action begins its turn (turn-started, then the action); begin-turn does it explicitly", () => {
    const p = fight([{ type: 'start', initiator: 'Ghoul' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Piper' }]);
    expect(mod(p).turn).toBeNull();
    const q = step(p, { type: 'act', actor: 'Nora', action: 'interact', label: 'opens the door' });
    expect(since(p, q)).toEqual(['Nora acts.', 'Nora: Interact: opens the door (minor action).']);
    const r = step(p, { type: 'begin-turn', actor: 'Nora' });
    expect(mod(r).turn).toMatchObject({ actor: id(r, 'Nora'), kind: 'normal' });
    expect(refuse(r, { type: 'begin-turn' }).code).toBe('turn/in-progress');
    expect(refuse(p, { type: 'end-turn', actor: 'Piper' })).toMatchObject({ code: 'turn/not-your-turn', message: "It is not Piper's turn: Nora is next." });
  });

  it('defeated combatants are skipped', () => {
    let p = fight([{ type: 'start', initiator: 'Ghoul' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Piper' }]);
    p = step(p, { type: 'set-defeated', combatant: 'Piper' });
    p = step(p, { type: 'end-turn' });
    expect(engine.whoMayAct(p.enc)).toMatchObject({ actor: id(p, 'Raider') });
    expect(refuse(p, { type: 'act', actor: 'Piper', action: 'pass' }).code).toBe('fallout/defeated');
  });

  it('adding, reordering and defeating others never moves the turn; a late joiner above the turn acts next round', () => {
    let p = fight([{ type: 'start', initiator: 'Ghoul' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Piper' }, { type: 'end-turn' }, { type: 'begin-turn' }]);
    const piper = id(p, 'Piper');
    p = step(p, { type: 'add-combatant', name: 'Deathclaw', side: 'Raiders', stats: { type: 'creature', body: 10, mind: 6, hp: 30 } });
    expect(p.log.at(-1)).toBe("Deathclaw's place in round 1 has passed: its first turn is next round.");
    p = step(p, { type: 'reorder', combatant: 'Ghoul', before: 'Nora' });
    p = step(p, { type: 'set-defeated', combatant: 'Raider' });
    expect(engine.whoMayAct(p.enc)).toMatchObject({ kind: 'actor', actor: piper });
    p = step(p, { type: 'end-turn' });
    // Ghoul, moved above the turn before acting, still has its turn this round.
    expect(engine.whoMayAct(p.enc)).toMatchObject({ round: 1, actor: id(p, 'Ghoul') });
    p = step(p, { type: 'end-turn' });
    expect(p.enc.state.round).toBe(2);
    expect(order(p)).toEqual(['Deathclaw', 'Ghoul', 'Nora', 'Piper', 'Raider']);
    expect(engine.whoMayAct(p.enc)).toMatchObject({ actor: id(p, 'Deathclaw') });
  });

  it('removing the combatant whose turn it is ends its turn first; the next one is up', () => {
    const p = fight([
      { type: 'start', initiator: 'Ghoul' },
      { type: 'end-turn' },
      { type: 'decide-tie', first: 'Piper' },
      // Before Nora's turn begins: "until the end of Nora's next turn" is the turn about to begin.
      { type: 'add-condition', combatants: ['Raider'], name: 'Pinned', duration: { until: 'turn-end', of: 'Nora' } },
      { type: 'begin-turn' },
    ]);
    const q = step(p, { type: 'remove-combatant', combatant: 'Nora' });
    expect(since(p, q)).toEqual(["End of Nora's turn.", 'Raider: Pinned expired.', 'Nora leaves the fight.']);
    expect(engine.whoMayAct(q.enc)).toMatchObject({ actor: id(q, 'Piper') });
  });

  it('start is refused twice, and needs a combatant who can act', () => {
    const p = fight([{ type: 'start', initiator: 'Nora' }]);
    expect(refuse(p, { type: 'start', initiator: 'Nora' }).code).toBe('fight/started');
    const q = fight([{ type: 'set-defeated', combatant: 'Nora' }]);
    expect(refuse(q, { type: 'start', initiator: 'Nora' }).code).toBe('fallout/defeated');
    expect(refuse(q, { type: 'start', initiator: 'Nobody' }).code).toBe('combatant/unknown');
    expect(refuse(q, { type: 'end-turn' }).code).toBe('fight/not-started');
  });
});
