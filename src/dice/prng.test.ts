import { describe, expect, it } from 'vitest';
import { Prng } from './prng.ts';
import type { RngState } from './prng.ts';

const M32 = (1n << 32n) - 1n;

/** Independent sfc32 in BigInt arithmetic, from the algorithm's definition. */
function* referenceSfc32(s: readonly number[]): Generator<number> {
  let [a, b, c, d] = s.map(BigInt) as [bigint, bigint, bigint, bigint];
  for (;;) {
    const t = (a + b + d) & M32;
    d = (d + 1n) & M32;
    a = b ^ (b >> 9n);
    b = (c + (c << 3n)) & M32;
    c = ((((c << 21n) | (c >> 11n)) & M32) + t) & M32;
    yield Number(t);
  }
}

describe('Prng', () => {
  it('is sfc32: matches a BigInt reference from the same state', () => {
    const p = Prng.fromSeed('reference');
    const ref = referenceSfc32(p.state().s);
    for (let i = 0; i < 1000; i++) expect(p.nextUint32()).toBe(ref.next().value);
  });

  it('is deterministic per seed and pinned (changing these values breaks stored replays)', () => {
    const p = Prng.fromSeed(42);
    expect([p.nextUint32(), p.nextUint32(), p.nextUint32()]).toEqual([24518040, 1504136908, 418292617]);
    expect(Prng.fromSeed('hello').state()).toEqual(Prng.fromSeed('hello').state());
    expect(Prng.fromSeed(42).state()).not.toEqual(Prng.fromSeed('42').state());
    expect(Prng.fromSeed(1).state()).not.toEqual(Prng.fromSeed(2).state());
    expect(Prng.fromSeed(2 ** 40).state()).not.toEqual(Prng.fromSeed(0).state());
  });

  it('exports a JSON-safe state and resumes from it exactly', () => {
    const p = Prng.fromSeed('resume');
    for (let i = 0; i < 17; i++) p.int(20);
    const st = JSON.parse(JSON.stringify(p.state())) as RngState;
    expect(st.alg).toBe('sfc32');
    expect(st.s.every((w) => Number.isInteger(w) && w >= 0 && w < 2 ** 32)).toBe(true);
    const q = Prng.fromState(st);
    for (let i = 0; i < 100; i++) expect(q.nextUint32()).toBe(p.nextUint32());
    // state() is a copy
    const s2 = q.state();
    s2.s[0] = 0;
    expect(q.state().s[0]).toBe(p.state().s[0]);
    const c = p.clone();
    expect(c.nextUint32()).toBe(p.nextUint32());
  });

  it('rejects malformed states and seeds', () => {
    const bad: unknown[] = [
      null,
      42,
      { alg: 'xoshiro128**', s: [1, 2, 3, 4] },
      { alg: 'sfc32', s: [1, 2, 3] },
      { alg: 'sfc32', s: [1, 2, 3, -1] },
      { alg: 'sfc32', s: [1, 2, 3, 2 ** 32] },
      { alg: 'sfc32', s: [1, 2, 3, 1.5] },
      { alg: 'sfc32', s: ['1', 2, 3, 4] },
      { alg: 'sfc32' },
    ];
    for (const b of bad) expect(() => Prng.fromState(b as RngState)).toThrow(TypeError);
    expect(() => Prng.fromSeed(1.5)).toThrow(RangeError);
    expect(() => Prng.fromSeed(Number.NaN)).toThrow(RangeError);
    expect(() => Prng.fromSeed(2 ** 60)).toThrow(RangeError);
  });

  it('int(n) is Lemire: floor(x * n / 2^32) for accepted draws, in range, for small and wide n', () => {
    for (const n of [1, 2, 6, 20, 100, 1_000_000, 2 ** 21, 2 ** 21 + 1, 3_000_000_000, 2 ** 32]) {
      const p = Prng.fromSeed(`lemire-${n}`);
      const raw = p.clone();
      const threshold = (2n ** 32n - BigInt(n)) % BigInt(n);
      for (let i = 0; i < 200; i++) {
        const got = p.int(n);
        let want: bigint;
        for (;;) {
          const m = BigInt(raw.nextUint32()) * BigInt(n);
          if ((m & M32) >= threshold) {
            want = m >> 32n;
            break;
          }
        }
        expect(got).toBe(Number(want));
        expect(got >= 0 && got < n).toBe(true);
      }
    }
  });

  it('int(n) rejects bad bounds', () => {
    const p = Prng.fromSeed(1);
    for (const n of [0, -1, 1.5, Number.NaN, 2 ** 32 + 1, Infinity]) expect(() => p.int(n)).toThrow(RangeError);
  });

  it('int(6) is roughly uniform', () => {
    const p = Prng.fromSeed('uniform');
    const counts = new Array<number>(6).fill(0);
    const N = 60_000;
    for (let i = 0; i < N; i++) counts[p.int(6)]!++;
    const chi = counts.reduce((s, c) => s + (c - N / 6) ** 2 / (N / 6), 0);
    expect(chi).toBeLessThan(20.5); // p = 0.001 for 5 degrees of freedom
  });
});
