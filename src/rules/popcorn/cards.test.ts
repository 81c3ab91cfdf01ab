import { describe, expect, it } from 'vitest';
import { cards } from './index.ts';
import { run } from './test-support.ts';

const start = { type: 'start', combatant: 'Mira', dice: { 'luck:Mira': 4, 'luck:Brom': 3 } };
const act = (who: string, label = 'attacks') => ({ type: 'act', actor: who, label });
const pass = (to: string) => ({ type: 'pass', to });
const orcCard = (r: ReturnType<typeof run>) => cards(r.s).find((c) => c.kind === 'group')!;

describe('popcorn: the cards on the table', () => {
  // "Give each player a card to keep face-down in front of them and flip over when they take their action."
  it('one card per PC and lone NPC, face down until they act', () => {
    const r = run({ combatants: [{ name: 'Mira', kind: 'pc', side: 'Party' }, { name: 'Troll', side: 'Beasts' }], commands: [{ type: 'start', combatant: 'Mira' }, act('Mira')] });
    expect(cards(r.s)).toEqual([
      { key: 'c1', label: 'Mira', kind: 'pc', side: 'party', members: ['c1'], faceUp: true, toAct: 0, hasInitiative: true, defeated: false, pending: [] },
      { key: 'c2', label: 'Troll', kind: 'npc', side: 'beasts', members: ['c2'], faceUp: false, toAct: 1, hasInitiative: false, defeated: false, pending: [] },
    ]);
  });

  // "the GM can use one card for each group of NPCs with counters stacked on top. When an NPC gets passed the initiative, the GM
  // just removes a counter, then flips the card when the last member of the group has acted."
  it('an NPC group shares one card with a counter of members yet to act; it flips when the last has acted', () => {
    expect(orcCard(run({ commands: [start] }))).toMatchObject({ key: 'group:orcs:orcs', label: 'Orcs', members: ['c3', 'c4'], toAct: 2, faceUp: false });
    const one = run({ commands: [start, act('Mira'), pass('Orc'), act('Orc')] });
    expect(orcCard(one)).toMatchObject({ toAct: 1, faceUp: false, hasInitiative: true });
    const both = run({ commands: [start, act('Mira'), pass('Orc'), act('Orc'), pass('Orc 2'), act('Orc 2')] });
    expect(orcCard(both)).toMatchObject({ toAct: 0, faceUp: true });
  });

  // "When initiative refreshes at the end of the round, everyone flips their cards back over."
  it('every card flips back face down when the next round refreshes the initiative, except a delayed action under way', () => {
    const r = run({
      commands: [
        start, { type: 'delay', actor: 'Mira', label: 'Fireball', segments: 9 }, pass('Orc'), act('Orc'), pass('Brom'), act('Brom'),
        pass('Orc 2'), act('Orc 2'), pass('Brom'), { type: 'end-round-choice', choice: 'continue' }, { type: 'next-round' },
      ],
    });
    expect(cards(r.s).map((c) => [c.label, c.faceUp])).toEqual([['Mira', true], ['Brom', false], ['Orcs', false]]);
    expect(cards(r.s)[0]!.pending).toEqual(['Mira: Fireball (delayed, 6 segments left)']);
  });

  it('a defeated member takes its counter off the card; all defeated, the card says so', () => {
    const r = run({ commands: [start, { type: 'set-defeated', combatant: 'Orc' }] });
    expect(orcCard(r)).toMatchObject({ toAct: 1, defeated: false });
    const all = run({ commands: [start, { type: 'set-defeated', combatant: 'Orc' }, { type: 'set-defeated', combatant: 'Orc 2' }] });
    expect(orcCard(all)).toMatchObject({ toAct: 0, faceUp: true, defeated: true });
  });

  it('a PC with a group stat keeps its own card', () => {
    const r = run({ combatants: [{ name: 'Mira', kind: 'pc', side: 'Party', stats: { group: 'Orcs' } }, { name: 'Orc', side: 'Orcs', stats: { group: 'Orcs' } }] });
    expect(cards(r.s).map((c) => c.kind)).toEqual(['pc', 'group']);
  });
});
