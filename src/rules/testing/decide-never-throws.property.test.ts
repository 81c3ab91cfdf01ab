import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coreCommandSchemas, runScript } from '../../core/index.ts';
import type { Decision, Encounter, EngineEvent } from '../../core/index.ts';
import * as customArb from '../custom/arbitrary.ts';
import * as cwnArb from '../cwn/arbitrary.ts';
import * as falloutArb from '../fallout/arbitrary.ts';
import { engine } from '../index.ts';
import * as kuroArb from '../kuro/arbitrary.ts';
import * as popcornArb from '../popcorn/arbitrary.ts';
import * as swnArb from '../swn/arbitrary.ts';

/**
 * Issue 10, item 10: no command, however malformed, makes `decide` throw, in any module, at any stage
 * of a fight. Commands are built from arbitrary JSON: a command type of the module or the core (or
 * not), fields from every command's vocabulary holding arbitrary JSON values, prototype names, bad
 * notations, control and reserved characters, huge numbers and deep nesting; and the module's own
 * plausible commands with some fields replaced, so the odd input reaches the rules and not only the
 * schemas. Every rejection has a code and a message. Creating an encounter with arbitrary options
 * does not throw either.
 */
const PROTO = ['toString', 'valueOf', 'constructor', '__proto__', 'hasOwnProperty', 'isPrototypeOf', 'prototype'];
const NOTATIONS = ['1d0', 'd', '1d-6', '1d6!!!!', '1d1!', '1000000d1000000', '1d6kh999999', '1000d1000+1000d1000', '1d6', '2d20<=12cs<=1', '3dK+6', '4dC', '-1d4+5', '1d20+x', '101d6', 'd{1,2,0:effect}'];
const ODD = ['', ' ', '\u0000', 'A\u202Eb', '\uE000c1\uE002', '\u200B', 'x'.repeat(5000), '-1', 'NaN', 'Infinity', 'null', 'c1', 'c999', 'side:pcs', 'group:npcs:x'];
const NUMBERS = [0, -0, -1, 1, 0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE];
const FIELDS = [
  'type', 'actor', 'actors', 'target', 'targets', 'combatant', 'combatants', 'name', 'side', 'kind', 'hidden', 'count', 'hp',
  'tracks', 'stats', 'notes', 'gmNotes', 'amount', 'track', 'value', 'max', 'min', 'duration', 'note', 'text', 'gmOnly',
  'reason', 'before', 'after', 'dice', 'hit', 'damage', 'vs', 'label', 'total', 'weapon', 'skill', 'specialisation', 'invest',
  'defence', 'defenceSkill', 'characteristic', 'tn', 'roll', 'extra', 'to', 'group', 'segments', 'trigger', 'choice', 'passed',
  'acted', 'action', 'attribute', 'difficulty', 'buyDice', 'bonusDice', 'helpers', 'location', 'range', 'extraDamageAp',
  'extraShots', 'die', 'keep', 'pool', 'on', 'question', 'initiator', 'first', 'modifiers', 'situational', 'free', 'lessLethal',
  'declare', 'anticipating', 'modifier', 'withdrawing', 'costsMain', 'effect', 'outcome', 'item', 'chem', 'readied', 'early',
  'discretion', 'standUp', 'prone', 'extraAp', 'of', 'until', 'rounds', 'players', 'defense', 'initiative', 'formula', 'condition',
  'defeated', 'reroll', 'rollOff', 'sideDie', ...PROTO,
];

function nested(depth: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? [v] : { stats: v };
  return v;
}

/** A value for a field: anything JSON can hold, and the inputs most likely to break something. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...PROTO, ...NOTATIONS, ...ODD) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(...NUMBERS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom(nested(40), nested(8), [PROTO], { __proto__: 1 }, JSON.parse('{"__proto__": [6], "constructor": 1}'), { toString: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom<unknown>(...PROTO, 'c1', 'c2', 1, null), { maxLength: 4 }) },
);

interface Target {
  readonly id: string;
  readonly setup: Record<string, unknown>;
  candidates(encounter: Encounter, pick: <T>(xs: readonly T[]) => T, int: (min: number, max: number) => number): unknown[];
}

const targets: readonly Target[] = [
  { id: 'swn', ...swnArb },
  { id: 'cwn', ...cwnArb },
  { id: 'kuro', ...kuroArb },
  { id: 'fallout', ...falloutArb },
  { id: 'popcorn', ...popcornArb },
  { id: 'custom', ...customArb },
];

function expectWellFormed(d: Decision<EngineEvent>, what: string): void {
  if (d.ok) return;
  expect(typeof d.rejection.code === 'string' && d.rejection.code.length > 0, `rejection code of ${what}`).toBe(true);
  expect(typeof d.rejection.message === 'string' && d.rejection.message.length > 0, `rejection message of ${what}`).toBe(true);
}

/** Decide (and fold, when accepted) without throwing; the encounter after it. */
function attempt(encounter: Encounter, command: unknown): Encounter {
  const what = JSON.stringify(command)?.slice(0, 400) ?? String(command);
  let d: Decision<EngineEvent>;
  try {
    d = engine.decide(encounter, command);
  } catch (e) {
    throw new Error(`decide threw on ${what}: ${(e as Error).stack}`, { cause: e });
  }
  expectWellFormed(d, what);
  if (!d.ok) return encounter;
  try {
    return engine.apply(encounter, d.events).encounter;
  } catch (e) {
    throw new Error(`folding the events of ${what} threw: ${(e as Error).stack}`, { cause: e });
  }
}

for (const target of targets) {
  const module = engine.modules.get(target.id)!;
  const types = [...Object.keys(module.commands), ...Object.keys(coreCommandSchemas), 'fly', '', 'constructor', '__proto__'];
  const statKeys = Object.keys(module.statDocs);
  const optionKeys = Object.keys(module.optionDocs);

  describe(`${target.id}: no command makes decide throw`, () => {
    it('at setup and mid-fight, arbitrary and mutated commands are decided or rejected with a code and a message', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 2 ** 30 }),
          fc.constantFrom(0, 5, 25),
          fc.array(fc.nat({ max: 1_000_000 }), { minLength: 64, maxLength: 64 }),
          fc.array(value, { minLength: 24, maxLength: 24 }),
          (seed, stage, choices, values) => {
            let i = 0;
            let v = 0;
            const next = (): number => choices[i++ % choices.length]! + i;
            const pick = <T>(xs: readonly T[]): T => xs[next() % xs.length]!;
            const int = (min: number, max: number): number => min + (next() % (max - min + 1));
            const odd = (): unknown => values[v++ % values.length];
            const started = runScript(engine, { ...target.setup, commands: [] }, seed);
            if (!started.ok) throw new Error(started.rejection.message);
            let encounter = started.encounter;
            // Reach the stage with plausible commands (legal or not).
            for (let step = 0; step < stage; step++) encounter = attempt(encounter, pick(target.candidates(encounter, pick, int)));
            const names = encounter.state.roster.map((id) => encounter.state.combatants[id]!.name);
            const field = (): unknown => (int(0, 3) === 0 && names.length > 0 ? pick(names) : odd());
            for (let n = 0; n < 12; n++) {
              const form = int(0, 3);
              let command: unknown;
              if (form === 0) {
                // Arbitrary fields under a known (or unknown) type.
                const c: Record<string, unknown> = { type: pick(types) };
                for (let k = int(0, 4); k > 0; k--) c[pick(FIELDS)] = field();
                command = c;
              } else if (form === 1) {
                // A combatant with arbitrary stats.
                const stats: Record<string, unknown> = {};
                for (let k = int(1, 3); k > 0; k--) stats[pick(statKeys)] = int(0, 1) === 0 ? odd() : [{ name: pick(PROTO), damage: pick(NOTATIONS), skill: pick(PROTO) }];
                command = { type: pick(['add-combatant', 'update-combatant']), name: pick([...PROTO, 'Wolf']), combatant: pick([...names, ...PROTO]), stats };
              } else {
                // A plausible command with some fields replaced, added or removed.
                const base = pick(target.candidates(encounter, pick, int));
                const c: Record<string, unknown> = typeof base === 'object' && base !== null ? { ...(base as Record<string, unknown>) } : { type: 'note' };
                for (let k = int(1, 2); k > 0; k--) {
                  const keys = Object.keys(c);
                  const key = int(0, 2) === 0 || keys.length === 0 ? pick(FIELDS) : pick(keys);
                  if (int(0, 5) === 0 && key !== 'type') delete c[key];
                  else c[key] = field();
                }
                command = c;
              }
              encounter = attempt(encounter, command);
            }
            // Encounter options: arbitrary values under the module's option names.
            const options: Record<string, unknown> = {};
            for (let k = int(0, 3); k > 0; k--) options[pick([...optionKeys, ...PROTO])] = odd();
            expectWellFormed(engine.create({ rules: target.id, seed, options, title: pick([...PROTO, ...ODD]) }), JSON.stringify(options));
          },
        ),
        { numRuns: Number(process.env.TURNKEEPER_FUZZ_RUNS ?? 25) },
      );
    });
  });
}
