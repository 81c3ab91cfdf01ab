import { describe, expect, it } from 'vitest';
import { cwn } from '../cwn/index.ts';
import { Fight } from '../sine-nomine/testing.ts';
import { swn } from './index.ts';

const pc = (name: string, dexMod = 0, extra: Record<string, unknown> = {}) => ({ name, kind: 'pc', side: 'PCs', stats: { hp: 10, ac: 13, dexMod, ...extra } });
const npc = (name: string, stats: Record<string, unknown> = {}, side = 'Pirates') => ({ name, side, stats: { hp: 6, ac: 12, ...stats } });
const fight = (combatants: unknown[], options: Record<string, unknown> = {}) =>
  new Fight([swn, cwn], { rules: 'swn', options, sides: [{ name: 'PCs', players: true }, { name: 'Pirates' }], combatants });

describe('swn initiative', () => {
  it('"Each rolls 1d8 and adds their Dexterity modifier"', () => {
    const f = fight([pc('Vasquez', 2), npc('Pirate')]).do({ type: 'roll-initiative', dice: { Vasquez: [3], Pirate: [7] } });
    expect(f.log()).toContain('Initiative: Vasquez 5 (1d8: 3 + 2).');
    expect(f.order()).toEqual(['Pirate 7', 'Vasquez 5']);
  });

  it('"NPCs usually have no modifier" (an NPC adds a Dex modifier only when the GM gives it one)', () => {
    const f = fight([npc('Pirate'), npc('Captain', { dexMod: 1 })]).do({ type: 'roll-initiative', dice: { Pirate: [4], Captain: [4] } });
    expect(f.log()).toContain('Initiative: Pirate 4 (1d8: 4).');
    expect(f.log()).toContain('Initiative: Captain 5 (1d8: 4 + 1).');
  });

  it('"with PCs winning ties", even against an NPC with a better Dex modifier', () => {
    const f = fight([npc('Captain', { dexMod: 2 }), pc('Vasquez', 0)]).do({ type: 'roll-initiative', dice: { Captain: [3], Vasquez: [5] } });
    expect(f.order()).toEqual(['Vasquez 5', 'Captain 5 (tied with Vasquez: PCs win ties)']);
  });

  it('README: ties inside the same kind go to the higher Dex modifier', () => {
    const f = fight([pc('Lee', 0), pc('Vasquez', 2)]).do({ type: 'roll-initiative', dice: { Lee: [6], Vasquez: [4] } });
    expect(f.order()).toEqual(['Vasquez 6', 'Lee 6 (tied with Vasquez: higher Dex modifier (+2 vs +0))']);
  });

  it('README: then "a recorded 1d8 roll-off", rolled again while it ties', () => {
    const f = fight([npc('Pirate'), npc('Pirate')]).do({
      type: 'roll-initiative',
      dice: { Pirate: [5], 'Pirate 2': [5], 'roll-off:Pirate': [4], 'roll-off:Pirate 2': [4], 'roll-off:Pirate:2': [1], 'roll-off:Pirate 2:2': [6] },
    });
    expect(f.order()).toEqual(['Pirate 2 5', 'Pirate 5 (tied with Pirate 2: roll-off 6 vs 1)']);
    expect(f.log()).toContain('Roll-off for the tie at 5: Pirate 2 4, Pirate 4.');
    expect(f.log()).toContain('Roll-off for the tie at 5 (again, level 2): Pirate 2 6, Pirate 1.');
  });

  it('"The participants then act in order, high roll to low" and "the sequence starts over again from the top"', () => {
    const f = fight([pc('Vasquez', 1), npc('Pirate')]).do({ type: 'roll-initiative', dice: { Vasquez: [2], Pirate: [6] } }, { type: 'start' });
    expect(f.acting()).toBe('Pirate');
    f.do({ type: 'end-turn' });
    expect(f.acting()).toBe('Vasquez');
    f.do({ type: 'end-turn' });
    expect(f.now()).toMatchObject({ kind: 'actor', round: 2, actor: f.id('Pirate') });
  });

  it('"Initiative is not re-rolled": the same order every round, and roll-initiative refuses', () => {
    const f = fight([pc('Vasquez'), npc('Pirate')]).do({ type: 'roll-initiative', dice: { Vasquez: [2], Pirate: [6] } }, { type: 'start' });
    const order = f.order();
    f.do({ type: 'end-turn' }, { type: 'end-turn' }, { type: 'end-turn' }, { type: 'end-turn' });
    expect(f.enc.state.round).toBe(3);
    expect(f.order()).toEqual(order);
    expect(f.refuse({ type: 'roll-initiative', combatants: ['Vasquez'] })).toMatchObject({ code: 'initiative/already-rolled' });
    expect(f.refuse({ type: 'roll-initiative' })).toMatchObject({ code: 'initiative/nothing-to-roll' });
  });

  it('setup says what is missing, and start rolls for anyone who has not', () => {
    const f = fight([pc('Vasquez'), npc('Pirate')]);
    expect(f.now()).toEqual({ kind: 'setup', needs: 'Roll initiative (roll-initiative) then start the fight (start)' });
    f.do({ type: 'roll-initiative', combatants: ['Vasquez'], dice: { Vasquez: [4] } });
    f.do({ type: 'start', dice: { Pirate: [8] } });
    expect(f.order()).toEqual(['Pirate 8', 'Vasquez 4']);
    expect(f.now()).toMatchObject({ kind: 'actor', round: 1, actor: f.id('Pirate') });
  });
});

describe('swn initiative: changes during the fight never move the turn', () => {
  const started = () =>
    fight([pc('Vasquez', 1), pc('Lee'), npc('Pirate')]).do(
      { type: 'roll-initiative', dice: { Vasquez: [6], Lee: [2], Pirate: [4] } },
      { type: 'start' },
      { type: 'end-turn' },
    );

  it('README "Combatants who join later roll on joining": below the current slot they act this round', () => {
    const f = started();
    expect(f.acting()).toBe('Pirate');
    f.do({ type: 'add-combatant', name: 'Thug', side: 'Pirates', dice: { Thug: [1] } });
    expect(f.acting()).toBe('Pirate');
    expect(f.order()).toEqual(['Vasquez 7', 'Pirate 4', 'Lee 2', 'Thug 1']);
    f.do({ type: 'end-turn' }, { type: 'end-turn' });
    expect(f.acting()).toBe('Thug');
  });

  it('a late joiner whose place this round has passed acts from the next round', () => {
    const f = started();
    f.do({ type: 'add-combatant', name: 'Thug', side: 'Pirates', dice: { Thug: [8] } });
    expect(f.last()).toContain("Thug's place in round 1 has passed: it acts from round 2.");
    expect(f.acting()).toBe('Pirate');
    f.do({ type: 'end-turn' }, { type: 'end-turn' });
    expect(f.now()).toMatchObject({ round: 2, actor: f.id('Thug') });
  });

  // "When everyone has had a turn to act": the defeated have no turn to take.
  it('defeated combatants are skipped; defeating the one acting does not move the turn', () => {
    const f = started();
    f.do({ type: 'set-defeated', combatant: 'Lee' });
    expect(f.acting()).toBe('Pirate');
    f.do({ type: 'set-defeated', combatant: 'Pirate' });
    expect(f.acting()).toBe('Pirate');
    f.do({ type: 'end-turn' });
    expect(f.now()).toMatchObject({ round: 2, actor: f.id('Vasquez') });
  });

  it('removing the combatant who is acting ends its turn (as end-turn would); removing another changes nothing', () => {
    const f = started();
    f.do({ type: 'remove-combatant', combatant: 'Vasquez' });
    expect(f.acting()).toBe('Pirate');
    f.do({ type: 'remove-combatant', combatant: 'Pirate' });
    expect(f.last()).toEqual(["End of Pirate's turn.", 'Pirate leaves the fight.', 'Lee acts.']);
    expect(f.acting()).toBe('Lee');
  });

  it('reorder moves a slot (for every round) without moving the turn', () => {
    const f = started();
    f.do({ type: 'reorder', combatant: 'Lee', before: 'Vasquez' });
    expect(f.acting()).toBe('Pirate');
    expect(f.order()).toEqual(['Lee 2', 'Vasquez 7 (after Lee: placed by the GM)', 'Pirate 4']);
    f.do({ type: 'end-turn' });
    // Lee's slot now sits above the current one but Lee has not acted this round: Lee still acts in it.
    expect(f.acting()).toBe('Lee');
    f.do({ type: 'end-turn' });
    expect(f.now()).toMatchObject({ round: 2, actor: f.id('Lee') });
  });

  it('set-initiative changes a total and the slot moves; the turn stays', () => {
    const f = started();
    f.do({ type: 'set-initiative', combatant: 'Lee', total: 9 });
    expect(f.last()[0]).toBe("The GM sets Lee's initiative to 9 (was 2).");
    expect(f.order()).toEqual(['Lee 9', 'Vasquez 7', 'Pirate 4']);
    expect(f.acting()).toBe('Pirate');
  });

  it('a hidden combatant\'s lines record it (players do not read them), and the order players see leaves it out', () => {
    const f = fight([pc('Vasquez'), { ...npc('Sniper'), hidden: true }]).do({ type: 'roll-initiative', dice: { Vasquez: [3], Sniper: [7] } });
    const lines = f.engine.log(f.events).filter((l) => l.text.startsWith('Initiative'));
    expect(lines.map((l) => [l.text, l.hidden])).toEqual([
      ['Initiative: Vasquez 3 (1d8: 3).', []],
      ['Initiative: Sniper 7 (1d8: 7).', ['c2']],
      ['Initiative order: Vasquez 3.', []],
    ]);
  });

  it('refusals name the acting combatant', () => {
    const f = started();
    expect(f.refuse({ type: 'act', actor: 'Lee', action: 'move' })).toEqual({
      code: 'turn/not-your-turn',
      message: "It is not Lee's turn: it is Pirate's turn.",
    });
    expect(f.refuse({ type: 'act', actor: 'Vasquez', action: 'move' })).toMatchObject({ code: 'turn/already-acted' });
    expect(f.refuse({ type: 'end-turn', combatant: 'Lee' })).toMatchObject({ code: 'turn/not-your-turn' });
  });
});

describe('swn group initiative (the option)', () => {
  const group = () =>
    new Fight([swn, cwn], {
      rules: 'swn',
      options: { initiative: 'group' },
      sides: [{ name: 'PCs', players: true }, { name: 'Pirates' }, { name: 'Mercs' }],
      combatants: [pc('Vasquez', 2), pc('Lee', 1), npc('Pirate', { dexMod: 3 }), npc('Merc', {}, 'Mercs')],
    });

  it('"The PC with the best Dexterity bonus rolls for the party, and the GM rolls one die for the other NPCs"', () => {
    const f = group().do({ type: 'roll-initiative', dice: { PCs: [3], NPCs: [5] } });
    expect(f.log()).toContain('Initiative: PCs 5 (1d8: 3, +2 Dex of Vasquez).');
    expect(f.log()).toContain('Initiative: NPCs 5 (1d8: 5).');
    expect(f.order()).toEqual(['PCs 5', 'NPCs 5 (tied with PCs: PCs win ties)']);
    expect(f.m.order[1]!.members.map((id) => f.name(id))).toEqual(['Pirate', 'Merc']);
  });

  it('"Members of the side that rolled highest may act first in whatever order they wish, and then the next-highest side acts"', () => {
    const f = group().do({ type: 'roll-initiative', dice: { PCs: [1], NPCs: [6] } }, { type: 'start' });
    expect(f.now()).toMatchObject({ kind: 'side', round: 1, active: null, waiting: [f.id('Pirate'), f.id('Merc')], label: 'NPCs' });
    f.do({ type: 'begin-turn', combatant: 'Merc' });
    expect(f.now()).toMatchObject({ kind: 'side', active: f.id('Merc'), waiting: [f.id('Pirate')] });
    expect(f.refuse({ type: 'begin-turn', combatant: 'Pirate' })).toMatchObject({ code: 'turn/someone-acting' });
    f.do({ type: 'end-turn' });
    // Acting begins a member's turn too.
    f.do({ type: 'act', actor: 'Pirate', action: 'move' });
    expect(f.acting()).toBe('Pirate');
    f.do({ type: 'end-turn' });
    expect(f.now()).toMatchObject({ kind: 'side', label: 'PCs', waiting: [f.id('Vasquez'), f.id('Lee')] });
  });

  it('"The PC with the best Dexterity bonus rolls for the party" leaves out a surprised PC: "A surprised target doesn\'t get to roll initiative until the second round"', () => {
    const f = group().do({ type: 'surprise', targets: ['Vasquez'] }, { type: 'roll-initiative', dice: { PCs: [3], NPCs: [2] } });
    expect(f.log()).toContain('Initiative: PCs 4 (1d8: 3, +1 Dex of Lee).');
    f.do({ type: 'start' }, { type: 'end-turn' }, { type: 'end-turn' }, { type: 'end-turn' });
    // Round 2: Vasquez joins the party's turn without a roll of its own.
    expect(f.log()).toContain("Vasquez joins the PCs' turn.");
    expect(f.order()).toEqual(['PCs 4', 'NPCs 2']);
  });

  it('a party roll made with the Dex of a PC who then becomes surprised is set aside, and the party rolls again without it', () => {
    const f = group().do({ type: 'roll-initiative', dice: { PCs: [3], NPCs: [2] } }, { type: 'surprise', targets: ['Vasquez'] });
    expect(f.last()[0]).toBe(
      "Surprised (declared by the GM): Vasquez. No initiative and only Instant actions in round 1; it rolls at the start of round 2. The PCs' initiative, rolled with Vasquez's Dex, is set aside: the party rolls again.",
    );
    expect(f.order()).toEqual(['NPCs 2']);
    f.do({ type: 'start', dice: { PCs: [5] } });
    expect(f.log()).toContain('Initiative: PCs 6 (1d8: 5, +1 Dex of Lee).');
    // A surprised PC whose Dex was not the one used leaves the party's roll as it is.
    const g = group().do({ type: 'roll-initiative', dice: { PCs: [3], NPCs: [2] } }, { type: 'surprise', targets: ['Lee'] });
    expect(g.last()[0]).toBe('Surprised (declared by the GM): Lee. No initiative and only Instant actions in round 1; it rolls at the start of round 2.');
    expect(g.order()).toEqual(['PCs 5', 'NPCs 2']);
  });

  it('ending a side\'s turn before everyone acted: the rest lose their turn this round', () => {
    const f = group().do({ type: 'roll-initiative', dice: { PCs: [8], NPCs: [1] } }, { type: 'start' }, { type: 'begin-turn', combatant: 'Lee' }, { type: 'end-turn' });
    f.do({ type: 'end-turn' });
    expect(f.last()).toEqual(["End of the PCs' turn. Vasquez did not act this round.", "NPCs' turn (initiative 1): Pirate and Merc act in the order they choose (begin-turn)."]);
  });
});
