import { describe, expect, it } from 'vitest';
import { viewOf } from '../../../core/index.ts';
import { example, idOf } from './example-kit.ts';
import { surpriseLines, surpriseOf } from './surprise-words.ts';

describe('who is surprised, in the GM’s words', () => {
  it('SWN: "A surprised target doesn’t get to roll initiative until the second round of combat and can perform only Instant actions while surprised."', async () => {
    const { engine, enc } = await example('swn', [{ type: 'surprise', targets: ['Pirate 2', 'Lookout'], declare: true }]);
    expect(surpriseLines(viewOf(engine, enc))).toEqual(['Surprised: Pirate 2 and Lookout. Only Instant actions in round 1, and no initiative until the start of round 2, when they roll.']);
    let r = engine.execute(enc, { type: 'start', dice: { Vasquez: [3], Kade: [5], Mara: [4], Pirate: [2] } });
    if (!r.ok) throw new Error(r.rejection.message);
    const round1 = viewOf(engine, r.encounter);
    expect(surpriseLines(round1)).toHaveLength(1);
    expect(surpriseOf(round1, idOf(enc, 'Lookout'))).toBe('Surprised: only Instant actions in round 1; no initiative until the start of round 2, when it rolls.');
    expect(surpriseOf(round1, idOf(enc, 'Pirate'))).toBeNull();
    let next = r.encounter;
    while (next.state.round < 2) {
      r = engine.execute(next, { type: 'end-turn' });
      if (!r.ok) throw new Error(r.rejection.message);
      next = r.encounter;
    }
    expect(surpriseLines(viewOf(engine, next))).toEqual([]);
    expect(surpriseOf(viewOf(engine, next), idOf(enc, 'Lookout'))).toBeNull();
  });

  it('CWN: "automatically granting their enemies a full free round of action before initiative can be rolled"; "Groups cannot be surprised if they are actively anticipating the possibility of combat"', async () => {
    const { engine, enc } = await example('cwn', [{ type: 'surprise', side: 'Crew', declare: true }]);
    expect(surpriseLines(viewOf(engine, enc))).toEqual([
      'Surprised: the Crew. The Razors get a full free round before initiative is rolled; the Crew may take only Instant actions in it. Immune to surprise, acting in the free round: Jin.',
    ]);
    let r = engine.execute(enc, { type: 'start' });
    if (!r.ok) throw new Error(r.rejection.message);
    const free = viewOf(engine, r.encounter);
    expect(surpriseOf(free, idOf(enc, 'Vasquez'))).toBe("Surprised: only Instant actions during the enemies' free round.");
    // "A PC with certain Foci or cyberware may be immune to surprise": Jin acts in the free round.
    expect(surpriseOf(free, idOf(enc, 'Jin'))).toBeNull();
    while (r.ok && r.encounter.state.round < 1) r = engine.execute(r.encounter, { type: 'end-turn' });
    if (!r.ok) throw new Error(r.rejection.message);
    expect(surpriseLines(viewOf(engine, r.encounter))).toEqual([]);
    expect(surpriseOf(viewOf(engine, r.encounter), idOf(enc, 'Vasquez'))).toBeNull();
    const anticipating = await example('cwn', [{ type: 'set-side', side: 'Razors', anticipating: true }]);
    expect(surpriseLines(viewOf(anticipating.engine, anticipating.enc))).toEqual(['Anticipating combat, so they cannot be surprised: the Razors.']);
  });
});
