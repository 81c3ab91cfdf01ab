/**
 * The redaction property for the Discord posts (beside ../players/redaction.property.test.ts, with its
 * kit): random fights in all six rule modules through the real server, with random hidden combatants,
 * renames, hiding and revealing, newcomers hidden or not, removals, GM notes, damage, undo and redo and
 * the rules' own commands, a webhook set from the start. After every command every post made is checked
 * against the truth of that moment: no hidden combatant's id or any name it has had (in any spelling),
 * no GM note, no NPC's exact HP unless the GM shows it, no turn of someone unseen other than as the GM
 * deciding.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyFight, propertyModules } from '../property-fights.ts';
import type { FightMoment } from '../property-fights.ts';
import { testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

const RUNS = Number(process.env.REDACTION_RUNS ?? 6);
const STEPS = 40;

/** Every post the server made, by webhook token; `inflight` counts posts not yet answered. */
const posts = new Map<string, string[]>();
let inflight = 0;
let t: TestApp;
let fights = 0;
let checked = 0;
beforeAll(async () => {
  const lots = 1_000_000;
  t = await testApp({
    limits: { commandsPerSecond: lots, commandBurst: lots, ...({ readsPerSecond: lots, readBurst: lots } as object) },
    announce: {
      minGapMs: 0,
      fetch: async (url, init) => {
        inflight++;
        try {
          const token = url.split('/').at(-1)!;
          const { content } = JSON.parse(String(init.body)) as { content: string };
          posts.set(token, [...(posts.get(token) ?? []), content]);
          return new Response(null, { status: 204 });
        } finally {
          inflight--;
        }
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  // Posts were made and checked, not skipped.
  expect(checked).toBeGreaterThan(fights);
});

/** Until every line queued so far has been posted. */
async function drained(id: string, webhook: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (inflight === 0 && t.app.context.announcer.status(id, webhook).waiting === 0) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error('the posts did not drain');
}

const tokenOf = (fight: number) => `prop-${fight}-AbCdEfGhIjKlMnOp`;
const webhookOf = (token: string) => `https://discord.com/api/webhooks/123456789012345678/${token}`;

/** After each command: every post made since the last look, against the truth of that moment. */
function checker(): (m: FightMoment) => Promise<void> {
  let seen = 0;
  let token = '';
  return async ({ c, truth, npcHp, what, encounter }) => {
    token ||= tokenOf(fights);
    await drained(c.id, webhookOf(token));
    const made = posts.get(token) ?? [];
    for (; seen < made.length; seen++, checked++) {
      // As people read it: Discord's escapes dropped.
      const text = made[seen]!.replace(/\\(.)/g, '$1');
      expect(truth.leaks(text, npcHp === 'exact'), `${encounter.state.rules.id}, a post after ${what}: ${text}`).toEqual([]);
    }
  };
}

describe('redaction property for Discord: no post carries anything hidden, in any module, whatever the GM does', () => {
  for (const m of propertyModules) {
    it(`${m.rules}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), fc.array(fc.nat({ max: 1_000_000 }), { minLength: 400, maxLength: 400 }), (seed, choices) =>
          propertyFight(t, m, seed, choices, {
            steps: STEPS,
            settings: (_names, n) => {
              fights = n;
              return { discord: { webhook: webhookOf(tokenOf(n)) } };
            },
            after: checker(),
          }),
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
    }, 120_000);
  }
});
