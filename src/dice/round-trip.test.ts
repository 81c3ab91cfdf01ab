import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactDistribution } from './distribution.ts';
import { DiceOddsError, distribution, formatRoll, parseDice, rollEntered, tryParseDice } from './index.ts';
import type { DiceExpr, Distribution } from './index.ts';

/**
 * Notations written from the grammar of README.md ("Notation"): terms joined by + and -, an optional
 * leading sign, dice terms with any of the modifiers in any order, each at most once, in any case, with
 * spaces where the README allows them. Many are invalid (keeping too many, exploding on every face,
 * mixing success counting and sums): those are filtered out.
 */
const space = fc.constantFrom('', '', '', ' ');
const small = fc.integer({ min: -2, max: 12 });
const op = fc.constantFrom('<=', '>=', '=', '<>');
/** `!=` reads as "not equal" after a letter modifier (f, r, ro, cs, cf). */
const letterOp = fc.constantFrom('<=', '>=', '=', '<>', '!=');

const dieArb = fc.oneof(
  fc.constantFrom('d1', 'd2', 'd3', 'd4', 'd6', 'd8', 'd10', 'd12', 'd20', 'd%', 'dC', 'dK', 'dF'),
  fc
    .array(
      fc.record({
        value: fc.integer({ min: -2, max: 6 }),
        tags: fc.constantFrom('', ':effect', ':x', ':x:effect'),
        bang: fc.constantFrom('', '', '', '!'),
        space,
      }),
      { minLength: 1, maxLength: 5 },
    )
    .map((faces) => `d{${faces.map((f) => `${f.space}${f.value}${f.tags}${f.bang}`).join(',')}}`),
);

const bang = fc.constantFrom('!', '!', '!!', '!p', '!!p');
const explodeArb = fc.oneof(
  bang,
  fc.tuple(bang, op, small).map(([b, o, n]) => `${b}${o}${n}`),
  fc.tuple(bang, small).map(([b, n]) => `${b}${Math.abs(n)}`),
);
const rerollArb = fc.tuple(fc.constantFrom('r', 'ro'), fc.oneof(fc.constant(''), small.map((n) => String(Math.abs(n))), fc.tuple(letterOp, small).map(([o, n]) => `${o}${n}`))).map(([r, c]) => r + c);
const keepArb = (count: number) =>
  fc.oneof(
    fc.tuple(fc.constantFrom('kh', 'k', 'kl'), fc.integer({ min: 1, max: count })).map(([m, n]) => `${m}${n}`),
    fc.tuple(fc.constantFrom('dh', 'dl'), fc.integer({ min: 0, max: count - 1 })).map(([m, n]) => `${m}${n}`),
  );
const targetArb = fc.tuple(op, small).map(([o, n]) => `${o}${n}`);
const markArb = (which: 'cs' | 'cf' | 'f') => fc.oneof(fc.tuple(letterOp, small).map(([o, n]) => `${which}${o}${n}`), small.map((n) => `${which}${Math.abs(n)}`));

const diceTermArb = (success: boolean) =>
  fc.integer({ min: 1, max: 4 }).chain((count) =>
    fc
      .record({
        count: fc.constantFrom(String(count), String(count), count === 1 ? '' : String(count)),
        die: dieArb,
        explode: fc.option(explodeArb, { freq: 2 }),
        reroll: fc.option(rerollArb, { freq: 3 }),
        failure: success ? fc.option(markArb('f'), { freq: 2 }) : fc.constant(null),
        keep: fc.option(keepArb(count), { freq: 2 }),
        crit: fc.option(markArb('cs'), { freq: 2 }),
        fail: fc.option(markArb('cf'), { freq: 2 }),
        target: success ? targetArb.map((t): string | null => t) : fc.constant(null),
        spaces: fc.array(space, { minLength: 7, maxLength: 7 }),
      })
      .chain((t) => {
        const mods = [t.explode, t.keep, t.target, t.crit, t.fail, t.reroll, t.failure].filter((m): m is string => m !== null);
        return fc.shuffledSubarray(mods, { minLength: mods.length, maxLength: mods.length }).map((order) => `${t.count}${t.die}${order.map((m, i) => `${t.spaces[i]}${m}`).join('')}`);
      }),
  );

const leafArb = (success: boolean) => fc.oneof({ arbitrary: diceTermArb(success), weight: 4 }, { arbitrary: fc.integer({ min: 0, max: 20 }).map(String), weight: 1 });

/** A term, or arithmetic around terms: products, quotients, brackets (signed), functions, nested. */
const termArb = (success: boolean): fc.Arbitrary<string> =>
  fc.letrec<{ t: string }>((tie) => ({
    t: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { arbitrary: leafArb(success), weight: 6 },
      { arbitrary: fc.tuple(tie('t'), space, fc.constantFrom('*', '/'), space, fc.constantFrom('', '-'), tie('t')).map((x) => x.join('')), weight: 1 },
      { arbitrary: fc.tuple(fc.constantFrom('', '-', '+'), tie('t'), fc.constantFrom('+', '-'), tie('t')).map(([s0, a, o, b]) => `(${s0}${a}${o}${b})`), weight: 1 },
      { arbitrary: fc.tuple(fc.constantFrom('floor', 'ceil', 'round', 'FLOOR'), space, tie('t')).map(([f, sp, a]) => `${f}${sp}(${a})`), weight: 1 },
    ),
  })).t;

const notationArb = fc
  .boolean()
  .chain((success) =>
    fc.tuple(
      fc.constantFrom('', '', '-', '+'),
      fc.array(fc.tuple(termArb(success), fc.constantFrom('+', '-'), space, space), { minLength: 1, maxLength: 3 }),
      fc.boolean(),
    ),
  )
  .map(([lead, terms, upper]) => {
    const text = lead + terms.map(([t, sign, a, b], i) => (i === 0 ? t : `${a}${sign}${b}${t}`)).join('');
    return upper ? text.toUpperCase() : text;
  })
  .filter((text) => tryParseDice(text).ok);

/** What an expression is, without the spelling: its tree, terms without their text. */
function structure(e: DiceExpr): string {
  return JSON.stringify(e.root, (k, v: unknown) => (k === 'text' ? undefined : v));
}

/** The distribution's values and probabilities (computed afresh, never from the cache). */
function exact(e: DiceExpr, of = 'total'): Pick<Distribution, 'outcomes' | 'mean'> | string {
  try {
    const d = exactDistribution(e, of, 8);
    return { outcomes: d.outcomes, mean: d.mean };
  } catch (err) {
    // Too costly either way: the same expression is refused the same way.
    if (err instanceof DiceOddsError) return err.message.replace(e.notation, '…');
    throw err;
  }
}

describe('the normalised spelling parses back to the same expression', () => {
  // README: "Every notation has a normalised spelling (expr.notation, RollResult.notation). It parses back to the
  // same expression, so it is what gets stored."
  it('for generated notations, parse(print(parse(x))) has the same terms and exactly the same distribution, and print is a fixed point', () => {
    fc.assert(
      fc.property(notationArb, (text) => {
        const e = parseDice(text);
        const back = parseDice(e.notation);
        expect(structure(back)).toBe(structure(e));
        expect(back.notation).toBe(e.notation);
        expect(exact(back)).toEqual(exact(e));
        for (const tag of ['crit', 'complication', 'effect']) expect(exact(back, tag)).toEqual(exact(e, tag));
      }),
      { numRuns: 400 },
    );
  });

  it('the generated notations cover every form (re-rolls, !!, !p, f, =, <>, *, /, brackets, functions)', () => {
    const seen = fc.sample(notationArb, { numRuns: 400, seed: 25 }).map((t) => parseDice(t).notation).join(' ');
    for (const form of ['ro', 'r=', '!!', '!p', 'f', '<>', '*', '/', '(', 'floor(', 'ceil(', 'round(', '<=', '>=', 'kh', 'cs']) expect(seen).toContain(form);
  });

  // "1d6!" explodes on the die's maximum; "10d6>=5" counts successes: a plain ! before a success target must not turn
  // into "explode on the target" ("1d6!>=5, 1d6!<=1 ... explode on other values").
  it.each([
    ['5d10>=8!', '5d10>=8!'],
    ['5d10!>=8', '5d10!>=8'],
    ['5d10 ! >=8', '5d10>=8!'],
    ['4d10>=8!', '4d10>=8!'],
    ['5d10<=3!', '5d10<=3!'],
    ['5d10>=8!cs>=10', '5d10>=8!cs>=10'],
    ['3d10>=8!+2d6>=5', '3d10>=8!+2d6>=5'],
    ['4d6!kh3>=5', '4d6!kh3>=5'],
    ['5d10!>=9>=8', '5d10!>=9>=8'],
  ])('%s is written %s', (text, notation) => {
    const e = parseDice(text);
    expect(e.notation).toBe(notation);
    expect(structure(parseDice(e.notation))).toBe(structure(e));
  });

  it('5d10>=8! (8+ succeeds, a 10 adds a die) and 5d10!>=8 (explode on 8+, summed) keep their own odds in one process', () => {
    const successes = parseDice('5d10>=8!');
    const summed = parseDice('5d10!>=8');
    // 5 dice x P(8+) 0.3 x 1/(1 - P(10)) dice per chain = 1.667; 5 x 5.5 / (1 - 0.3) = 39.3 (depth 8 cuts a little).
    expect(distribution(summed).mean).toBeCloseTo(39.27, 1);
    expect(distribution(successes).mean).toBeCloseTo(5 / 3, 3);
    expect(distribution(successes).mean).toBeCloseTo(5 / 3, 3);
    expect(distribution(summed).mean).toBeCloseTo(39.27, 1);
    expect(distribution(parseDice('5d10<=3!')).mean).toBeCloseTo(5 / 3, 3);
  });

  it('a roll stored with the old spelling (5d10!>=8 for 5d10>=8!) is shown with the spelling it was rolled with', () => {
    const now = rollEntered(parseDice('5d10>=8!'), [10, 8, 2, 3, 4, 9]);
    expect(now.ok).toBe(true);
    if (!now.ok) return;
    expect(formatRoll(now.result)).toBe('5d10>=8!: [10!, 8, 2, 3, 4, 9] = 3 successes');
    // The same roll as an event written before the fix carries notation '5d10!>=8'.
    expect(formatRoll({ ...now.result, notation: '5d10!>=8' })).toBe('5d10>=8!: [10!, 8, 2, 3, 4, 9] = 3 successes');
    const two = rollEntered(parseDice('2d10>=8!+1d6>=5'), [10, 1, 3, 6]);
    expect(two.ok).toBe(true);
    if (two.ok) expect(formatRoll({ ...two.result, notation: '2d10!>=8+1d6>=5' })).toBe('2d10>=8!+1d6>=5: [10!, 1, 3] + [6] = 2 successes');
    // A summed roll that really exploded on 8+ keeps its spelling.
    const summed = rollEntered(parseDice('1d10!>=8'), [9, 3]);
    expect(summed.ok).toBe(true);
    if (summed.ok) expect(formatRoll(summed.result)).toBe('1d10!>=8: [9!, 3] = 12');
  });
});
