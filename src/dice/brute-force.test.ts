import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiceOddsError, distribution, parseDice, tryParseDice } from './index.ts';
import type { DiceExpr } from './index.ts';
import { rollTerm } from './roll-term.ts';
import type { FaceSource } from './roll-term.ts';
import type { TermModel } from './term-model.ts';

/**
 * Brute force: every sequence of faces, through the rolling code (rollTerm and the tree's exact
 * arithmetic, as rollEntered does), each weighted 1/sides per face. Sequences longer than `maxFaces`
 * (long explosions or re-rolls) are not followed: their mass is `lost`. The exact distribution must
 * then hold every enumerated value's mass, and exceed it by `lost` in all.
 */
class NeedFace {
  constructor(readonly sides: number) {}
}

class Prefix implements FaceSource {
  pos = 0;
  constructor(private readonly faces: readonly number[]) {}
  face(m: TermModel): number {
    if (this.pos < this.faces.length) return this.faces[this.pos++]!;
    throw new NeedFace(m.sides);
  }
}

export function bruteForce(e: DiceExpr, maxFaces: number, of = 'total', maxNodes = 150_000): { dist: Map<number, number>; lost: number } | null {
  const dist = new Map<number, number>();
  let lost = 0;
  let nodes = 0;
  const stack: Array<{ faces: number[]; w: number }> = [{ faces: [], w: 1 }];
  while (stack.length > 0) {
    if (++nodes > maxNodes) return null;
    const { faces, w } = stack.pop()!;
    const src = new Prefix(faces);
    const dice: never[] = [];
    const tags: Record<string, number> = {};
    const totals: number[] = [];
    try {
      for (const m of e.models) totals.push(rollTerm(m, src, dice, tags));
    } catch (err) {
      if (!(err instanceof NeedFace)) throw err;
      if (faces.length >= maxFaces) lost += w;
      else for (let f = 1; f <= err.sides; f++) stack.push({ faces: [...faces, f], w: w / err.sides });
      continue;
    }
    const v = of === 'total' ? e.combine(totals) : (tags[of] ?? 0);
    dist.set(v, (dist.get(v) ?? 0) + w);
  }
  return { dist, lost };
}

/** Checks the exact distribution against the brute force (null if either is too costly). */
export function agrees(notation: string, of = 'total', extraFaces = 8): boolean | null {
  const e = parseDice(notation);
  const base = e.models.reduce((s, m) => s + m.count, 0);
  const bf = bruteForce(e, base + extraFaces, of);
  if (!bf) return null;
  let d;
  try {
    d = distribution(e, { explodeDepth: 100, of });
  } catch (err) {
    if (err instanceof DiceOddsError) return null;
    throw err;
  }
  let excess = 0;
  for (const [v, p] of bf.dist) expect(d.p(v), `${notation}: P(${v}) covers the enumerated mass`).toBeGreaterThanOrEqual(p - 1e-12);
  for (const o of d.outcomes) excess += o.p - (bf.dist.get(o.value) ?? 0);
  expect(Math.abs(excess - bf.lost), `${notation}: the odds exceed the enumeration by the mass not followed`).toBeLessThan(1e-9);
  if (bf.lost === 0) for (const o of d.outcomes) expect(o.p, `${notation}: P(${o.value})`).toBeCloseTo(bf.dist.get(o.value) ?? 0, 12);
  return true;
}

const cmpArb = (bare: boolean) =>
  fc.tuple(fc.constantFrom('<=', '>=', '=', '<>', ...(bare ? [''] : [])), fc.integer({ min: 0, max: 5 })).map(([o, n]) => `${o}${n}`);
const dieArb = fc.oneof(
  fc.constantFrom('d2', 'd3', 'd4', 'd6', 'dF', 'dC'),
  fc.array(fc.tuple(fc.integer({ min: -1, max: 4 }), fc.constantFrom('', ':x')), { minLength: 1, maxLength: 4 }).map((fs) => `d{${fs.map(([v, t]) => `${v}${t}`).join(',')}}`),
);
const termArb = (success: boolean) =>
  fc
    .record({
      count: fc.integer({ min: 1, max: 3 }),
      die: dieArb,
      reroll: fc.option(fc.tuple(fc.constantFrom('r', 'ro'), cmpArb(true)).map(([r, c]) => r + c), { freq: 2 }),
      explode: fc.option(fc.tuple(fc.constantFrom('!', '!!', '!p', '!!p'), fc.option(cmpArb(true))).map(([b, c]) => b + (c ?? '')), { freq: 2 }),
      keep: fc.option(fc.constantFrom('kh1', 'kl1', 'dl1'), { freq: 3 }),
      target: success ? cmpArb(false).map((t): string | null => t) : fc.constant(null),
      failure: success ? fc.option(cmpArb(true).map((c) => `f${c}`)) : fc.constant(null),
      crit: fc.option(cmpArb(true).map((c) => `cs${c}`), { freq: 3 }),
    })
    .map((t) => `${t.count}${t.die}${t.reroll ?? ''}${t.explode ?? ''}${t.keep ?? ''}${t.target ?? ''}${t.failure ?? ''}${t.crit ?? ''}`);

/** Few, small dice: brute force stays cheap. Explosions must stop at least half the time. */
function cheap(e: DiceExpr): boolean {
  const base = e.models.reduce((s, m) => s + m.count, 0);
  if (base > 4) return false;
  return e.models.every((m) => {
    let go = 0;
    for (let f = 1; f <= m.sides; f++) if (m.explodes(f)) go += m.weight(f);
    return go <= 0.5;
  });
}

const exprArb = fc
  .boolean()
  .chain((success) =>
    fc.oneof(
      termArb(success),
      fc.tuple(termArb(success), fc.constantFrom('+', '-', '*', '/'), fc.oneof(termArb(success), fc.integer({ min: 1, max: 3 }).map(String))).map(([a, op, b]) => `${a}${op}${b}`),
      fc.tuple(fc.constantFrom('floor', 'ceil', 'round', ''), termArb(success), fc.constantFrom('+1', '-2', ''), fc.constantFrom('*2', '/2', '/3', '*-1')).map(([fn, t, c, op]) => `${fn}(${t}${c})${op}`),
    ),
  )
  .map((text) => tryParseDice(text))
  .filter((r): r is { ok: true; expr: DiceExpr } => r.ok && cheap(r.expr))
  .map((r) => r.expr.notation);

describe('exact odds agree with enumerating every roll (new forms)', () => {
  it('for generated notations with re-rolls, compounding, penetration, failures, = and <> targets and arithmetic', () => {
    let checked = 0;
    fc.assert(
      fc.property(exprArb, (n) => {
        const ok = agrees(n);
        fc.pre(ok !== null);
        checked++;
      }),
      { numRuns: 150 },
    );
    expect(checked).toBeGreaterThan(50);
  });

  it('for tag counts (crit on a compounded total, face tags on its parts)', () => {
    fc.assert(
      fc.property(exprArb, fc.constantFrom('crit', 'x'), (n, of) => {
        fc.pre(agrees(n, of) !== null);
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    '2d6ro=1',
    '2d6ro<=2',
    '1d6r<=2',
    '3d4r1',
    '1d4r<>3',
    '1d6!!',
    '2d4!!>=3',
    '2d4!p',
    '1d6!p=6',
    '2d4!!p',
    '3d6>=5!!',
    '2d6!!>=5kh1',
    '4d6>=5f=1',
    '3d10>=7f<=2cs=10',
    '4d6=6',
    '4d6<>3',
    '2*(1d8+3)',
    '1d6*10',
    '(2d6+3)/2',
    'floor((2d6+3)/2)',
    'ceil(1d6/4)+round(1d4/2)',
    'round(-1d6/2)',
    '1d6*1d4',
    '1d20/1d6',
    '-(1d6-1d4)*2',
    '2d4r1!kh1',
    '2dF!p',
    '2dK!!',
    '2dC!!cs>=2',
  ])('%s', (n) => {
    expect(agrees(n)).toBe(true);
  });

  it.each([
    ['2dC!!cs>=2', 'crit'],
    ['2dC!!cs>=2', 'effect'],
    ['2dK!!', 'unlucky'],
    ['3d6!!cs>=8', 'crit'],
    ['3d6!pcs>=5', 'crit'],
  ])('%s counting %s', (n, of) => {
    expect(agrees(n, of)).toBe(true);
  });
});

describe('odds of the new forms stay bounded', () => {
  it('refuses, at once and saying what is too big, what would take too long or too much memory', () => {
    for (const [n, why] of [
      ['1d1000*1d2000', /multiplying values needs more than 3e\+8 operations/],
      ['100d100*100d100', /the totals would have 99,990,001 distinct values \(limit 5,000,000\)/],
      ['floor(1d1000000/3)*1000', /the totals would have 333,334,001 distinct values/],
    ] as const) {
      const t0 = performance.now();
      expect(() => distribution(parseDice(n))).toThrow(why);
      expect(performance.now() - t0).toBeLessThan(3000);
    }
  });

  it('computes big but reasonable ones', () => {
    expect(distribution(parseDice('1000d6r1')).mean).toBeCloseTo(4000, 8);
    expect(distribution(parseDice('100d10>=7f=1')).mean).toBeCloseTo(30, 8);
    expect(distribution(parseDice('2*(1000d6)')).mean).toBeCloseTo(7000, 6);
    expect(distribution(parseDice('10d6*10d6*10d6')).mean).toBeCloseTo(42875, 6);
    expect(distribution(parseDice('1d6!!')).mean).toBeCloseTo(4.2, 4);
    expect(distribution(parseDice('1d6!p')).mean).toBeCloseTo(4, 4); // 3.5 + (1/6)(3.5 - 1 + ...) = 4
  });
});
