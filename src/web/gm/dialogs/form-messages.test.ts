import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { coreCommandSchemas } from '../../../core/index.ts';
import type { RuleModule } from '../../../core/index.ts';
import { ruleModules } from '../../../rules/index.ts';
import { isCap } from '../../shared/bounds.ts';
import { walkCommands, walkOptions, walkStats } from './form-walk-kit.ts';
import type { Said } from './form-walk-kit.ts';

/**
 * Every message a form says to the GM is a GM's sentence (issue 21): no schema key, no JSON, no command
 * name, no validator's phrase, no number bound nobody typed. The rule for bounds: a number in a bound
 * ("at most 20", "1 to 5", "<= 20") is said only if the GM typed it, or if it is a range of the rules, 100
 * or less in size (bounds.ts); larger bounds are the program's caps (1,000, 100,000, 1,000,000, the
 * largest safe integer) and are said as what they mean ("more than any fight needs"), never as numbers.
 */

/** Every property key of a JSON Schema, at any depth. */
function keysOf(schema: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(schema)) schema.forEach((s) => keysOf(s, out));
  else if (schema && typeof schema === 'object') {
    for (const [k, v] of Object.entries(schema)) {
      if (k === 'properties' && v && typeof v === 'object') Object.keys(v).forEach((p) => out.add(p));
      keysOf(v, out);
    }
  }
  return out;
}

const json = (s: z.ZodType): unknown => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });

/** The schemas' keys and the commands' names, of every game. */
function vocabulary(): { keys: Set<string>; commands: Set<string> } {
  const keys = new Set<string>();
  const commands = new Set<string>(Object.keys(coreCommandSchemas));
  for (const type of Object.keys(coreCommandSchemas)) keysOf(json((coreCommandSchemas as Record<string, z.ZodType>)[type]!), keys);
  for (const m of ruleModules) {
    keysOf(json(m.options), keys);
    keysOf(json(m.stats), keys);
    for (const [type, schema] of Object.entries(m.commands)) {
      commands.add(type);
      keysOf(json(schema), keys);
    }
  }
  return { keys, commands };
}

const { keys, commands } = vocabulary();
const camelKeys = [...keys].filter((k) => /[a-z][A-Z]/.test(k));
const kebabCommands = [...commands].filter((c) => c.includes('-'));
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const word = (w: string): RegExp => new RegExp(`(?<![\\w-])${escape(w)}(?![\\w-])`);

/** What is wrong with a message as a GM's sentence, or null. What the GM typed is taken out first (it may be quoted back). */
export function notGmWords(said: Said): string | null {
  let m = said.message;
  for (const t of said.typed) m = m.split(`"${t}"`).join('…').split(`“${t}”`).join('…').split(t).join('…');
  const camel = camelKeys.find((k) => word(k).test(m));
  if (camel) return `the schema key "${camel}"`;
  const command = kebabCommands.find((c) => word(c).test(m));
  if (command) return `the command name "${command}"`;
  // A raw path or key before a colon ("damage: amount: …", "options.formula: …"): labels are capitalised.
  const path = /(?:^|[;:.] )([a-z][\w]*(?:\.[\w]+)*): /.exec(m);
  if (path && (keys.has(path[1]!.split('.')[0]!) || path[1]!.includes('.'))) return `the raw path "${path[1]}:"`;
  if (/\b(?:stats|options)\.\w/.test(m)) return 'a dotted path';
  if (/[{}]|"\s*:|:\s*(?:true|false|null)\b/.test(m)) return 'a JSON fragment';
  const zod = /Too (?:small|big)|expected \w+ to (?:be|have)|expected \w+, received|Invalid (?:input|option|discriminator|key)|Unrecognized key|at position \d/.exec(m);
  if (zod) return `the validator's "${zod[0]}"`;
  if (/9007199254740991|9,007,199,254,740,991/.test(m)) return 'the largest safe integer';
  // A number in a bound: typed by the GM, or a range of the rules; a cap is said in words.
  const bound = /(?:at most|at least|no more than|up to|more than|less than|<=?|>=?)\s*(-?[\d,]+)|(-?[\d,]+)\s*(?:to|\.\.)\s*(-?[\d,]+)|(-?[\d,]+) or (?:more|less|fewer)/g;
  for (const b of m.matchAll(bound)) {
    const numbers = [b[1], b[2], b[3], b[4]].filter((x): x is string => x !== undefined).map((x) => Number(x.replace(/,/g, '')));
    const big = numbers.find((n) => isCap(n) && !said.typed.some((t) => t.includes(String(n))));
    if (big !== undefined && !/\d+ (?:characters|items)\b/.test(b.input.slice(b.index, b.index + b[0].length + 12))) return `the bound ${big}, a cap nobody typed`;
  }
  return null;
}

function failures(said: readonly Said[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of said) {
    const why = notGmWords(s);
    if (!why || seen.has(s.message)) continue;
    seen.add(s.message);
    out.push(`${s.where}: ${why} in "${s.message.slice(0, 300)}"`);
  }
  return out;
}

describe('the words of the checker itself', () => {
  const bad = (message: string, typed: string[] = []) => notGmWords({ where: 'test', message, typed });
  it('catches each kind of code or validator language the issue lists', () => {
    expect(bad('partyPoolMax: Too small: expected number to be >=0')).toMatch(/partyPoolMax/);
    expect(bad('damage: amount: Too big: expected number to be <=1000000')).toMatch(/raw path/);
    expect(bad('Total should be at most 9007199254740991; Total should be at most 100000')).toMatch(/safe integer|cap/);
    expect(bad(`options.formula: Invalid 'E' at position 7 in "1d20+DEX": unknown named die 'dE'`, ['1d20+DEX'])).toMatch(/path/);
    expect(bad('Pirate gets a free automatic melee attack on Lee (attack with "free": true).')).toMatch(/JSON/);
    expect(bad('Initiative is not re-rolled. Change a total with set-initiative.')).toMatch(/set-initiative/);
    expect(bad('Say how much Strength Kenji invests ("invest": 1 to 3, his STR).')).toMatch(/JSON/);
    expect(bad('Amount should be at most 1000000.')).toMatch(/cap/);
  });
  it('lets a GM sentence through, with what the GM typed and the rules’ own ranges', () => {
    expect(bad('PER should be at most 20.')).toBeNull();
    expect(bad('Amount is more than any fight needs.')).toBeNull();
    expect(bad('"1000001" is more than any fight needs', ['1000001'])).toBeNull();
    expect(bad('Count should be at most 50.')).toBeNull();
  });
});

describe.each(ruleModules.map((m) => [m.id, m] as const))('every form of %s says GM sentences', (_id, module: RuleModule) => {
  it('each command form, bare and from every action of the example fight, empty and typed wrong', () => {
    const { said, misplaced } = walkCommands(module);
    expect(said.length).toBeGreaterThan(50);
    expect(failures(said)).toEqual([]);
    // A refusal of what was typed in a field is said next to that field.
    expect(misplaced.map((m) => `${m.where}: not next to ${m.field}: "${m.message}"`)).toEqual([]);
  });

  it('the stats form, each stat (inside lists and tables too) typed wrong', () => {
    const said = walkStats(module);
    expect(said.length).toBeGreaterThan(10);
    expect(failures(said)).toEqual([]);
  });

  it('the options of a new encounter, each typed wrong', () => {
    expect(failures(walkOptions(module))).toEqual([]);
  });
});
