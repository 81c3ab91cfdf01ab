import { describe, it } from 'vitest';
import type { Encounter, StoredEvent } from '../../core/index.ts';
import * as customArb from '../custom/arbitrary.ts';
import * as cwnArb from '../cwn/arbitrary.ts';
import * as falloutArb from '../fallout/arbitrary.ts';
import { engine } from '../index.ts';
import * as kuroArb from '../kuro/arbitrary.ts';
import * as popcornArb from '../popcorn/arbitrary.ts';
import * as swnArb from '../swn/arbitrary.ts';
import { checkModuleProperties } from './property-harness.ts';
import type { PropertyTarget } from './property-harness.ts';

/**
 * Issue 10, item 9, in every module: the property tests again, with combatants called `toString`,
 * `valueOf`, `constructor`, `__proto__`... on sides called `Constructor` (id "constructor") and
 * `__proto__`. Nothing may read an inherited property as if it were a combatant, a side, a modifier or
 * a track: no event or log line shows `undefined`, a function, `[object ...]` or NaN.
 */
const NAMES = ['toString', 'valueOf', 'constructor', '__proto__', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable'];
const SIDES = ['Constructor', '__proto__', 'toString', 'valueOf'];

type Setup = { sides?: { name: string }[]; combatants: { name: string; side?: string }[] } & Record<string, unknown>;

/** The setup with every combatant and side renamed to a prototype name. */
function renamed(setup: Setup): Record<string, unknown> {
  const names = new Map<string, string>();
  const sides = new Map<string, string>();
  const name = (n: string): string => names.get(n) ?? (names.set(n, NAMES[names.size % NAMES.length]!), names.get(n)!);
  const side = (n: string): string => sides.get(n) ?? (sides.set(n, SIDES[sides.size % SIDES.length]!), sides.get(n)!);
  return {
    ...setup,
    ...(setup.sides ? { sides: setup.sides.map((s) => ({ ...s, name: side(s.name) })) } : {}),
    combatants: setup.combatants.map((c) => ({ ...c, name: name(c.name), ...(c.side ? { side: side(c.side) } : {}) })),
  };
}

const GARBAGE = /undefined|\[object|function|NaN|native code/;

function check(_e: Encounter, events: readonly StoredEvent[]): string | null {
  const json = JSON.stringify(events);
  const m = GARBAGE.exec(json);
  if (m) return `an event holds "${m[0]}": ${json.slice(Math.max(0, m.index - 120), m.index + 60)}`;
  for (const s of events) {
    const e = s.event as { type: string; id?: unknown };
    if ('id' in e && typeof e.id !== 'string') return `${e.type} has no id`;
  }
  return null;
}

function logCheck(target: Omit<PropertyTarget, 'engine'>): PropertyTarget {
  let log: StoredEvent[] = [];
  return {
    engine,
    ...target,
    check: (e, events) => {
      if (events[0]?.event.type === 'encounter-created' || e.version === events.length) log = [];
      log.push(...events);
      const bad = check(e, events);
      if (bad) return bad;
      const line = engine.log(log).find((l) => GARBAGE.test(l.text));
      return line ? `log line: ${line.text}` : null;
    },
  };
}

const modules = [
  ['swn', swnArb],
  ['cwn', cwnArb],
  ['kuro', kuroArb],
  ['fallout', falloutArb],
  ['popcorn', popcornArb],
  ['custom', customArb],
] as const;

describe('prototype names as combatant and side names, in every module', () => {
  for (const [id, arb] of modules) {
    it(`${id}: the property tests hold and nothing reads an inherited property`, () => {
      const setup = renamed(arb.setup as unknown as Setup);
      const allowanceViolation = 'allowanceViolation' in arb ? arb.allowanceViolation : undefined;
      checkModuleProperties(logCheck({ setup, candidates: arb.candidates, ...(allowanceViolation ? { allowanceViolation } : {}) }), { runs: 15, steps: 40 });
    });
  }
});
