import { describe, expect, it } from 'vitest';
import { Prng, formatRoll, parseDice, rollDice, rollEntered } from './index.ts';
import type { RollResult } from './index.ts';
import { MAX_EXPLOSIONS } from './limits.ts';
import { selectKept } from './select.ts';

/** A stand-in generator that yields the given faces (1-based) in order. */
function scripted(faces: number[]): Prng {
  let i = 0;
  return {
    int(n: number) {
      const f = faces[i++ % faces.length]!;
      if (f < 1 || f > n) throw new Error(`scripted face ${f} does not fit d${n}`);
      return f - 1;
    },
  } as unknown as Prng;
}

function entered(notation: string, faces: number[]): RollResult {
  const r = rollEntered(parseDice(notation), faces);
  if (!r.ok) throw new Error(r.message);
  return r.result;
}

describe('rollDice', () => {
  it('returns the full result, deterministic per seed', () => {
    const e = parseDice('1d20+3');
    const a = rollDice(e, Prng.fromSeed(7));
    const b = rollDice(e, Prng.fromSeed(7));
    expect(a).toEqual(b);
    expect(a.notation).toBe('1d20+3');
    expect(a.source).toBe('engine');
    expect(a.dice).toHaveLength(1);
    expect(a.dice[0]).toEqual({ die: 'd20', face: a.total - 3, value: a.total - 3, kept: true });
    expect(a.tags).toEqual({});
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });

  it('advances the generator so a seeded sequence is reproducible', () => {
    const e = parseDice('3d6+6');
    const p = Prng.fromSeed('seq');
    const first = Array.from({ length: 5 }, () => rollDice(e, p).total);
    const q = Prng.fromSeed('seq');
    expect(Array.from({ length: 5 }, () => rollDice(e, q).total)).toEqual(first);
  });

  it('handles constants-only and negative terms without -0', () => {
    expect(rollDice(parseDice('5'), Prng.fromSeed(1))).toEqual({ notation: '5', total: 5, dice: [], tags: {}, source: 'engine' });
    const r = rollDice(parseDice('-1d4+5'), scripted([4]));
    expect(r.total).toBe(1);
    expect(Object.is(rollDice(parseDice('0-1d1+1'), scripted([1])).total, 0)).toBe(true);
    expect(rollDice(parseDice('2d6+1d4-1'), scripted([3, 5, 2])).total).toBe(9);
  });

  it('keep/drop: ties go to the earlier die, fast and general paths agree', () => {
    const cases: Array<[string, number[], boolean[]]> = [
      ['4d6kh3', [3, 1, 1, 6], [true, true, false, true]],
      ['4d6dl1', [3, 1, 1, 6], [true, true, false, true]],
      ['4d6kl1', [3, 1, 1, 6], [false, true, false, false]],
      ['4d6dh1', [6, 1, 6, 6], [true, true, true, false]],
      ['2d20kh1', [7, 7], [true, false]],
      ['2d20kl1', [7, 7], [true, false]],
      ['5d6kh2', [2, 5, 5, 5, 1], [false, true, true, false, false]],
      ['6d6kl4', [2, 2, 2, 2, 2, 2], [true, true, true, true, false, false]],
    ];
    for (const [n, faces, kept] of cases) {
      const fast = rollDice(parseDice(n), scripted(faces));
      const typed = entered(n, faces);
      expect(fast.dice.map((d) => d.kept), n).toEqual(kept);
      expect({ ...typed, source: 'engine' }).toEqual(fast);
      expect(fast.total).toBe(faces.filter((_, i) => kept[i]).reduce((a, b) => a + b, 0));
    }
    expect(formatRoll(entered('4d6kh3', [6, 4, 3, 1]))).toBe('4d6kh3: [6, 4, 3, (1)] = 13');
  });

  it('selectKept agrees with a sort for every pool size and strategy', () => {
    const p = Prng.fromSeed('select');
    for (let trial = 0; trial < 400; trial++) {
      const n = 1 + p.int(60);
      const k = 1 + p.int(n);
      const highest = p.int(2) === 0;
      const keys = Array.from({ length: n }, () => p.int(5));
      const kept = new Uint8Array(n);
      selectKept(keys, n, k, highest, kept);
      const order = keys.map((_, i) => i).sort((a, b) => (highest ? keys[b]! - keys[a]! : keys[a]! - keys[b]!) || a - b);
      const want = new Uint8Array(n);
      for (const i of order.slice(0, k)) want[i] = 1;
      expect([...kept]).toEqual([...want]);
    }
  });

  it('explodes: each extra die follows the one that triggered it and is added', () => {
    const r = rollDice(parseDice('2d6!'), scripted([6, 6, 2, 3]));
    expect(r.dice.map((d) => [d.face, d.exploded ?? false])).toEqual([
      [6, true],
      [6, true],
      [2, false],
      [3, false],
    ]);
    expect(r.total).toBe(17);
    expect(formatRoll(r)).toBe('2d6!: [6!, 6!, 2, 3] = 17');
    expect(rollDice(parseDice('1d6!>=5'), scripted([5, 6, 1])).total).toBe(12);
    expect(rollDice(parseDice('1d6!<=1'), scripted([1, 1, 4])).total).toBe(6);
  });

  it(`caps explosions at ${MAX_EXPLOSIONS} extra dice per die`, () => {
    const r = rollDice(parseDice('1d6!+1d4'), scripted([...Array<number>(MAX_EXPLOSIONS + 1).fill(6), 4]));
    expect(r.dice).toHaveLength(MAX_EXPLOSIONS + 2);
    expect(r.dice[MAX_EXPLOSIONS]!.exploded).toBeUndefined();
    expect(r.dice[MAX_EXPLOSIONS - 1]!.exploded).toBe(true);
    expect(r.total).toBe(6 * (MAX_EXPLOSIONS + 1) + 4);
  });

  it('keep/drop ranks whole chains (a die plus its extras)', () => {
    // chains: 6+6+1 = 13, 5, 6+2 = 8 -> keep the best two chains (13 and 8)
    const r = rollDice(parseDice('3d6!kh2'), scripted([6, 6, 1, 5, 6, 2]));
    expect(r.dice.map((d) => d.kept)).toEqual([true, true, true, false, true, true]);
    expect(r.total).toBe(21);
    expect(formatRoll(r)).toBe('3d6!kh2: [6!, 6!, 1, (5), 6!, 2] = 21');
  });

  it('counts successes, crits and complications (Fallout 2d20)', () => {
    const e = parseDice('2d20<=12cs<=1cf>=20');
    const r = rollDice(e, scripted([1, 20]));
    expect(r.total).toBe(2);
    expect(r.dice).toEqual([
      { die: 'd20', face: 1, value: 1, kept: true, tags: ['crit'], successes: 2 },
      { die: 'd20', face: 20, value: 20, kept: true, tags: ['complication'], successes: 0 },
    ]);
    expect(r.tags).toEqual({ crit: 1, complication: 1 });
    expect(formatRoll(r)).toBe('2d20<=12cs<=1cf>=20: [1*, 20:complication] = 2 successes (complication: 1)');
    expect(formatRoll(rollDice(parseDice('2d20<=12cs<=1'), scripted([1, 15])))).toBe('2d20<=12cs<=1: [1*, 15] = 2 successes');
    expect(formatRoll(rollDice(parseDice('2d20<=12'), scripted([12, 13])))).toBe('2d20<=12: [12, 13] = 1 success');
    expect(rollDice(parseDice('10d6>=5+1'), scripted([5, 6, 1, 2, 3, 4, 5, 6, 1, 1])).total).toBe(5);
  });

  it('crit and complication tags also work on summed rolls', () => {
    const r = rollDice(parseDice('1d20cs>=20cf<=1+5'), scripted([20]));
    expect(r.total).toBe(25);
    expect(r.dice[0]!.tags).toEqual(['crit']);
    expect(r.dice[0]!.successes).toBeUndefined();
    expect(formatRoll(r)).toBe('1d20cs>=20cf<=1+5: [20*] + 5 = 25');
  });

  it('rolls custom and named dice: face number and value', () => {
    const c = rollDice(parseDice('4dC'), scripted([1, 3, 5, 6]));
    expect(c.dice.map((d) => [d.face, d.value])).toEqual([
      [1, 1],
      [3, 0],
      [5, 1],
      [6, 1],
    ]);
    expect(c.total).toBe(3);
    expect(c.tags).toEqual({ effect: 2 });
    expect(c.dice[2]).toEqual({ die: 'dC', face: 5, value: 1, kept: true, tags: ['effect'] });
    expect(formatRoll(c)).toBe('4dC: [1, 0, 1:effect, 1:effect] = 3 (effect: 2)');

    const k = rollDice(parseDice('3dK+6'), scripted([4, 6, 6, 2, 1]));
    expect(k.dice.map((d) => [d.face, d.value, d.exploded ?? false])).toEqual([
      [4, 0, false],
      [6, 6, true],
      [6, 6, true],
      [2, 2, false],
      [1, 1, false],
    ]);
    expect(k.total).toBe(21);
    expect(k.tags).toEqual({ unlucky: 1 });
    expect(formatRoll(k)).toBe('3dK+6: [0:unlucky, 6!, 6!, 2, 1] + 6 = 21 (unlucky: 1)');

    const f = rollDice(parseDice('4dF'), scripted([1, 2, 3, 6]));
    expect(f.total).toBe(-1 - 1 + 0 + 1);
    expect(rollDice(parseDice('2d{1,2,3,10!}'), scripted([4, 1, 2])).total).toBe(13);
  });

  it('tags count only kept dice', () => {
    const r = rollDice(parseDice('3dCkh1'), scripted([5, 2, 6]));
    expect(r.dice.map((d) => d.kept)).toEqual([false, true, false]);
    expect(r.tags).toEqual({});
    expect(r.total).toBe(2);
  });

  it('a term-level explosion overrides the custom faces marks', () => {
    const r = rollDice(parseDice('1dK!<=1'), scripted([6, 1, 3]));
    expect(r.dice.map((d) => d.face)).toEqual([6]);
    const s = rollDice(parseDice('1dK!<=1'), scripted([1, 3]));
    expect(s.dice.map((d) => d.face)).toEqual([1, 3]);
  });

  it('rolls big pools and big dice', () => {
    const p = Prng.fromSeed('big');
    const r = rollDice(parseDice('1000d6kh500'), p);
    expect(r.dice).toHaveLength(1000);
    expect(r.dice.filter((d) => d.kept)).toHaveLength(500);
    const kept = r.dice.filter((d) => d.kept).map((d) => d.value);
    const dropped = r.dice.filter((d) => !d.kept).map((d) => d.value);
    expect(Math.min(...kept)).toBeGreaterThanOrEqual(Math.max(...dropped));
    const big = rollDice(parseDice('1d1000000'), p);
    expect(big.total).toBeGreaterThanOrEqual(1);
    expect(big.total).toBeLessThanOrEqual(1_000_000);
  });
});
