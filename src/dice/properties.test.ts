import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiceOddsError, Prng, distribution, parseDice, rollDice, rollEntered, tryParseDice } from './index.ts';
import type { DiceExpr, Distribution } from './index.ts';

/** Random dice notations covering every feature (some are invalid and get filtered). */
const dieArb = fc.oneof(
  fc.constantFrom('d1', 'd2', 'd3', 'd4', 'd6', 'd8', 'd10', 'd12', 'd20', 'd100', 'd%', 'dC', 'dK', 'dF'),
  fc
    .array(
      fc.record({
        value: fc.integer({ min: -3, max: 8 }),
        tag: fc.constantFrom('', ':x', ':y', ':x:y'),
        bang: fc.constantFrom('', '', '', '!'),
      }),
      { minLength: 1, maxLength: 6 },
    )
    .map((faces) => `d{${faces.map((f) => `${f.value}${f.tag}${f.bang}`).join(',')}}`),
);

const termArb = (success: boolean) =>
  fc
    .record({
      count: fc.integer({ min: 1, max: 4 }),
      die: dieArb,
      reroll: fc.constantFrom('', '', '', 'ro=1', 'r<=2', 'r1', 'ro<>3'),
      explode: fc.constantFrom('', '', '', '!', '!>=6', '!>=3', '!=1', '!<=2', '!!', '!p', '!!p>=5'),
      keep: fc.constantFrom('', '', 'kh1', 'kl1', 'kh2', 'dl1', 'dh1'),
      target: fc.constantFrom('<=1', '<=3', '>=4', '>=6', '<=12', '=6', '<>2', '>=4f=1', '>=5f<=2'),
      crit: fc.constantFrom('', 'cs<=1', 'cs>=6', 'cs=20'),
      fail: fc.constantFrom('', 'cf>=20', 'cf=1'),
      sign: fc.constantFrom('+', '+', '-'),
    })
    .map((t) => `${t.sign}${t.count}${t.die}${t.reroll}${t.explode}${t.keep}${success ? t.target : ''}${t.crit}${t.fail}`);

const exprArb = fc
  .boolean()
  .chain((success) =>
    fc.tuple(fc.array(termArb(success), { minLength: 1, maxLength: 3 }), fc.constantFrom('', '+1', '-2', '+10'), fc.constantFrom('', '', '*2', '/2', '/3', '*-1', 'floor', 'round')),
  )
  .map(([terms, c, op]) => {
    const sum = terms.join('') + c;
    return tryParseDice(op === 'floor' || op === 'round' ? `${op}((${sum})/2)` : op ? `(${sum})${op}` : sum);
  })
  .filter((r): r is { ok: true; expr: DiceExpr } => r.ok)
  .map((r) => r.expr)
  // Explosions must stop often enough that depth 100 (the rolling cap) is cheap to follow.
  .filter((e) => e.models.every((m) => explodeFraction(m) <= 0.5));

function explodeFraction(m: DiceExpr['models'][number]): number {
  let go = 0;
  for (let f = 1; f <= m.sides; f++) if (m.explodes(f)) go += m.weight(f);
  return go;
}

const seedArb = fc.oneof(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.string({ maxLength: 12 }));

/** The distribution with explosions followed as deep as rolling goes, or null if too costly. */
function fullDistribution(e: DiceExpr, of?: string): Distribution | null {
  try {
    return distribution(e, { explodeDepth: 100, of });
  } catch (err) {
    if (err instanceof DiceOddsError) return null;
    throw err;
  }
}

describe('properties', () => {
  it('every rolled total (and tag count) is a possible outcome of the exact distribution', () => {
    fc.assert(
      fc.property(exprArb, seedArb, (e, seed) => {
        const d = fullDistribution(e);
        const dx = fullDistribution(e, 'x');
        fc.pre(d !== null && dx !== null);
        const p = Prng.fromSeed(seed);
        for (let i = 0; i < 20; i++) {
          const r = rollDice(e, p);
          expect(r.total).toBeGreaterThanOrEqual(d!.min);
          expect(r.total).toBeLessThanOrEqual(d!.max);
          expect(d!.p(r.total)).toBeGreaterThan(0);
          expect(dx!.p(r.tags.x ?? 0)).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('rollEntered with the faces of a rolled result reproduces it', () => {
    fc.assert(
      fc.property(exprArb, seedArb, (e, seed) => {
        const p = Prng.fromSeed(seed);
        for (let i = 0; i < 10; i++) {
          const r = rollDice(e, p);
          const t = rollEntered(e, r.dice.map((d) => d.face));
          expect(t.ok).toBe(true);
          if (!t.ok) return;
          expect(t.result.source).toBe('entered');
          expect({ ...t.result, source: 'engine' }).toEqual(r);
          // JSON round trip keeps everything
          expect(JSON.parse(JSON.stringify(r))).toEqual(r);
          // the normalised notation parses to the same thing
          expect(parseDice(r.notation).notation).toBe(r.notation);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('Prng.fromState(p.state()) continues identically', () => {
    fc.assert(
      fc.property(seedArb, fc.nat({ max: 200 }), fc.integer({ min: 1, max: 2 ** 32 }), (seed, skip, n) => {
        const p = Prng.fromSeed(seed);
        for (let i = 0; i < skip; i++) p.nextUint32();
        const q = Prng.fromState(JSON.parse(JSON.stringify(p.state())));
        for (let i = 0; i < 20; i++) {
          expect(q.int(n)).toBe(p.int(n));
          expect(q.nextUint32()).toBe(p.nextUint32());
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** Wilson–Hilferty approximation of the chi-square quantile for p = 1e-4. */
function chiCritical(df: number): number {
  const z = 3.719;
  return df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
}

describe('sampling agrees with the exact distribution', () => {
  it.each(['3d6', '4d6kh3', '2d20<=12cs<=1', '4dC', '1d6!', '3dK+6', '2d20kh1', '10d6>=5', '3d6!kh2', '-1d8+2d4', '2d6ro=1', '3d6r<=2', '3d6!!>=5', '2d6!p', '6d10>=7f=1', '5d10>=8!!', '(2d6+3)/2', '2*(1d8+3)', '1d20/1d6', 'round(3d6/4)'])('%s over 20,000 seeded rolls', (n) => {
    const e = parseDice(n);
    const d = distribution(e, { explodeDepth: 100 });
    const rng = Prng.fromSeed(`chi-square ${n}`);
    const N = 20_000;
    const counts = new Map<number, number>();
    let sum = 0;
    for (let i = 0; i < N; i++) {
      const t = rollDice(e, rng).total;
      counts.set(t, (counts.get(t) ?? 0) + 1);
      sum += t;
    }
    // mean within 5 standard errors
    expect(Math.abs(sum / N - d.mean)).toBeLessThan((5 * d.sd) / Math.sqrt(N));
    // chi-square over adjacent outcomes merged until each bin expects at least 5
    const bins: Array<{ expected: number; observed: number }> = [];
    let cur = { expected: 0, observed: 0 };
    for (const o of d.outcomes) {
      cur.expected += o.p * N;
      cur.observed += counts.get(o.value) ?? 0;
      if (cur.expected >= 5) {
        bins.push(cur);
        cur = { expected: 0, observed: 0 };
      }
    }
    if (cur.expected > 0) {
      const last = bins.at(-1)!;
      last.expected += cur.expected;
      last.observed += cur.observed;
    }
    const observedTotal = bins.reduce((s, b) => s + b.observed, 0);
    expect(observedTotal).toBe(N); // nothing fell outside the distribution
    const chi = bins.reduce((s, b) => s + (b.observed - b.expected) ** 2 / b.expected, 0);
    expect(chi).toBeLessThan(chiCritical(bins.length - 1));
  });
});
