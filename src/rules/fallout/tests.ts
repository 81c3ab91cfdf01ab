import { distribution, parseDice } from '../../dice/index.ts';
import type { DieRoll, RollResult } from '../../dice/index.ts';
import type { Combatant, DiceService } from '../../core/index.ts';
import { ATTRIBUTES } from './stat-enums.ts';
import type { Attribute } from './stat-enums.ts';
import { SPECIAL, isTagged, knowsSkill, skillKey, skillRank, statsOf } from './stats.ts';

/** One die-roller of a test: the target number and the crit range. */
export interface Roller {
  readonly actor: string;
  readonly attribute: Attribute;
  readonly skill: string;
  /** attribute + skill: a d20 at or under it is a success. */
  readonly target: number;
  /** A d20 at or under this counts two successes: the skill's rank for a tag skill, else 1. */
  readonly critAt: number;
}

export interface TestSpec extends Roller {
  /** d20s the leader rolls: 2, plus bought and bonus dice. */
  readonly dice: number;
  readonly bought: number;
  readonly difficulty: number;
  /** Assistants: one d20 each; their successes count if the leader scores at least one. */
  readonly helpers: readonly Roller[];
}

export interface TestResult extends TestSpec {
  readonly roll: RollResult;
  readonly helperRolls: readonly { readonly actor: string; readonly roll: RollResult }[];
  readonly successes: number;
  readonly passed: boolean;
  readonly complications: number;
  /** Successes over the difficulty: Action Points generated. */
  readonly ap: number;
  /** The chance of success before rolling, exact. */
  readonly odds: number;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

const fail = <T>(code: string, message: string): Checked<T> => ({ ok: false, code, message });

/** Who rolls what: the attribute and skill checked against the combatant's stats. */
export function rollerFor(c: Combatant, attribute: string, skill: string): Checked<Roller> {
  const stats = statsOf(c);
  const a = attribute.toLowerCase() as Attribute;
  if (!(ATTRIBUTES as readonly string[]).includes(a)) {
    return fail('fallout/unknown-attribute', `"${attribute}" is not an attribute: use ${ATTRIBUTES.map((x) => x.toUpperCase()).join(', ')}.`);
  }
  const creature = stats.type === 'creature';
  if (creature && SPECIAL.includes(a)) {
    return fail('fallout/creature-attribute', `${c.name} is a creature: its tests use BODY or MIND, not ${a.toUpperCase()}.`);
  }
  if (!creature && (a === 'body' || a === 'mind')) {
    return fail('fallout/character-attribute', `${c.name} is a character: its tests use S.P.E.C.I.A.L., not ${a.toUpperCase()}.`);
  }
  const value = stats[a];
  if (value === undefined) return fail('fallout/missing-attribute', `${c.name} has no ${a.toUpperCase()} in its stats (stats.${a}).`);
  if (!knowsSkill(stats, skill)) {
    return fail('fallout/unknown-skill', `"${skill}" is not a ${creature ? 'creature' : 'character'} skill${creature ? ' (melee, guns, other)' : ''} nor one of ${c.name}'s skills.`);
  }
  const rank = skillRank(stats, skill);
  const critAt = isTagged(stats, skill) ? Math.max(1, rank) : 1;
  return { ok: true, value: { actor: c.id, attribute: a, skill: skillKey(skill), target: value + rank, critAt } };
}

export function testNotation(dice: number, r: Pick<Roller, 'target' | 'critAt'>): string {
  return `${dice}d20<=${r.target}cs<=${r.critAt}cf>=20`;
}

/**
 * Roll the leader's pool (key "test") and each assistant's d20 (key "assist:<name>"). `owner`: the
 * leader's stats object, to remember the odds by (`testOddsFor`).
 */
export function rollTest(spec: TestSpec, dice: DiceService, nameOf: (id: string) => string, key = 'test', owner?: object): TestResult {
  const roll = dice.roll(key, testNotation(spec.dice, spec));
  const helperRolls = spec.helpers.map((h) => ({ actor: h.actor, roll: dice.roll(`assist:${nameOf(h.actor)}`, testNotation(1, h)) }));
  return score(spec, roll, helperRolls, owner);
}

export function score(spec: TestSpec, roll: RollResult, helperRolls: TestResult['helperRolls'], owner?: object): TestResult {
  const helped = roll.total >= 1 ? helperRolls.reduce((n, h) => n + h.roll.total, 0) : 0;
  const successes = roll.total + helped;
  const passed = successes >= spec.difficulty;
  const complications = (roll.tags.complication ?? 0) + helperRolls.reduce((n, h) => n + (h.roll.tags.complication ?? 0), 0);
  return {
    ...spec,
    roll,
    helperRolls,
    successes,
    passed,
    complications,
    ap: passed ? successes - spec.difficulty : 0,
    odds: owner === undefined ? testOdds(spec) : testOddsFor(owner, spec),
  };
}

/** The leader's roll with die `index` (0-based) replaced by a re-rolled die. */
export function replaceDie(roll: RollResult, index: number, die: DieRoll): RollResult {
  const dice = roll.dice.map((d, i) => (i === index ? die : d));
  const tags: Record<string, number> = {};
  for (const d of dice) if (d.kept) for (const t of d.tags ?? []) tags[t] = (tags[t] ?? 0) + 1;
  const total = dice.reduce((n, d) => n + (d.kept ? (d.successes ?? 0) : 0), 0);
  return { ...roll, dice, tags, total };
}

/** P(successes >= difficulty), exactly, assistants included. */
export function testOdds(spec: Omit<TestSpec, 'actor' | 'attribute' | 'skill' | 'bought'>): number {
  if (spec.difficulty <= 0) return 1;
  const leader = distribution(parseDice(testNotation(spec.dice, spec))).outcomes;
  let helpers: Map<number, number> = new Map([[0, 1]]);
  for (const h of spec.helpers) {
    const one = distribution(parseDice(testNotation(1, h))).outcomes;
    const next = new Map<number, number>();
    for (const [v, p] of helpers) for (const o of one) next.set(v + o.value, (next.get(v + o.value) ?? 0) + p * o.p);
    helpers = next;
  }
  let p = 0;
  for (const o of leader) {
    if (o.value === 0) continue;
    for (const [h, q] of helpers) if (o.value + h >= spec.difficulty) p += o.p * q;
  }
  return Math.min(1, p);
}

type OddsSpec = Omit<TestSpec, 'actor' | 'attribute' | 'skill' | 'bought'>;

/** Odds worked out, by an (immutable) stats object, then by the numbers `testOdds` reads (`oddsKey`). */
const knownOdds = new WeakMap<object, Map<string, number>>();

/**
 * `testOdds(spec)`, remembered: the same numbers give the same odds whoever rolls, so `owner` (the
 * leader's stats object, never changed in place) only bounds how long they are kept. A forecast makes
 * the same attack thousands of times, and each time works the exact odds out from the dice.
 */
export function testOddsFor(owner: object, spec: OddsSpec): number {
  let known = knownOdds.get(owner);
  if (known === undefined) {
    known = new Map();
    knownOdds.set(owner, known);
  }
  const key = oddsKey(spec);
  let p = known.get(key);
  if (p === undefined) {
    p = testOdds(spec);
    known.set(key, p);
  }
  return p;
}

/** Every number `testOdds` reads: the difficulty, the leader's dice, target and crit range, each assistant's. */
export function oddsKey(spec: OddsSpec): string {
  let key = `${spec.difficulty}|${spec.dice}|${spec.target}|${spec.critAt}`;
  for (const h of spec.helpers) key += `|${h.target},${h.critAt}`;
  return key;
}

/** "3 successes needed: 24%". */
export function oddsText(difficulty: number, p: number): string {
  const need = difficulty <= 0 ? 'no success needed' : `${difficulty} success${difficulty === 1 ? '' : 'es'} needed`;
  return `${need}: ${percent(p)}`;
}

export function percent(p: number): string {
  const pct = p * 100;
  if (p > 0 && pct < 1) return '<1%';
  if (p < 1 && pct > 99) return '>99%';
  return `${Math.round(pct)}%`;
}
