/**
 * Issue 20, items 8 and 9: an import meets the limits of commands. Two properties over every game:
 * every encounter commands made imports (no false refusal); and a damaged file (a field of any event
 * replaced by odd JSON or deleted, an event repeated or moved, an event of any type with random
 * fields, deep nesting, long strings) is refused with a 4xx naming a path, never a crash, or, when
 * accepted, is an encounter that folds, shows, and takes the game's ordinary commands without an
 * engine error. `IMPORT_FUZZ_RUNS=2000 npx vitest run src/server/transfer/import-fuzz.test.ts` searches deeper.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runScript, scriptSchema, viewOf } from '../../core/index.ts';
import type { Encounter, StoredEvent } from '../../core/index.ts';
import { moduleEventSchemas } from '../../rules/event-schemas.ts';
import { engine, ruleModules } from '../../rules/index.ts';
import { ApiError } from '../shared/index.ts';
import { GAMES, chooser, fileOf, mutate, play } from './import-fixtures.ts';
import type { Mutation } from './import-fixtures.ts';
import { playerView } from '../players/index.ts';
import { defaultSettings } from '../players/index.ts';
import { OWNER, testApp } from '../test-kit.ts';
import { checkImport } from './transfer.ts';
import type { ExportFile } from './transfer.ts';

const RULES = Object.keys(GAMES);
const RUNS = Number(process.env.IMPORT_FUZZ_RUNS ?? 300);

/** Imports or says why not: an ApiError below 500, or a crash (the test fails on it). */
function tryImport(file: ExportFile): { ok: true; events: StoredEvent[] } | { ok: false; error: ApiError } {
  try {
    return { ok: true, events: checkImport(engine, file, 20_000).events };
  } catch (e) {
    if (e instanceof ApiError && e.status >= 400 && e.status < 500) return { ok: false, error: e };
    throw e;
  }
}

describe('imports of what commands made', () => {
  it('every game says what its events hold', () => {
    expect(Object.keys(moduleEventSchemas).sort()).toEqual(ruleModules.map((m) => m.id).sort());
  });

  it.each(RULES)('%s: every random fight imports', (rules) => {
    for (let seed = 1; seed <= 12; seed++) {
      const { events } = play(rules, seed * 7919, 30 + seed * 10);
      const r = tryImport(fileOf(rules, events));
      expect(r.ok, r.ok ? '' : `seed ${seed}: ${r.error.message}`).toBe(true);
    }
  });

  it.each(RULES)('%s: the example fight imports', (rules) => {
    const script = scriptSchema.parse(JSON.parse(readFileSync(new URL(`../../rules/${rules}/examples/fight.json`, import.meta.url), 'utf8')));
    const result = runScript(engine, script, script.seed ?? 1);
    expect(result.ok).toBe(true);
    const r = tryImport(fileOf(rules, result.events));
    expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
  });
});

/** Odd JSON: what a hand-edited or hostile file holds. */
const odd: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e12, -1e12, '', 'c1', 'c2', 'c999', 'k1', 'npcs', 'pcs', 'sfc32', 'x', '__proto__', 'constructor'),
  fc.constantFrom('\u202e', 'a\u0000b', '\u2066x', '\uE001', 'x'.repeat(5000), [], {}, [1, 2, 3, 4], ['c1', 'c1'], { alg: 'nope', s: [1, 2, 3, 4] }, { kind: 'rounds', rounds: -1 }),
  fc.integer(),
  fc.string({ maxLength: 8 }),
  fc.jsonValue({ maxDepth: 3 }),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('field' as const), at: fc.nat(), pick: fc.nat(), value: odd, remove: fc.boolean() }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant('repeat' as const), from: fc.nat(), to: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      at: fc.nat(),
      type: fc.nat(),
      fields: fc.dictionary(fc.constantFrom('id', 'roster', 'round', 'rng', 'actors', 'text', 'gmOnly', 'cmd', 'combatant', 'side', 'changes', 'condition', 'conditionId', 'track', 'from', 'to', 'name', 'reason', 'defeated', 'actor', 'target', 'total', 'slots', 'phase'), odd, { maxKeys: 5 }),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('deep' as const), at: fc.nat(), depth: fc.constantFrom(40, 70, 10_000) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('long' as const), at: fc.nat(), pick: fc.nat(), length: fc.constantFrom(2001, 4001, 100_000) }), weight: 1 },
);

/** After an accepted import: it folds, shows, and takes the game's ordinary commands without an engine error. */
function usable(rules: string, events: StoredEvent[], seed: number): void {
  let encounter: Encounter = engine.replay(events);
  viewOf(engine, encounter);
  playerView(engine, encounter, defaultSettings);
  engine.log(events);
  const { pick, int } = chooser(seed);
  const ordinary = (e: Encounter) => [
    ...GAMES[rules]!.candidates(e, pick, int),
    { type: 'add-combatant', name: 'Late', hp: 5 },
    { type: 'roll-initiative' },
    { type: 'start' },
    { type: 'end-turn' },
    { type: 'undo' },
    { type: 'redo' },
  ];
  for (let step = 0; step < 25; step++) {
    for (const command of ordinary(encounter)) {
      const d = engine.decide(encounter, command);
      if (!d.ok) expect(d.rejection.code, JSON.stringify(command)).not.toBe('dice/state');
    }
    const r = engine.execute(encounter, pick(ordinary(encounter)));
    if (r.ok) {
      encounter = r.encounter;
      viewOf(engine, encounter);
      playerView(engine, encounter, defaultSettings);
    }
  }
}

describe('imports of damaged files', () => {
  const bases = RULES.flatMap((rules) => [1, 2].map((n) => ({ rules, ...play(rules, n * 104729, 60) })));
  const moduleTypes = new Map(RULES.map((r) => [r, [...new Set(bases.filter((b) => b.rules === r).flatMap((b) => b.events.map((e) => e.event.type)))].filter((t) => t.includes('/'))]));

  it('are refused with a 4xx naming the path, or are encounters the engine takes commands in', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.nat({ max: bases.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.nat(), (b, mutations, seed) => {
        const base = bases[b]!;
        const events = mutate(base.events, mutations, moduleTypes.get(base.rules)!);
        const r = tryImport({ ...fileOf(base.rules, []), events: events as ExportFile['events'] });
        if (!r.ok) {
          expect(r.error.code, r.error.message).toBe('import/invalid');
          expect(typeof r.error.details?.path, r.error.message).toBe('string');
          return;
        }
        accepted++;
        usable(base.rules, r.events, seed);
      }),
      { numRuns: RUNS },
    );
    // Most damage is refused, but not all of it: some changes leave a log commands could have made.
    expect(accepted).toBeGreaterThan(0);
  }, 30_000 + RUNS * 100);

  it('through the API: never a 5xx; an accepted import loads and takes commands without an engine error', async () => {
    const t = await testApp();
    try {
      await fc.assert(
        fc.asyncProperty(fc.nat({ max: bases.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 }), async (b, mutations) => {
          const base = bases[b]!;
          const events = mutate(base.events, mutations, moduleTypes.get(base.rules)!);
          const r = await t.call('POST', '/api/encounters/import', { key: OWNER, raw: jsonText({ ...fileOf(base.rules, []), events }), headers: { 'content-type': 'application/json' } });
          expect(r.status, r.body).toBeLessThan(500);
          if (r.status !== 201) return;
          const n = r.json<{ id: string; gmKey: string; playerKey: string }>();
          for (const key of [n.gmKey, n.playerKey]) expect((await t.call('GET', `/api/encounters/${n.id}`, { key })).status).toBe(200);
          for (const command of [{ type: 'add-combatant', name: 'Late', hp: 3 }, { type: 'roll-initiative' }, { type: 'start' }, { type: 'end-turn' }, { type: 'undo' }]) {
            const c = await t.call('POST', `/api/encounters/${n.id}/commands?view=false`, { key: n.gmKey, body: command });
            expect(c.status, c.body).toBeLessThan(500);
            if (c.status !== 200) expect(c.json<{ code: string }>().code, `${JSON.stringify(command)}: ${c.body}`).not.toMatch(/^(command\/engine-error|dice\/state)$/);
          }
          await t.call('DELETE', `/api/encounters/${n.id}`, { key: OWNER });
        }),
        { numRuns: Math.ceil(RUNS / 5) },
      );
    } finally {
      await t.close();
    }
  }, 30_000 + RUNS * 100);
});

/** JSON text of a value that may nest deeper than JSON.stringify goes (the deep mutation's 10,000 levels). */
function jsonText(value: unknown): string {
  class Raw {
    constructor(readonly text: string) {}
  }
  const parts: string[] = [];
  // Popped in order: what is pushed last is written first.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v instanceof Raw) parts.push(v.text);
    else if (Array.isArray(v)) {
      stack.push(new Raw(']'));
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i], ...(i > 0 ? [new Raw(',')] : []));
      stack.push(new Raw('['));
    } else if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v);
      stack.push(new Raw('}'));
      for (let i = entries.length - 1; i >= 0; i--) stack.push(entries[i]![1], new Raw(`${JSON.stringify(entries[i]![0])}:`), ...(i > 0 ? [new Raw(',')] : []));
      stack.push(new Raw('{'));
    } else parts.push(JSON.stringify(v) ?? 'null');
  }
  return parts.join('');
}
