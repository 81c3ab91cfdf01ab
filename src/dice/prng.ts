/**
 * Seeded pseudo-random number generator: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator,
 * 128 bits of state, 32-bit output). The state lives in an Int32Array so V8 keeps the words unboxed;
 * `state()` exports it as four unsigned 32-bit integers that survive JSON.
 */

/** A PRNG snapshot, JSON-safe. `s` holds four unsigned 32-bit words. */
export type RngState = { alg: 'sfc32'; s: [number, number, number, number] };

const TWO_32 = 4294967296;
const INV_TWO_32 = 1 / TWO_32;
/** Up to this bound `x * n` stays below 2^53, so Lemire's product is exact in a double. */
const FAST_BOUND = 2097152; // 2^21

/** Outputs thrown away after seeding, so that similar seeds diverge (as recommended for sfc32). */
const DISCARD = 15;

function splitmix32(seed: number): () => number {
  let x = seed | 0;
  return () => {
    x = (x + 0x9e3779b9) | 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
}

/** cyrb128: a fast 128-bit string hash, used to turn text seeds into a state. */
function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

function isWord(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < TWO_32;
}

export class Prng {
  private readonly s: Int32Array;

  private constructor(words: ArrayLike<number>) {
    this.s = new Int32Array(4);
    for (let i = 0; i < 4; i++) this.s[i] = words[i] ?? 0;
  }

  /**
   * A generator from a seed. Strings are hashed with cyrb128; numbers must be safe integers and are
   * expanded with splitmix32 (low and high 32-bit halves both count). The same seed always gives the
   * same stream; `fromSeed(42)` and `fromSeed('42')` are different streams.
   */
  static fromSeed(seed: number | string): Prng {
    let words: [number, number, number, number];
    if (typeof seed === 'string') {
      words = cyrb128(seed);
    } else if (typeof seed === 'number' && Number.isSafeInteger(seed)) {
      const lo = seed >>> 0;
      const hi = Math.floor(seed / TWO_32) >>> 0;
      const a = splitmix32(lo);
      const b = splitmix32(hi ^ 0x5bd1e995);
      words = [a() ^ b(), a() ^ b(), a() ^ b(), a() ^ b()];
    } else {
      throw new RangeError(`Prng seed must be a string or a safe integer, got ${String(seed)}`);
    }
    const p = new Prng(words);
    for (let i = 0; i < DISCARD; i++) p.nextUint32();
    return p;
  }

  /** Resumes a generator exactly where `state()` left it. Throws a TypeError on a malformed state. */
  static fromState(state: RngState): Prng {
    const st = state as unknown;
    if (typeof st !== 'object' || st === null) throw new TypeError('RngState must be an object { alg, s }');
    const { alg, s } = st as { alg?: unknown; s?: unknown };
    if (alg !== 'sfc32') throw new TypeError(`RngState.alg must be 'sfc32', got ${JSON.stringify(alg) ?? String(alg)}`);
    if (!Array.isArray(s) || s.length !== 4 || !s.every(isWord)) {
      throw new TypeError('RngState.s must be an array of four unsigned 32-bit integers');
    }
    return new Prng(s as number[]);
  }

  /** A JSON-safe copy of the current state. */
  state(): RngState {
    const s = this.s;
    return { alg: 'sfc32', s: [s[0]! >>> 0, s[1]! >>> 0, s[2]! >>> 0, s[3]! >>> 0] };
  }

  /** An independent generator in the same state. */
  clone(): Prng {
    return new Prng(this.s);
  }

  /** The next 32-bit output, in [0, 2^32). */
  nextUint32(): number {
    const s = this.s;
    const a = s[0]!;
    const b = s[1]!;
    const c = s[2]!;
    const d = s[3]!;
    const t = (((a + b) | 0) + d) | 0;
    s[3] = (d + 1) | 0;
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /**
   * An unbiased integer in [0, n) by Lemire's multiply-and-reject method. `n` must be an integer in
   * [1, 2^32]; anything else throws a RangeError.
   */
  int(n: number): number {
    if (n <= FAST_BOUND && n >= 1 && (n | 0) === n) {
      let m = this.nextUint32() * n;
      let l = m >>> 0;
      if (l < n) {
        const t = (TWO_32 - n) % n;
        while (l < t) {
          m = this.nextUint32() * n;
          l = m >>> 0;
        }
      }
      return (m * INV_TWO_32) | 0;
    }
    return this.intWide(n);
  }

  /** Lemire's method for bounds above 2^21, with an exact 32x32 -> 64-bit product. */
  private intWide(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) {
      throw new RangeError(`Prng.int(n) needs an integer n in [1, 2^32], got ${n}`);
    }
    const nh = Math.floor(n / 65536);
    const nl = n % 65536;
    const t = (TWO_32 - n) % n;
    for (;;) {
      const x = this.nextUint32();
      const b = x * nh; // < 2^48, exact
      const bl = b % 65536;
      const bh = (b - bl) / 65536;
      const lowSum = bl * 65536 + x * nl; // < 2^49, exact
      const low = lowSum % TWO_32;
      if (low >= t) return bh + Math.floor(lowSum / TWO_32);
    }
  }
}
