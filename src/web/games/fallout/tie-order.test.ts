import { describe, expect, it } from 'vitest';
import { runScript } from '../../../core/index.ts';
import type { Encounter } from '../../../core/index.ts';
import { engine } from '../../../rules/index.ts';
import { undecidedTies } from '../../../rules/fallout/index.ts';
import type { FalloutEncounter } from '../../../rules/fallout/index.ts';
import { draftOrder, moveInDraft, openTies, pick, tieCommands } from './tie-order.ts';
import type { TieState } from './tie-order.ts';

const open = ['r1', 'r2', 'r3', 'r4'];

describe('putting a tie in order', () => {
  it('numbers pick them in sequence; the last needs no pick', () => {
    let picks = pick(open, [], 3);
    expect(picks).toEqual(['r3']);
    expect(draftOrder(open, picks)).toEqual(['r3', 'r1', 'r2', 'r4']);
    picks = pick(open, picks, 1);
    picks = pick(open, picks, 4);
    expect(picks).toEqual(['r3', 'r1', 'r4', 'r2']);
  });
  it('picking one again takes it and those after it back; unknown numbers change nothing', () => {
    expect(pick(open, ['r3', 'r1'], 3)).toEqual([]);
    expect(pick(open, ['r3', 'r1'], 1)).toEqual(['r3']);
    expect(pick(open, ['r3'], 9)).toEqual(['r3']);
  });
  it('moves one up or down, within the order', () => {
    expect(moveInDraft(open, [], 'r3', -1)).toEqual(['r1', 'r3', 'r2', 'r4']);
    expect(moveInDraft(open, ['r4'], 'r4', 1)).toEqual(['r1', 'r4', 'r2', 'r3']);
    expect(moveInDraft(open, [], 'r1', -1)).toEqual(open);
    expect(moveInDraft(open, [], 'r4', 1)).toEqual(open);
  });
  it('is said to the rules as "who goes first" for all but the last', () => {
    expect(tieCommands(['r3', 'r1', 'r4', 'r2'])).toEqual([
      { type: 'decide-tie', first: 'r3' },
      { type: 'decide-tie', first: 'r1' },
      { type: 'decide-tie', first: 'r4' },
    ]);
  });
});

describe('openTies reads the ties as the Fallout rules do', () => {
  const raider = { per: 5, agi: 5, str: 6, hp: 10, weapons: [{ name: 'Machete', type: 'melee', damage: 3 }] };
  const setup = (commands: unknown[]): Encounter => {
    const r = runScript(
      engine,
      {
        rules: 'fallout',
        title: 'Four raiders',
        sides: [{ name: 'Vault', players: true }, { name: 'Raiders' }],
        combatants: [
          { name: 'Nora', kind: 'pc', side: 'Vault', stats: { per: 6, agi: 7, str: 5, end: 5, int: 6, cha: 5, luc: 3, hp: 12 } },
          { name: 'Raider', side: 'Raiders', count: 4, stats: raider },
          { name: 'Piper', kind: 'pc', side: 'Vault', stats: { per: 5, agi: 5, str: 4, end: 4, int: 5, luc: 2, hp: 10 } },
        ],
        commands,
      },
      5,
    );
    if (!r.ok) throw new Error(r.rejection.message);
    return r.encounter;
  };
  const same = (enc: Encounter) => {
    const s = enc.state as FalloutEncounter;
    const able = (id: string) => !s.combatants[id]!.defeated;
    expect(openTies(s.module as unknown as TieState, able)).toEqual(undecidedTies(s).map((t) => ({ initiative: t.initiative, members: t.members, open: t.open })));
    return openTies(s.module as unknown as TieState, able);
  };

  it('five at 10 before anyone is ordered, fewer as the GM answers, none at the end', () => {
    const before = same(setup([]));
    expect(before).toHaveLength(1);
    expect(before[0]!.open).toHaveLength(5);
    const order = ['Raider 3', 'Piper', 'Raider', 'Raider 4', 'Raider 2'];
    const steps = tieCommands(order);
    expect(steps).toHaveLength(4);
    expect(same(setup(steps.slice(0, 2)))[0]!.open).toHaveLength(3);
    const done = setup(steps);
    expect(same(done)).toEqual([]);
    const slots = (done.state as FalloutEncounter).module.track.slots.map((s) => done.state.combatants[s.members[0]!]!.name);
    expect(slots).toEqual(['Nora', 'Raider 3', 'Piper', 'Raider', 'Raider 4', 'Raider 2']);
  });

  it('leaves out the defeated, and nothing at all without a module state', () => {
    const enc = setup([{ type: 'set-defeated', combatant: 'Piper' }]);
    expect(same(enc)[0]!.open).toHaveLength(4);
    expect(openTies(null, () => true)).toEqual([]);
  });
});
