import { describe, expect, it } from 'vitest';
import { MAX_EXPLOSIONS } from './limits.ts';
import { Prng, parseDice, rollDice, rollEntered } from './index.ts';

function message(notation: string, faces: unknown[]): string {
  const r = rollEntered(parseDice(notation), faces as number[]);
  if (r.ok) throw new Error(`expected an error, got ${r.result.total}`);
  expect(r.code).toBe('dice/entered');
  return r.message;
}

describe('rollEntered', () => {
  it('records typed faces exactly like an engine roll', () => {
    const r = rollEntered(parseDice('1d20+3'), [14]);
    expect(r).toEqual({
      ok: true,
      result: { notation: '1d20+3', total: 17, dice: [{ die: 'd20', face: 14, value: 14, kept: true }], tags: {}, source: 'entered' },
    });
    for (const n of ['4d6kh3', '3dK+6', '2d20<=12cs<=1cf>=20', '4dC', '2d6!+1d4-1', '3d6!kh2']) {
      const e = parseDice(n);
      const p = Prng.fromSeed(n);
      for (let i = 0; i < 50; i++) {
        const engine = rollDice(e, p);
        const typed = rollEntered(e, engine.dice.map((d) => d.face));
        expect(typed.ok && { ...typed.result, source: 'engine' }).toEqual(engine);
      }
    }
  });

  it('asks for one more face when a typed die explodes', () => {
    expect(message('3dK', [1, 6])).toBe('the 6 on die 2 of 3dK explodes: type one more face');
    expect(message('1d6!', [6, 6])).toBe('the 6 on die 1 of 1d6! explodes: type one more face');
    const ok = rollEntered(parseDice('3dK'), [1, 6, 6, 2, 3]);
    expect(ok.ok && ok.result.total).toBe(1 + 6 + 6 + 2 + 3);
  });

  it('stops exploding at the same cap as the engine', () => {
    expect(message('1d6!', Array<number>(MAX_EXPLOSIONS).fill(6))).toMatch(/explodes: type one more face/);
    const r = rollEntered(parseDice('1d6!'), Array<number>(MAX_EXPLOSIONS + 1).fill(6));
    expect(r.ok && r.result.dice.length).toBe(MAX_EXPLOSIONS + 1);
  });

  it('refuses too few faces', () => {
    expect(message('3d6', [1, 2])).toBe('3d6 rolls 3 dice, and 2 were typed');
    expect(message('2d6+1d4', [1, 2])).toBe('2d6+1d4 rolls 3 dice, and 2 were typed');
    expect(message('1d6!+1d4', [6, 2])).toBe('1d6!+1d4 rolls at least 3 dice (2, and 1 extra die for the one that explodes), and 2 were typed');
    expect(message('1d20', [])).toMatch(/rolls 1 die, and 0 were typed/);
    // Kuro dice as the GM counts them: no "faces", no "die 5 of 4dK".
    expect(message('4dK+8', [6, 1, 2, 3])).toBe('4dK+8 rolls at least 5 dice (4, and 1 extra die for the one that explodes), and 4 were typed');
  });

  it('refuses too many faces', () => {
    expect(message('3d6', [1, 2, 3, 4])).toBe('4 dice were typed but 3d6 rolls 3: remove 1');
    expect(message('1d6!', [6, 2, 5])).toBe('3 dice were typed but 1d6! rolls 2 (1, and 1 extra die for the one that explodes): remove 1');
    expect(message('5', [1])).toBe('5 rolls no dice: type none');
  });

  it('refuses faces the die does not have', () => {
    expect(message('1d8', [9])).toBe('face 1 (die 1 of 1d8) is 9: a d8 cannot show 9 (faces 1 to 8)');
    expect(message('2d6', [3, 0])).toMatch(/face 2 \(die 2 of 2d6\) is 0: a d6 cannot show 0/);
    expect(message('4dC', [1, 2, 3, 7])).toMatch(/a dC has faces 1 to 6 \(type the face number, not its value\)/);
    expect(message('1d6!', [6, 7])).toMatch(/face 2 \(die 1 of 1d6!, explosion 1\) is 7/);
  });

  it('refuses what is not a whole number', () => {
    expect(message('1d6', [2.5])).toBe('face 1 (die 1 of 1d6) is 2.5: faces are whole numbers');
    expect(message('1d6', ['3'])).toMatch(/is "3": faces are whole numbers/);
    expect(message('1d6', [Number.NaN])).toMatch(/is NaN/);
    expect(rollEntered(parseDice('1d6'), 'x' as unknown as number[])).toMatchObject({ ok: false, code: 'dice/entered' });
  });
});
