/**
 * The redaction property for seats (issue 23: "The redaction property test covers seats"): random
 * fights in all six rule modules through the real server (property-fights.ts), with random hidden
 * combatants, renames, hiding and revealing, newcomers, removals and undo. After every command a phone
 * tries to sit at someone (any name the fight has had, in any spelling: hidden, visible or gone), reads
 * its seat, and asks for things as its seat for someone else: nothing it receives names a hidden
 * combatant, carries a GM note or an NPC's exact HP the GM does not show.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spell } from '../players/testing.ts';
import { propertyFight, propertyModules } from '../property-fights.ts';
import type { FightMoment } from '../property-fights.ts';
import { testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

const RUNS = Number(process.env.REDACTION_RUNS ?? 4);
const STEPS = 30;

let t: TestApp;
let answers = 0;
let seated = 0;
beforeAll(async () => {
  const lots = 1_000_000;
  t = await testApp({ limits: { commandsPerSecond: lots, commandBurst: lots, requestsPerSecond: lots, requestBurst: lots, ...({ readsPerSecond: lots, readBurst: lots } as object) } });
});
afterAll(async () => {
  await t.close();
  // Phones did sit, and answers were checked.
  expect(seated).toBeGreaterThan(0);
  expect(answers).toBeGreaterThan(RUNS * STEPS);
});

function phone(): (m: FightMoment) => Promise<void> {
  const seats: string[] = [];
  return async ({ c, truth, npcHp, what, pick, int, encounter }) => {
    const check = (text: string, where: string) => {
      answers++;
      expect(truth.leaks(text, npcHp === 'exact'), `${encounter.state.rules.id}, ${where} after ${what}: ${text}`).toEqual([]);
    };
    const name = spell(pick([...truth.allNames(), 'Nobody']), int);
    const claim = await t.call('POST', `/api/encounters/${c.id}/seats`, { key: c.playerKey, body: { combatant: name } });
    check(claim.body, `a claim for ${name}`);
    if (claim.status === 201) {
      seated++;
      seats.push(claim.json<{ seatKey: string }>().seatKey);
    }
    for (const key of seats) {
      check((await t.call('GET', `/api/encounters/${c.id}/seats/mine`, { key })).body, 'a seat read');
      const other = spell(pick([...truth.allNames(), 'Nobody']), int);
      const asked = await t.call('POST', `/api/encounters/${c.id}/requests`, { key, body: { kind: pick(['end-turn', 'reaction']), combatant: other, label: 'I duck' } });
      check(asked.body.replace(/"label":"I duck"/, ''), `a seat's request for ${other}`);
    }
  };
}

describe('redaction property for seats: a phone learns nothing hidden by sitting or asking, in any module', () => {
  for (const m of propertyModules) {
    it(`${m.rules}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), fc.array(fc.nat({ max: 1_000_000 }), { minLength: 400, maxLength: 400 }), (seed, choices) =>
          propertyFight(t, m, seed, choices, { steps: STEPS, after: phone() }),
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
    }, 120_000);
  }
});
