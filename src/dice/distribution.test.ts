import { describe, expect, it } from 'vitest';
import { DiceOddsError, distribution, parseDice, rollEntered } from './index.ts';
import type { Distribution } from './index.ts';

const dist = (n: string, opts?: Parameters<typeof distribution>[1]): Distribution => distribution(parseDice(n), opts);

/** Exact distribution by enumerating every face sequence through rollEntered (no explosions). */
function bruteForce(notation: string, of = 'total'): Map<number, number> {
  const e = parseDice(notation);
  const sides = e.models.flatMap((m) => Array<number>(m.count).fill(m.sides));
  const out = new Map<number, number>();
  const w = 1 / sides.reduce((a, b) => a * b, 1);
  const faces = sides.map(() => 1);
  for (;;) {
    const r = rollEntered(e, faces);
    if (!r.ok) throw new Error(r.message);
    const v = of === 'total' ? r.result.total : (r.result.tags[of] ?? 0);
    out.set(v, (out.get(v) ?? 0) + w);
    let i = faces.length - 1;
    while (i >= 0 && faces[i] === sides[i]) faces[i--] = 1;
    if (i < 0) return out;
    faces[i]!++;
  }
}

function expectSame(d: Distribution, want: Map<number, number>): void {
  const values = [...want.entries()].filter(([, p]) => p > 0).sort((a, b) => a[0] - b[0]);
  expect(d.outcomes.map((o) => o.value)).toEqual(values.map(([v]) => v));
  for (const [v, p] of values) expect(d.p(v)).toBeCloseTo(p, 12);
}

describe('distribution: reference values', () => {
  it('P(3d6 >= 15) = 20/216', () => {
    const d = dist('3d6');
    expect(d.atLeast(15)).toBeCloseTo(20 / 216, 14);
    expect(d.min).toBe(3);
    expect(d.max).toBe(18);
    expect(d.mean).toBeCloseTo(10.5, 12);
  });

  it('4d6 drop lowest (4d6dl1 and 4d6kh3): mean 15869/1296, sd 2.8468', () => {
    for (const n of ['4d6dl1', '4d6kh3']) {
      const d = dist(n);
      expect(d.mean).toBeCloseTo(15869 / 1296, 12);
      expect(d.sd).toBeCloseTo(2.8468, 4);
      expect(d.atLeast(15)).toBeCloseTo(0.2315, 4);
      expect(d.p(18)).toBeCloseTo(21 / 1296, 14);
    }
  });

  it('2d20<=12cs<=1 (Fallout): P(0) = 0.16, P(1) = 0.44, P(2+) = 0.40', () => {
    const d = dist('2d20<=12cs<=1');
    expect(d.p(0)).toBeCloseTo(0.16, 12);
    expect(d.p(1)).toBeCloseTo(0.44, 12);
    expect(d.atLeast(2)).toBeCloseTo(0.4, 12);
    expect(d.p(2)).toBeCloseTo(0.3425, 12);
    expect(d.mean).toBeCloseTo(1.3, 12);
    expect(dist('2d20<=12cs<=1cf>=20', { of: 'complication' }).atLeast(1)).toBeCloseTo(0.0975, 12);
    expect(dist('3d20<=12cs<=1').atLeast(2)).toBeCloseTo(0.672, 3);
    expect(dist('5d20<=12cs<=1').atLeast(2)).toBeCloseTo(0.9194, 4);
  });

  it('4 combat dice: P(damage >= 3) = 0.7222, P(at least 1 effect) = 0.8025', () => {
    expect(dist('4dC').atLeast(3)).toBeCloseTo(0.7222, 4);
    const fx = dist('4dC', { of: 'effect' });
    expect(fx.atLeast(1)).toBeCloseTo(0.8025, 4);
    expect(fx.of).toBe('effect');
    expect(dist('1dC').mean).toBeCloseTo(5 / 6, 14);
    expect(dist('1dC', { of: 'effect' }).mean).toBeCloseTo(1 / 3, 14);
  });

  it('2d20kh1 (advantage): mean 13.825, P(>= 15) = 0.51', () => {
    const d = dist('2d20kh1');
    expect(d.mean).toBeCloseTo(13.825, 12);
    expect(d.atLeast(15)).toBeCloseTo(0.51, 12);
  });

  it('10d6: mean 35, sd 5.4006, P(>= 45) = 0.0390', () => {
    const d = dist('10d6');
    expect(d.mean).toBeCloseTo(35, 10);
    expect(d.sd).toBeCloseTo(5.4006, 4);
    expect(d.atLeast(45)).toBeCloseTo(0.039, 4);
    expect(d.p(10)).toBeCloseTo(6 ** -10, 20);
    expect(d.p(10) / 6 ** -10).toBeCloseTo(1, 10); // tails keep their relative precision
  });

  it('exploding d6: mean 4.1806 at depth 2, approaching 4.2 with depth', () => {
    const d2 = dist('1d6!', { explodeDepth: 2 });
    expect(d2.mean).toBeCloseTo(4.1806, 4);
    expect(d2.explodeDepth).toBe(2);
    expect(d2.explodeCutoff).toBeCloseTo(1 / 216, 14);
    expect(d2.max).toBe(18);
    const d8 = dist('1d6!');
    expect(d8.explodeDepth).toBe(8);
    expect(Math.abs(d8.mean - 4.2)).toBeLessThan(1e-5);
    expect(Math.abs(dist('1d6!', { explodeDepth: 40 }).mean - 4.2)).toBeLessThan(1e-12);
    expect(dist('1d6!', { explodeDepth: 0 }).mean).toBeCloseTo(3.5, 14);
    expect(dist('1d6').explodeDepth).toBeUndefined();
    expect(dist('1d6!').p(6)).toBe(0); // a 6 always explodes
  });

  it('REA 3 with plain d6 (3d6+6): mean 16.5, sd 2.958, P(>= 15) = 0.7407, P(>= 20) = 0.1620', () => {
    const d = dist('3d6+6');
    expect(d.mean).toBeCloseTo(16.5, 12);
    expect(d.sd).toBeCloseTo(2.958, 3);
    expect(d.atLeast(15)).toBeCloseTo(0.7407, 4);
    expect(d.atLeast(20)).toBeCloseTo(0.162, 4);
    const rea = [1, 2, 4, 5, 6].map((r) => dist(`${r}d6+${2 * r}`));
    expect(rea.map((x) => x.sd.toFixed(3))).toEqual(['1.708', '2.415', '3.416', '3.819', '4.183']);
    expect(rea[2]!.atLeast(20)).toBeCloseTo(0.7608, 4);
  });

  it('Kuro dice: the 4 counts 0, the 6 explodes', () => {
    const d = dist('1dK', { explodeDepth: 60 });
    expect(d.mean).toBeCloseTo(3.4, 12);
    expect(dist('3dK+6').mean).toBeCloseTo(16.2, 5);
    expect(dist('1dK', { of: 'unlucky', explodeDepth: 60 }).mean).toBeCloseTo(1 / 6 / (1 - 1 / 6), 12);
  });
});

describe('distribution: agrees with enumerating every roll', () => {
  it.each([
    '3d6',
    '2d6+1d4-1',
    '-1d4+5',
    '4d6kh3',
    '4d6kl2',
    '5d4dh2',
    '3d8dl1+2',
    '2d20kl1',
    '3d20<=12cs<=1',
    '4d6>=5',
    '3d6>=5cs>=6-1',
    '4dC',
    '3dCkh2',
    '4dF',
    '3d{1,1:x,-2,7:x:y}kl2',
    '2d6<=3+1d6>=6',
    '3d10kh2cs>=9',
  ])('%s', (n) => {
    expectSame(dist(n), bruteForce(n));
  });

  it.each([
    ['4dC', 'effect'],
    ['3dCkh2', 'effect'],
    ['3d20<=12cs<=1cf>=20', 'complication'],
    ['3d20<=12cs<=1cf>=20', 'crit'],
    ['3d{1,1:x,-2,7:x:y}kl2', 'x'],
    ['4d6', 'nothing'],
  ])('%s of %s', (n, of) => {
    expectSame(dist(n, { of }), bruteForce(n, of));
  });
});

describe('distribution: shape, options, cost', () => {
  it('is well formed: ascending, p > 0, sums to 1, consistent accessors', () => {
    for (const n of ['3d6', '4d6kh3', '1d6!', '4dC', '2d20<=12cs<=1', '3dK+6', '10d10>=8', '1d{0,1000000}', '-2d6+1d20']) {
      const d = dist(n);
      let sum = 0;
      d.outcomes.forEach((o, i) => {
        expect(o.p).toBeGreaterThan(0);
        if (i > 0) expect(o.value).toBeGreaterThan(d.outcomes[i - 1]!.value);
        sum += o.p;
      });
      expect(Math.abs(sum - 1)).toBeLessThan(1e-12);
      expect(d.min).toBe(d.outcomes[0]!.value);
      expect(d.max).toBe(d.outcomes.at(-1)!.value);
      expect(d.atLeast(d.min)).toBe(1);
      expect(d.atLeast(d.max + 1)).toBe(0);
      expect(d.atMost(d.max)).toBe(1);
      expect(d.atMost(d.min - 1)).toBe(0);
      expect(d.p(d.min + 0.5)).toBe(0);
      const mid = Math.round(d.mean);
      expect(d.atLeast(mid) + d.atMost(mid - 1)).toBeCloseTo(1, 12);
      expect(d.atLeast(mid - 0.5)).toBe(d.atLeast(mid));
      const mean = d.outcomes.reduce((s, o) => s + o.value * o.p, 0);
      expect(d.mean).toBeCloseTo(mean, 10);
    }
  });

  it('is cached per notation and options, and read-only', () => {
    const a = dist('4d6kh3');
    expect(distribution(parseDice('4d6 k3'))).toBe(a);
    expect(dist('4d6kh3', { explodeDepth: 3 })).not.toBe(a);
    expect(Object.isFrozen(a.outcomes)).toBe(true);
  });

  it('handles big but reasonable expressions quickly', () => {
    const t0 = performance.now();
    expect(dist('100d6').mean).toBeCloseTo(350, 8);
    expect(dist('1000d6').mean).toBeCloseTo(3500, 6);
    expect(dist('10d6kh3').mean).toBeCloseTo(16.088015686654305, 10); // multiset enumeration, exact
    expect(dist('100d6kh50').max).toBe(300);
    expect(dist('1d1000000').outcomes).toHaveLength(1_000_000);
    expect(dist('4d6!kh3').mean).toBeGreaterThan(dist('4d6kh3').mean);
    expect(dist('20d20<=12cs<=1').mean).toBeCloseTo(20 * (11 / 20 + 2 / 20), 10);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  it('throws a clear error instead of hanging on hopeless expressions', () => {
    for (const n of ['1000d1000000', '1000d1000dl1', '1000d20!kh999']) {
      const t0 = performance.now();
      expect(() => dist(n)).toThrow(DiceOddsError);
      expect(performance.now() - t0).toBeLessThan(3000);
    }
    try {
      dist('1000d1000000');
    } catch (e) {
      expect((e as DiceOddsError).code).toBe('dice/too-costly');
      expect((e as Error).message).toMatch(/Cannot compute exact odds for "1000d1000000"/);
    }
  });

  it('validates explodeDepth', () => {
    for (const bad of [-1, 1.5, 101, Number.NaN]) expect(() => dist('1d6!', { explodeDepth: bad })).toThrow(RangeError);
    expect(dist('1d6!', { explodeDepth: 100 }).max).toBe(6 * 101);
  });
});
