import { describe, expect, it } from 'vitest';
import { Prng, distribution, formatRoll, parseDice, rollDice, rollEntered } from './index.ts';
import type { RollResult } from './index.ts';

function entered(notation: string, faces: number[]): RollResult {
  const r = rollEntered(parseDice(notation), faces);
  if (!r.ok) throw new Error(r.message);
  return r.result;
}

describe('rolling the new forms, die by die (typed-in faces pin the rules)', () => {
  it.each([
    // re-rolls: the re-rolled die stays in `dice`, not kept, marked r
    ['2d6ro=1', [1, 1, 5], '2d6ro=1: [(1r), 1, 5] = 6'],
    ['1d6r<=2', [2, 1, 2, 4], '1d6r<=2: [(2r), (1r), (2r), 4] = 4'],
    ['4d6r1kh3', [1, 6, 3, 2, 5], '4d6r=1kh3: [(1r), 6, 3, (2), 5] = 14'],
    ['1d6r1!', [6, 1, 3], '1d6r=1!: [6!, (1r), 3] = 9'],
    // compounding: the extra dice add into the die, joined by +
    ['2d6!!', [6, 6, 2, 3], '2d6!!: [6!!+6!!+2, 3] = 17'],
    ['3d6!!>=5', [5, 1, 2, 4], '3d6!!>=5: [5!!+1, 2, 4] = 12'],
    ['2d10>=8!!', [10, 2, 7], '2d10>=8!!: [10!!+2, 7] = 1 success'],
    ['1d6!!cs>=8', [6, 3], '1d6!!cs>=8: [6*!!+3] = 9'],
    // penetrating: an extra die counts one less (a 1 counts 0)
    ['2d6!p', [6, 6, 1, 4], '2d6!p: [6!p, 5!p, 0, 4] = 15'],
    ['1d6!!p', [6, 6, 4], '1d6!!p: [6!!p+5!!p+3] = 14'],
    // success targets and failures
    ['6d10>=7f=1', [8, 1, 3, 10, 7, 2], '6d10>=7f=1: [8, 1f, 3, 10, 7, 2] = 2 successes'],
    ['4d10>=7f<=2', [1, 2, 3, 4], '4d10>=7f<=2: [1f, 2f, 3, 4] = -2 successes'],
    ['8d10=10', [10, 3, 10, 5, 1, 9, 8, 10], '8d10=10: [10, 3, 10, 5, 1, 9, 8, 10] = 3 successes'],
    ['4d6<>3', [3, 1, 6, 3], '4d6<>3: [3, 1, 6, 3] = 2 successes'],
    // arithmetic: the division is exact, the result rounded down
    ['2*(1d8+3)', [5], '2*(1d8+3): 2 * ([5] + 3) = 16'],
    ['1d6*10', [4], '1d6*10: [4] * 10 = 40'],
    ['(2d6+3)/2', [4, 4], '(2d6+3)/2: ([4, 4] + 3) / 2 = 5 (11/2 rounded down)'],
    ['(2d6+3)/2', [4, 5], '(2d6+3)/2: ([4, 5] + 3) / 2 = 6'],
    ['ceil((2d6+3)/2)', [4, 4], 'ceil((2d6+3)/2): ceil(([4, 4] + 3) / 2) = 6'],
    ['round(1d6/4)', [2], 'round(1d6/4): round([2] / 4) = 1'],
    ['round(-1d6/4)', [2], 'round(-1d6/4): round(-[2] / 4) = -1'],
    ['1d6/2+1d6/2', [3, 3], '1d6/2+1d6/2: [3] / 2 + [3] / 2 = 3'],
    ['floor(1d6/2)+floor(1d6/2)', [3, 3], 'floor(1d6/2)+floor(1d6/2): floor([3] / 2) + floor([3] / 2) = 2'],
    ['-(1d4+1)/2', [2], '-(1d4+1)/2: -([2] + 1) / 2 = -2 (-3/2 rounded down)'],
    ['2*(6d6>=5)', [5, 6, 1, 2, 3, 4], '2*6d6>=5: 2 * [5, 6, 1, 2, 3, 4] = 4 successes'],
  ])('%s with %j: %s', (notation, faces, line) => {
    const r = entered(notation, faces);
    expect(formatRoll(r)).toBe(line);
    expect(distribution(parseDice(notation), { explodeDepth: 20 }).p(r.total)).toBeGreaterThan(0);
  });

  it('marks the dice: rerolled, compounded, a failure as -1 successes, a penetrated die by its value', () => {
    expect(entered('2d6ro=1', [1, 4, 5]).dice).toEqual([
      { die: 'd6', face: 1, value: 1, kept: false, rerolled: true },
      { die: 'd6', face: 4, value: 4, kept: true },
      { die: 'd6', face: 5, value: 5, kept: true },
    ]);
    expect(entered('1d6!!', [6, 2]).dice).toEqual([
      { die: 'd6', face: 6, value: 6, kept: true, exploded: true },
      { die: 'd6', face: 2, value: 2, kept: true, compounded: true },
    ]);
    expect(entered('1d6!p', [6, 5]).dice[1]).toEqual({ die: 'd6', face: 5, value: 4, kept: true });
    expect(entered('2d10>=7f=1', [1, 8]).dice.map((d) => d.successes)).toEqual([-1, 1]);
    // a compounded die is one die for its target: 10+2 = 12 is one success, on its first part
    expect(entered('1d10>=8!!', [10, 2]).dice.map((d) => d.successes)).toEqual([1, 0]);
  });

  it('says which die needs one more face after a re-roll', () => {
    const e = parseDice('2d6ro=1');
    expect(rollEntered(e, [1])).toEqual({ ok: false, code: 'dice/entered', message: 'the 1 on die 1 of 2d6ro=1 is re-rolled: type one more face' });
    const few = rollEntered(e, [1, 4]);
    expect(few.ok).toBe(false);
    if (!few.ok) expect(few.message).toBe('2d6ro=1 rolls at least 3 dice (2, and 1 re-roll), and 2 were typed');
    const many = rollEntered(e, [1, 4, 5, 6]);
    expect(many.ok).toBe(false);
    if (!many.ok) expect(many.message).toBe('4 dice were typed but 2d6ro=1 rolls 3 (2, and 1 re-roll): remove 1');
  });
});

describe('rolling the new forms with the seeded PRNG', () => {
  it.each(['2d6ro=1', '4d6r1', '3d6!!>=5', '2d6!p', '5d6!!p', '6d10>=7f=1', '8d10=10', '4d6<>3', '2*(1d8+3)', '(2d6+3)/2', 'floor(1d6/2)*1d4', '4d6r<=2!kh3'])(
    '%s: same seed, same dice; typed back in, the same result; the total is possible',
    (n) => {
      const e = parseDice(n);
      const a = Prng.fromSeed(`seeded ${n}`);
      const b = Prng.fromSeed(`seeded ${n}`);
      const d = distribution(e, { explodeDepth: 100 });
      for (let i = 0; i < 200; i++) {
        const r = rollDice(e, a);
        expect(rollDice(e, b)).toEqual(r);
        const back = rollEntered(e, r.dice.map((x) => x.face));
        expect(back.ok && { ...back.result, source: 'engine' }).toEqual(r);
        expect(d.p(r.total)).toBeGreaterThan(0);
        expect(Number.isInteger(r.total)).toBe(true);
      }
    },
  );

  it('a seeded roll is stable: 2d6ro=1 and (2d6+3)/2 from seed 7', () => {
    const rng = Prng.fromSeed(7);
    const lines = ['2d6ro=1', '(2d6+3)/2', '3d6!!>=5'].map((n) => formatRoll(rollDice(parseDice(n), rng)));
    expect(lines).toMatchInlineSnapshot(`
      [
        "2d6ro=1: [4, (1r), 3] = 7",
        "(2d6+3)/2: ([3, 4] + 3) / 2 = 5",
        "3d6!!>=5: [3, 2, 2] = 7",
      ]
    `);
  });

  it('a re-roll until on a huge die stops after 100 re-rolls, drawing among the faces that stay', () => {
    const e = parseDice('1d1000000r<=999999');
    const rng = Prng.fromSeed('long re-roll');
    const r = rollDice(e, rng);
    expect(r.dice).toHaveLength(101);
    expect(r.dice.slice(0, 100).every((d) => d.rerolled && !d.kept)).toBe(true);
    expect(r.total).toBe(1_000_000);
    expect(distribution(e).outcomes).toEqual([{ value: 1_000_000, p: 1 }]);
    const some = parseDice('3d1000r>=2');
    for (let i = 0; i < 5; i++) expect(rollDice(some, rng).total).toBe(3);
  });
});
