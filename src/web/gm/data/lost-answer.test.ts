import { describe, expect, it } from 'vitest';
import { engine } from '../../../rules/index.ts';
import type { Command, Encounter, StoredEvent } from '../../../core/index.ts';
import { swnFightUnderWay } from './fight-kit.ts';
import { answerSays, sameJson, whatHappened } from './lost-answer.ts';

const fight = swnFightUnderWay;

/** What the server stores when it applies `command` to `encounter` at its clock `at`. */
function applied(encounter: Encounter, command: Command, at?: number): StoredEvent[] {
  const d = engine.decide(encounter, command, at !== undefined ? { at } : {});
  if (!d.ok) throw new Error(d.rejection.message);
  return [...engine.apply(encounter, d.events).events];
}

const dryRunOf = (encounter: Encounter, command: Command) => (at: number | undefined) => engine.decide(encounter, command, at !== undefined ? { at } : {});

describe('what a command’s answer says', () => {
  it('applied, or refused when Turnkeeper’s JSON says so (a 503 encounter/busy changed nothing)', () => {
    expect(answerSays({ ok: true, status: 200 })).toBe('applied');
    expect(answerSays({ ok: false, status: 503, code: 'encounter/busy' })).toBe('refused');
    expect(answerSays({ ok: false, status: 409, code: 'encounter/version-conflict' })).toBe('refused');
    expect(answerSays({ ok: false, status: 422, code: 'turn/not-your-turn' })).toBe('refused');
    expect(answerSays({ ok: false, status: 503, code: 'server/database-unavailable' })).toBe('refused');
  });

  it('unknown without an answer, with a proxy’s 502, 503 or 504, or when the server failed halfway', () => {
    expect(answerSays({ ok: false, status: 0, code: 'network/unreachable', unanswered: true })).toBe('unknown');
    for (const status of [502, 503, 504, 500]) expect(answerSays({ ok: false, status, code: `http/${status}`, unanswered: true })).toBe('unknown');
    expect(answerSays({ ok: false, status: 500, code: 'server/internal' })).toBe('unknown');
    // A proxy that refused the request (too large, not found) did not pass it on.
    expect(answerSays({ ok: false, status: 413, code: 'http/413', unanswered: true })).toBe('refused');
  });
});

describe('whether a command sent at a version was applied, from the events after it', () => {
  const hit: Command = { type: 'damage', combatants: ['Pirate'], notation: '1d6' };

  it('applied: the batch right after the version is what the command decides there (dice from the stored generator)', () => {
    const { encounter } = fight();
    const after = applied(encounter, hit);
    expect(after.some((e) => e.event.type === 'rng-advanced')).toBe(true);
    expect(whatHappened(encounter.version, after, true, dryRunOf(encounter, hit))).toBe('applied');
    // Later commands after it change nothing.
    const x = engine.execute(encounter, hit);
    if (!x.ok) throw new Error(x.rejection.message);
    const more = applied(x.encounter, { type: 'end-turn' });
    expect(whatHappened(encounter.version, [...after, ...more], true, dryRunOf(encounter, hit))).toBe('applied');
  });

  it('applied at the server’s clock: a change of turn timed by the server is decided again at the same time', () => {
    const { encounter } = fight();
    const endTurn: Command = { type: 'end-turn' };
    const after = applied(encounter, endTurn, 1_700_000_000_000);
    expect(after.some((e) => e.event.type === 'turn-timed')).toBe(true);
    expect(whatHappened(encounter.version, after, true, dryRunOf(encounter, endTurn))).toBe('applied');
  });

  it('applied whatever the key order the database gave back', () => {
    const { encounter } = fight();
    const reordered = applied(encounter, hit).map((e) => JSON.parse(JSON.stringify({ event: Object.fromEntries(Object.entries(e.event).reverse()), cmd: e.cmd, seq: e.seq })) as StoredEvent);
    expect(whatHappened(encounter.version, reordered, true, dryRunOf(encounter, hit))).toBe('applied');
  });

  it('not applied: the server is still at the version it was sent at', () => {
    const { encounter, events } = fight();
    expect(whatHappened(encounter.version, [], true, dryRunOf(encounter, hit))).toBe('not-applied');
    // Events up to the version (a page read from before it) say nothing more.
    expect(whatHappened(encounter.version, events, true, dryRunOf(encounter, hit))).toBe('not-applied');
  });

  it('another command first: another tab’s, a player request accepted — this one was not applied', () => {
    const { encounter } = fight();
    expect(whatHappened(encounter.version, applied(encounter, { type: 'damage', combatants: ['Pirate'], amount: 2 }), true, dryRunOf(encounter, hit))).toBe('other');
    expect(whatHappened(encounter.version, applied(encounter, { type: 'end-turn' }), true, dryRunOf(encounter, hit))).toBe('other');
    // A command the rules refuse at that version cannot be what was applied there.
    const refused: Command = { type: 'damage', combatants: ['Nobody'], amount: 2 };
    expect(whatHappened(encounter.version, applied(encounter, hit), true, dryRunOf(encounter, refused))).toBe('other');
  });

  it('unknown when the screen cannot decide the command again, or the batch may go on in the next page', () => {
    const { encounter } = fight();
    const after = applied(encounter, hit);
    expect(whatHappened(encounter.version, after, true, () => null)).toBe('unknown');
    expect(whatHappened(encounter.version, after, false, dryRunOf(encounter, hit))).toBe('unknown');
  });
});

describe('equal as JSON', () => {
  it('ignores key order and keys holding undefined, not values', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: [] }, { a: {} })).toBe(false);
  });
});
