import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiceOddsError, Prng, distribution, parseDice, rollDice, tryParseDice } from './index.ts';
import type { DiceNotationError } from './index.ts';

function err(text: string): DiceNotationError {
  const r = tryParseDice(text);
  if (r.ok) throw new Error(`expected "${text}" to fail, got ${r.expr.notation}`);
  return r.error;
}

describe('parseDice: arithmetic, re-rolls, compounding, penetration, failures, = and <> targets', () => {
  it.each([
    // arithmetic and brackets: only the brackets the tree needs are written
    ['2*(1d8+3)', '2*(1d8+3)'],
    ['2 * ( 1d8 + 3 )', '2*(1d8+3)'],
    ['1d6*10', '1d6*10'],
    ['(2d6+3)/2', '(2d6+3)/2'],
    ['((1d6))', '1d6'],
    ['(1d6)+(2)', '1d6+2'],
    ['1d4-(1d6-2)', '1d4-1d6+2'],
    ['-(1d6+2)', '-1d6-2'],
    ['2*-1d4', '2*(-1d4)'],
    ['2*(-1d4)', '2*(-1d4)'],
    ['-(1d6+2)*3', '-(1d6+2)*3'],
    ['1d6*2*3', '1d6*2*3'],
    ['1d6*(2*3)', '1d6*(2*3)'],
    ['1d20/2/2', '1d20/2/2'],
    ['1d20/(2/2)', '1d20/(2/2)'],
    ['1d6+2*3', '1d6+2*3'],
    ['(1d6+2)*(1d4-1)', '(1d6+2)*(1d4-1)'],
    ['floor((2d6+3)/2)', 'floor((2d6+3)/2)'],
    ['FLOOR(1d6/2)', 'floor(1d6/2)'],
    ['ceil( 1d6 / 4 )', 'ceil(1d6/4)'],
    ['round(7/2)', 'round(7/2)'],
    ['-round(1d6/2)+1', '-round(1d6/2)+1'],
    ['2*floor(1d6/2)', '2*floor(1d6/2)'],
    ['(1d6!)*2', '1d6!*2'],
    // re-rolls: a bare number means =, a bare r the die's lowest value
    ['2d6ro=1', '2d6ro=1'],
    ['2d6ro1', '2d6ro=1'],
    ['1d6r<=2', '1d6r<=2'],
    ['4d6r1', '4d6r=1'],
    ['4d6r', '4d6r=1'],
    ['4dFr', '4dFr=-1'],
    ['1d6r!=1', '1d6r<>1'],
    ['4d6kh3r1', '4d6r=1kh3'],
    // compounding and penetrating explosions
    ['2d6!!', '2d6!!'],
    ['3d6!!>=5', '3d6!!>=5'],
    ['1d6!!5', '1d6!!=5'],
    ['2d6!p', '2d6!p'],
    ['2d6!p=6', '2d6!p=6'],
    ['2d6!!p', '2d6!!p'],
    ['5d10>=8!!', '5d10>=8!!'],
    ['5d10!!>=8', '5d10!!>=8'],
    ['5d10 >=8 !p', '5d10>=8!p'],
    ['4d6!!kh3', '4d6!!kh3'],
    // success targets, failures
    ['6d10>=7f=1', '6d10>=7f=1'],
    ['6d10>=7f1', '6d10>=7f=1'],
    ['6d10>=7f<>1', '6d10>=7f<>1'],
    ['6d10>=7f!=1', '6d10>=7f<>1'],
    ['6d10f=1>=7', '6d10>=7f=1'],
    ['8d10=10', '8d10=10'],
    ['4d6<>3', '4d6<>3'],
    ['4d6<>3cs!=5', '4d6<>3cs<>5'],
    ['2d20<=12cs<=1cf>=20f=20', '2d20<=12f=20cs<=1cf>=20'],
    ['2*(6d10>=7)', '2*6d10>=7'],
  ])('%s -> %s', (text, notation) => {
    const e = parseDice(text);
    expect(e.notation).toBe(notation);
    expect(parseDice(e.notation).notation).toBe(notation);
  });

  it('builds the tree and the terms', () => {
    const e = parseDice('2*(1d8+3)');
    expect(e.flat).toBe(false);
    expect(e.terms.map((t) => t.text)).toEqual(['2', '1d8', '3']);
    expect(e.root.parts[0]).toMatchObject({ kind: 'op', op: '*', left: { kind: 'const', value: 2 }, right: { kind: 'sum' } });
    expect(parseDice('2d6+1d4-1').flat).toBe(true);
    expect(parseDice('2d6ro=1').terms[0]).toMatchObject({ reroll: { once: true, when: { op: '=', n: 1 } } });
    expect(parseDice('2d6!!p').terms[0]).toMatchObject({ explode: 'max', compound: true, penetrate: true });
    expect(parseDice('6d10>=7f=1').terms[0]).toMatchObject({ success: { op: '>=', n: 7 }, failure: { op: '=', n: 1 } });
    expect(parseDice('6d10>=7f=1').mode).toBe('successes');
  });

  it('keeps the old readings: !=N after ! is still "explode on N", and 1d6!5 explodes on 5', () => {
    expect(parseDice('4d6!=3').terms[0]).toMatchObject({ explode: { op: '=', n: 3 }, success: null });
    expect(parseDice('1d6!5').notation).toBe('1d6!=5');
  });
});

describe('parseDice: the new forms explain what is wrong', () => {
  it.each([
    ['1d6r<=6', 3, /every face of this die is re-rolled \(r<=6\), so the roll would never end/],
    ['1d6r>=1', 3, /never end/],
    ['1d1r', 3, /never end/],
    ['d{2,2}r2', 6, /never end/],
    ['1d6r<>7', 3, /never end/],
    ['1d6r<=5!', 7, /every face left after the re-roll explodes/],
    ['1d6r1r2', 5, /only one re-roll/],
    ['1d6!!!', 5, /only one explosion/],
    ['1d6!p!!', 5, /only one explosion/],
    ['6d10f=1', 4, /f counts failures against successes: give a success target too/],
    ['6d10>=7f', 8, /expected a comparison/],
    ['6d10>=7f=1f=2', 10, /only one failure count/],
    ['8d10=10=9', 7, /only one success target/],
    ['4d6<3', 3, /'<' alone is ambiguous/],
    ['4d6!=3<>2<>1', 9, /only one success target/],
    ['3d6+2d6<>3', 4, /cannot mix success counting/],
    ['1d20/(1d4-2)', 4, /cannot divide by 1d4-2: it can be 0 \(it goes from -1 to 2\)/],
    ['1d20/0', 4, /cannot divide by 0: it can be 0;/],
    ['1d6/(6d6>=5)', 3, /cannot divide by 6d6>=5/],
    ['1000000*1000000*2', 15, /can reach 2,000,000,000,000: values are limited to ±1,000,000,000,000/],
    ['(1d6', 4, /expected .*'\)' to close the '\(' at position 1/],
    ['floor(1d6/2', 11, /'\)' to close the 'floor\(' at position 1/],
    ['1d6)', 3, /this '\)' closes no '\('/],
    ['()', 1, /expected a number or dice term/],
    ['1d6*', 4, /expected a number or dice term after '\*'/],
    ['1d6**2', 4, /expected a number or dice term/],
    ['abs(1d6)', 0, /unknown function 'abs': the functions are floor\(...\), ceil\(...\) and round\(...\)/],
    ['floor 1d6', 6, /expected '\(' after floor/],
    ['x', 0, /Unexpected 'x' .*expected a number or dice term/],
    ['(1d6)kh1', 5, /expected '\+', '-', '\*', '\/' or the end/],
    ['('.repeat(21) + '1' + ')'.repeat(21), 20, /at most 20 brackets or functions inside one another/],
  ])('%j fails at index %i', (text, index, message) => {
    const e = err(text);
    expect(e.message).toMatch(message);
    expect(e.index).toBe(index);
    expect(e.code).toBe('dice/notation');
  });

  it('never throws from tryParseDice on the new syntax, however garbled', () => {
    for (const text of ['1d6r', '1d6ro', '1d6!!p>=', '((((', '))', '1d6/', 'round(', 'ceil()', '1d6f!=', '2*(', '1d6*-', '-(-(-1d6))', '1d6<>', '1d6!p!p']) {
      expect(() => tryParseDice(text)).not.toThrow();
    }
  });
});

describe('any string: a value, never a throw', () => {
  const piece = fc.constantFrom('1', '2', '6', '0', 'd', 'd6', 'd2', 'r', 'ro', '!', '!!', '!p', 'p', 'k', 'h', 'l', '<', '>', '=', '<>', '!=', 'f', 'cs', 'cf', '+', '-', '*', '/', '(', ')', 'floor(', 'round(', 'ceil(', ' ', 'dF', '{1,2}', 'x');
  it('tryParseDice answers ok or a DiceNotationError; what parses rolls to a whole number, and its odds are computed or refused as too costly', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }).map((a) => a.join('')), (text) => {
        const r = tryParseDice(text);
        if (!r.ok) {
          expect(r.error.code).toBe('dice/notation');
          expect(r.error.index).toBeGreaterThanOrEqual(0);
          expect(r.error.index).toBeLessThanOrEqual(text.length);
          return;
        }
        expect(parseDice(r.expr.notation).notation).toBe(r.expr.notation);
        expect(Number.isInteger(rollDice(r.expr, Prng.fromSeed(text)).total)).toBe(true);
        try {
          distribution(r.expr);
        } catch (e) {
          expect(e).toBeInstanceOf(DiceOddsError);
        }
      }),
      { numRuns: 1500 },
    );
  });
});
