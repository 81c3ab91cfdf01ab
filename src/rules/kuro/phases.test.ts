import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../core/index.ts';
import { nameOf } from '../../core/index.ts';
import { turnSummary } from './queries.ts';
import type { KuroEncounter } from './state.ts';
import { attempt, cast, engine, run } from './testing.ts';

const all = [cast.Kenji, cast.Goro, cast.Aiko];
/** Kenji 3dK+6 = 19, Goro 2dK+4 = 12, Aiko 2dK+4 = 9. */
const rolls = { Kenji: [5, 5, 3], Goro: [5, 3], Aiko: [3, 2] };
const start = { type: 'start', dice: rolls };

/** Who started a turn, in order, as "phase: names". */
function turns(s: KuroEncounter, events: readonly StoredEvent[]): string[] {
  let phase = 0;
  const out: string[] = [];
  for (const { event } of events) {
    if (event.type === 'kuro/phase-started') phase = event.phase as number;
    if (event.type === 'turn-started') out.push(`${phase}: ${(event.actors as string[]).map((id) => nameOf(s, id)).join(' + ')}`);
  }
  return out;
}

describe('kuro: game turns and combat phases', () => {
  it('"Initiative = REA (as number of D6) + 2x REA": Kenji, REA 3, rolls 5, 5, 3 for 19', () => {
    const { s, log } = run({ combatants: all, commands: [start] });
    expect(s.module.initiative.c1!.total).toBe(19);
    expect(log).toContain('Kenji rolls initiative for game turn 1: 3dK+6: [5, 5, 3] + 6 = 19.');
  });

  it('"a number of actions per turn equal to his Reflexes score divided by 2 (rounding fractions up)"', () => {
    const sheet = (REF: number) => ({ name: `R${REF}`, stats: { REF } });
    const { s } = run({ combatants: [0, 1, 2, 3, 4, 5, 6].map(sheet) });
    expect(s.roster.map((id) => s.module.actions[id])).toEqual([0, 1, 1, 2, 2, 3, 3]);
  });

  it('"There are as many combat phases in a turn as the highest number of actions": in phase k everyone with at least k actions acts once, in initiative order', () => {
    const end = { type: 'end-turn' };
    const { s, events, log } = run({ combatants: all, commands: [start, end, end, end, end, end] });
    expect(turns(s, events)).toEqual(['1: Kenji', '1: Goro', '1: Aiko', '2: Kenji', '2: Aiko', '3: Aiko']);
    expect(log).toContain('Game turn 1, phase 1 of 3: Kenji 19, Goro 12, Aiko 9.');
    expect(log).toContain('Game turn 1, phase 2 of 3: Kenji 19, Aiko 9.');
    expect(log).toContain('Game turn 1, phase 3 of 3: Aiko 9.');
    expect(log).toContain('Game turn 1, phase 3: Aiko acts.');
    expect(engine.whoMayAct(run({ combatants: all, commands: [start, end, end, end] }).enc)).toMatchObject({
      kind: 'actor',
      round: 1,
      phase: 2,
      actor: 'c1',
    });
  });

  it('"At that point the game turn ends and a new one begins. You roll initiative again"', () => {
    const end = { type: 'end-turn' };
    const { s, enc, log } = run({ combatants: all, commands: [start, end, end, end, end, end, end] });
    expect(log).toContain('End of game turn 1: everyone rolls initiative for game turn 2.');
    expect(s.round).toBe(2);
    expect(s.module.stage).toBe('initiative');
    expect(s.module.initiative).toEqual({});
    expect(engine.whoMayAct(enc)).toMatchObject({ kind: 'setup' });
    // The players roll at the table and the GM types theirs in; the engine rolls for Goro; phase 1 then begins.
    const typed = engine.execute(enc, { type: 'roll-initiative', combatants: ['Kenji', 'Aiko'], dice: { Kenji: [1, 1, 1], Aiko: [6, 6, 2, 1] } });
    expect(typed.ok).toBe(true);
    if (!typed.ok) return;
    expect((typed.encounter.state as KuroEncounter).module.stage).toBe('initiative');
    const rest = engine.execute(typed.encounter, { type: 'roll-initiative', dice: { Goro: [2, 1] } });
    expect(rest.ok).toBe(true);
    if (!rest.ok) return;
    const s2 = rest.encounter.state as KuroEncounter;
    expect(s2.module.initiative.c3!.total).toBe(19);
    expect(s2.module.stage).toBe('phases');
    expect(engine.whoMayAct(rest.encounter)).toMatchObject({ kind: 'actor', round: 2, phase: 1, actor: 'c3' });
  });

  it('"In the case of a tie, all characters with the same initiative act at the same time": one slot, Now "group"', () => {
    const { s, enc, log } = run({ combatants: all, commands: [{ type: 'start', dice: { Kenji: [1, 1, 1], Goro: [5, 3], Aiko: [5, 3] } }] });
    expect(engine.whoMayAct(enc)).toMatchObject({ kind: 'group', phase: 1, actors: ['c2', 'c3'] });
    expect(s.module.track.slots.map((slot) => [slot.kind, slot.members])).toEqual([
      ['group', ['c2', 'c3']],
      ['actor', ['c1']],
    ]);
    expect(log).toContain('Game turn 1, phase 1 of 3: Goro and Aiko 12 (at the same time), Kenji 9.');
    expect(log).toContain('Game turn 1, phase 1: Goro and Aiko act together.');
  });

  // Issue 21, item 4: in a simultaneous slot the screen moves to the member who still has to declare.
  it('"all characters with the same initiative act at the same time": Now "group" says who has still to declare', () => {
    const tie = { type: 'start', dice: { Kenji: [1, 1, 1], Goro: [5, 3], Aiko: [5, 3] } };
    expect(engine.whoMayAct(run({ combatants: all, commands: [tie] }).enc)).toMatchObject({ kind: 'group', actors: ['c2', 'c3'], waiting: ['c2', 'c3'] });
    const goro = { type: 'act', actor: 'Goro', label: 'draws his blade' };
    expect(engine.whoMayAct(run({ combatants: all, commands: [tie, goro] }).enc)).toMatchObject({ kind: 'group', actors: ['c2', 'c3'], waiting: ['c3'] });
    // Both have declared: nobody left to wait for, and the slot resolves with end-turn.
    const both = run({ combatants: all, commands: [tie, goro, { type: 'act', actor: 'Aiko', label: 'throws sand' }] });
    expect(engine.whoMayAct(both.enc)).toMatchObject({ kind: 'group', actors: ['c2', 'c3'], waiting: [] });
  });

  // Issue: "State and log say which game turn and which phase it is, and which actions each combatant has left."
  it('the state says which game turn and phase it is and which actions each combatant has left', () => {
    const { s } = run({ combatants: all, commands: [start, { type: 'end-turn' }] });
    const t = turnSummary(s);
    expect(t).toMatchObject({ gameTurn: 1, stage: 'phases', phase: 1, phases: 3, acting: ['c2'] });
    expect(t.order.map((slot) => slot.members.map((m) => `${m.name} ${m.status}`))).toEqual([['Kenji done'], ['Goro acting'], ['Aiko waiting']]);
    expect(t.combatants.map((c) => [c.name, c.actions, c.taken, c.left])).toEqual([
      ['Kenji', 2, [1], 1],
      ['Goro', 1, [1], 0],
      ['Aiko', 3, [], 3],
    ]);
  });

  // Rules README: "each 6 explodes (roll again and add)": the GM types the extra die too.
  it('"The players and GM each roll": typed-in dice are checked, exploding 6s need their extra die', () => {
    const r = attempt({ combatants: all }, { type: 'start', dice: { Kenji: [6, 5, 3], Goro: [5, 3], Aiko: [3, 2] } });
    expect(r).toMatchObject({ ok: false, rejection: { code: 'dice/entered' } });
    if (!r.ok) expect(r.rejection.message).toContain('3, and 1 extra die for the one that explodes');
  });
});

describe('kuro: the phase structure changes without moving the slot acting now', () => {
  // "This carries on until no character has any remaining actions left." README assumption 11: lost actions come off the end of the game turn.
  it('a combatant losing an action drops out of his last phase; the current slot stays', () => {
    const end = { type: 'end-turn' };
    const { s, events, enc } = run({
      combatants: all,
      commands: [start, end, { type: 'lose-action', combatant: 'Aiko', count: 2, reason: 'wounded' }, end, end, end],
    });
    expect(turns(s, events)).toEqual(['1: Kenji', '1: Goro', '1: Aiko', '2: Kenji']);
    expect(engine.log(events).map((l) => l.text)).toContain('Aiko: 1 action this game turn instead of 3 (wounded).');
    expect(s.round).toBe(2);
    expect(enc.state.round).toBe(2);
  });

  // README assumption 11: "Actions already taken, or being taken now, cannot be lost."
  it('actions already taken, or being taken, cannot be lost', () => {
    const r = attempt({ combatants: all, commands: [start, { type: 'end-turn' }] }, { type: 'lose-action', combatant: 'Goro' });
    expect(r).toMatchObject({
      ok: false,
      rejection: { code: 'kuro/no-action-left', message: 'Goro has no action left to lose in game turn 1 after the current one.' },
    });
    const set = attempt({ combatants: all, commands: [start, { type: 'end-turn' }] }, { type: 'set-actions', combatant: 'Kenji', actions: 0 });
    expect(set).toMatchObject({ ok: false, rejection: { code: 'kuro/actions-below-taken' } });
  });

  // "Then other participants each take their own actions in initiative order." README assumption 12 (joining mid-turn).
  it('a late joiner below the slot acting now acts later in this phase; the current slot stays', () => {
    const { s, enc } = run({
      combatants: all,
      commands: [start, { type: 'add-combatant', name: 'Hiro', stats: { REA: 1, REF: 2 }, dice: { Hiro: [3] } }],
    });
    expect(engine.whoMayAct(enc)).toMatchObject({ kind: 'actor', actor: 'c1' });
    expect(s.module.track.slots.map((slot) => slot.members.map((id) => nameOf(s, id)))).toEqual([['Kenji'], ['Goro'], ['Aiko'], ['Hiro']]);
  });

  // "in phase k everyone with at least k actions acts": README assumption 12, a newcomer whose place has passed acts from the next phase.
  it('a late joiner whose place in this phase has passed acts from the next phase, if he has the actions', () => {
    const { s, log } = run({
      combatants: all,
      commands: [start, { type: 'end-turn' }, { type: 'add-combatant', name: 'Hiro', stats: { REA: 3, REF: 4 }, dice: { Hiro: [6, 6, 5, 5, 5] } }],
    });
    expect(log).toContain("Hiro's place in phase 1 has passed: Hiro acts from phase 2 (with at least 2 actions).");
    expect(s.module.track.current).toBe('i:12');
    const end = { type: 'end-turn' };
    const after = run({
      combatants: all,
      commands: [start, end, { type: 'add-combatant', name: 'Hiro', stats: { REA: 3, REF: 4 }, dice: { Hiro: [6, 6, 5, 5, 5] } }, end, end],
    });
    expect(engine.whoMayAct(after.enc)).toMatchObject({ kind: 'actor', phase: 2, actor: 'c4' });
  });

  it('a late joiner with the initiative of the slot acting now joins it: "all characters with the same initiative act at the same time"', () => {
    const { enc, log } = run({
      combatants: all,
      commands: [start, { type: 'end-turn' }, { type: 'add-combatant', name: 'Hiro', stats: { REA: 2 }, dice: { Hiro: [5, 3] } }],
    });
    expect(engine.whoMayAct(enc)).toMatchObject({ kind: 'group', actors: ['c2', 'c4'] });
    expect(log).toContain('Game turn 1, phase 1: Hiro acts.');
  });

  // Issue: "Defeated combatants are skipped." README assumption 14.
  it('"Defeated combatants are skipped", and defeat mid-phase does not move the slot acting now', () => {
    const { enc, events, s } = run({
      combatants: all,
      commands: [start, { type: 'set-defeated', combatant: 'Goro' }, { type: 'end-turn' }],
    });
    expect(turns(s, events)).toEqual(['1: Kenji', '1: Aiko']);
    expect(engine.whoMayAct(enc)).toMatchObject({ actor: 'c3' });
  });

  // Issue: "Removing the current actor ends its part of the slot." README assumption 14.
  it('removing the combatant acting now ends his part of the slot and the next slot begins', () => {
    const { enc, log } = run({ combatants: all, commands: [start, { type: 'remove-combatant', combatant: 'Kenji' }] });
    expect(engine.whoMayAct(enc)).toMatchObject({ kind: 'actor', actor: 'c2', phase: 1 });
    expect(log.slice(-3)).toEqual(["End of Kenji's turn.", 'Kenji leaves the fight.', 'Game turn 1, phase 1: Goro acts.']);
  });

  // "The character with the highest initiative acts first": README assumption 13 (GM moves re-sort the rest of the game turn).
  it('set-initiative and reorder re-sort the slots still to come; someone acting now cannot be moved', () => {
    const { s } = run({ combatants: all, commands: [start, { type: 'set-initiative', combatant: 'Aiko', total: 15 }] });
    expect(s.module.track.slots.map((slot) => nameOf(s, slot.members[0]!))).toEqual(['Kenji', 'Aiko', 'Goro']);
    const acting = attempt({ combatants: all, commands: [start] }, { type: 'set-initiative', combatant: 'Kenji', total: 3 });
    expect(acting).toMatchObject({ ok: false, rejection: { code: 'kuro/acting-now' } });
    const moved = run({ combatants: all, commands: [start, { type: 'reorder', combatant: 'Aiko', before: 'Goro' }] });
    expect(moved.s.module.track.slots.map((slot) => [nameOf(moved.s, slot.members[0]!), slot.initiative])).toEqual([
      ['Kenji', 19],
      ['Aiko', 12],
      ['Goro', 12],
    ]);
    expect(moved.log).toContain('The GM places Aiko just before Goro for the rest of game turn 1.');
    expect(engine.whoMayAct(moved.enc)).toMatchObject({ actor: 'c1' });
  });

  // README assumption 15: "`start` at the start of a later game turn rolls whoever is missing and begins phase 1 too."
  it('start in a later game turn rolls whoever is missing', () => {
    const end = { type: 'end-turn' };
    const { s, enc } = run({
      combatants: all,
      commands: [start, end, end, end, end, end, end, { type: 'roll-initiative', combatants: ['Aiko'], dice: { Aiko: [1, 1] } }, { type: 'start', dice: { Kenji: [2, 2, 2], Goro: [3, 3] } }],
    });
    expect(s.module.stage).toBe('phases');
    expect(s.module.track.slots.map((slot) => slot.initiative)).toEqual([12, 10, 6]);
    expect(engine.whoMayAct(enc)).toMatchObject({ kind: 'actor', round: 2, phase: 1, actor: 'c1' });
  });

  // "At the beginning of each game turn, each participant should determine his 'initiative order.'"
  it('game turn 2 needs initiative before anyone acts', () => {
    const end = { type: 'end-turn' };
    const r = attempt({ combatants: all, commands: [start, end, end, end, end, end, end] }, { type: 'act', actor: 'Kenji', label: 'Runs' });
    expect(r).toMatchObject({
      ok: false,
      rejection: { code: 'kuro/initiative-pending', message: 'Game turn 2 has not begun: Kenji, Goro and Aiko still need an initiative roll (roll-initiative).' },
    });
  });
});
