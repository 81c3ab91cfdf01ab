import { describe, expect, it } from 'vitest';
import { DiceNotationError, parseDice, tryParseDice } from './index.ts';

function err(text: string): DiceNotationError {
  const r = tryParseDice(text);
  if (r.ok) throw new Error(`expected "${text}" to fail, got ${r.expr.notation}`);
  return r.error;
}

describe('parseDice: notation', () => {
  it.each([
    ['1d20+3', '1d20+3'],
    ['d20 + 3', '1d20+3'],
    ['  2D6 + 1d4 - 1 ', '2d6+1d4-1'],
    ['d%', '1d100'],
    ['4d6kh3', '4d6kh3'],
    ['4d6k3', '4d6kh3'],
    ['4d6 KH3', '4d6kh3'],
    ['4d6dl1', '4d6dl1'],
    ['2d20kl1', '2d20kl1'],
    ['3d6dh1', '3d6dh1'],
    ['1d6!', '1d6!'],
    ['1d6!>=5', '1d6!>=5'],
    ['1d6!=6', '1d6!=6'],
    ['1d6!5', '1d6!=5'],
    ['1d6!<=1', '1d6!<=1'],
    ['4d6kh3!', '4d6!kh3'],
    ['2d20<=12', '2d20<=12'],
    ['10d6>=5', '10d6>=5'],
    ['2d20<=12cs<=1cf>=20', '2d20<=12cs<=1cf>=20'],
    ['2d20cf>=20cs<=1<=12', '2d20<=12cs<=1cf>=20'],
    ['1d20cs20+5', '1d20cs=20+5'],
    ['4dC', '4dC'],
    ['4dc', '4dC'],
    ['3dK+6', '3dK+6'],
    ['4dF', '4dF'],
    ['d{1,2,0,0,1:effect,1:effect}', '1d{1,2,0,0,1:effect,1:effect}'],
    ['2d{ 1, 2 , -1:Bad:x , +3! }', '2d{1,2,-1:bad:x,3!}'],
    ['-1d4+5', '-1d4+5'],
    ['+1d4', '1d4'],
    ['7', '7'],
    ['0', '0'],
    ['3 - 1', '3-1'],
    ['1000d6', '1000d6'],
    ['1d1000000', '1d1000000'],
    ['10d10 >= 8', '10d10>=8'],
  ])('%s -> %s', (text, notation) => {
    const e = parseDice(text);
    expect(e.notation).toBe(notation);
    expect(parseDice(e.notation).notation).toBe(notation); // normalised notation round-trips
    expect(JSON.stringify(e)).toBe(JSON.stringify(notation));
  });

  it('exposes the terms and the mode', () => {
    const e = parseDice('2d20<=12cs<=1+1');
    expect(e.mode).toBe('successes');
    expect(e.constant).toBe(1);
    expect(e.terms[0]).toMatchObject({ kind: 'dice', count: 2, success: { op: '<=', n: 12 }, crit: { op: '<=', n: 1 } });
    expect(parseDice('3dK').terms[0]).toMatchObject({ die: { name: 'dK', sides: 6 } });
  });
});

describe('parseDice: errors point at the character', () => {
  it('names the character, its position, the notation and what was expected', () => {
    const e = err('3d6+x');
    expect(e).toBeInstanceOf(DiceNotationError);
    expect(e.code).toBe('dice/notation');
    expect(e.index).toBe(4);
    expect(e.notation).toBe('3d6+x');
    expect(e.message).toBe(`Unexpected 'x' at position 5 in "3d6+x": expected a number or dice term`);
    expect(e.pointer).toBe('3d6+x\n    ^');
    expect(() => parseDice('3d6+x')).toThrow(DiceNotationError);
  });

  it.each([
    ['', 0, /Empty dice notation: expected a number or dice term/],
    ['   ', 0, /Empty dice notation/],
    ['0d6', 0, /at least 1 die/],
    ['d0', 1, /at least 1 side/],
    ['4d6kh5', 5, /cannot keep 5 of 4 dice/],
    ['4d6kh0', 5, /keep at least 1/],
    ['4d6dl4', 5, /cannot drop 4 of 4 dice/],
    ['3d6+', 4, /Unexpected end of notation at position 5 .*expected a number or dice term after '\+'/],
    ['3d6-', 4, /after '-'/],
    ['1dX', 2, /unknown named die 'dX'/],
    ['1d', 2, /expected the number of sides/],
    ['1001d6', 0, /at most 1,000 dice/],
    ['1d1000001', 2, /at most 1,000,000 sides/],
    ['2d20<12', 4, /'<' alone is ambiguous/],
    ['10d6>5', 4, /'>' alone is ambiguous/],
    ['1d6!>5', 4, /ambiguous/],
    ['1d6!!!', 5, /only one explosion/],
    ['1d6!p!', 5, /only one explosion/],
    ['1d1!', 3, /every face/],
    ['1d6!>=1', 3, /every face/],
    ['1d{6!,6!}', 8, /every face/],
    ['1d{1,1}!', 7, /every face/],
    ['d{1,2', 5, /expected ',' or '}'/],
    ['d{}', 2, /expected a face value/],
    ['d{1:}', 4, /tag name/],
    ['d{1,x}', 4, /face value/],
    ['3d6 + 2d6<=3', 6, /cannot mix success counting/],
    ['3d6 kh1 kl1', 8, /only one keep\/drop/],
    ['2d20<=12<=3', 8, /only one success target/],
    ['1d6d', 4, /expected 'h' or 'l' after 'd'/],
    ['1d6cx', 4, /'s' or 'f' after 'c'/],
    ['1d6cs', 5, /comparison/],
    ['3d6 3', 4, /expected a modifier .*'\+', '-', '\*', '\/' or the end/],
    ['5 x', 2, /expected '\+', '-', '\*', '\/' or the end/],
    ['1d6+1d20+1d8+'.repeat(1) + 'q', 13, /Unexpected 'q'/],
    ['99999999999999d6', 0, /limited/],
  ])('%j fails at index %i', (text, index, message) => {
    const e = err(text);
    expect(e.index).toBe(index);
    expect(e.message).toMatch(message);
    const lines = e.pointer.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.indexOf('^')).toBe(index);
  });

  it('enforces the face and term limits', () => {
    expect(parseDice(`d{${Array.from({ length: 10_000 }, (_, i) => i).join(',')}}`).terms[0]).toMatchObject({ die: { sides: 10_000 } });
    expect(err(`d{${Array.from({ length: 10_001 }, (_, i) => i).join(',')}}`).message).toMatch(/at most 10,000 faces/);
    expect(err(Array.from({ length: 101 }, () => '1').join('+')).message).toMatch(/at most 100 terms/);
  });

  it('windows long notations in messages and pointers', () => {
    const text = '1d6+'.repeat(40) + 'x';
    const e = err(text);
    expect(e.index).toBe(160);
    expect(e.message.length).toBeLessThan(200);
    const [line, caret] = e.pointer.split('\n') as [string, string];
    expect(line[caret.indexOf('^')]).toBe('x');
  });

  it('tryParseDice rethrows what is not a notation error', () => {
    expect(() => tryParseDice(42 as unknown as string)).toThrow(TypeError);
  });
});

describe('parseDice: dice in one roll (maxDice)', () => {
  it('allows 1,000 dice in a notation by default, all terms together, and points at the term that passes it', () => {
    expect(parseDice('1000d6').notation).toBe('1000d6');
    expect(parseDice('500d6+500d8').notation).toBe('500d6+500d8');
    const e = err('1000d1000+1000d1000');
    expect(e.index).toBe(10);
    expect(e.message).toBe(`Invalid '1' at position 11 in "1000d1000+1000d1000": at most 1,000 dice in one roll, and this term brings it to 2,000`);
    expect(e.pointer).toBe('1000d1000+1000d1000\n          ^');
  });
  it('takes a lower limit: the engine rolls at most 100 dice at once', () => {
    const max = { maxDice: 100 };
    expect(parseDice('100d6', max).notation).toBe('100d6');
    expect(parseDice('60dK+40d6+12', max).notation).toBe('60dK+40d6+12');
    const one = tryParseDice('101d6', max);
    expect(one.ok).toBe(false);
    if (!one.ok) expect(one.error).toMatchObject({ code: 'dice/notation', index: 0, message: `Invalid '1' at position 1 in "101d6": at most 100 dice in one roll` });
    const many = tryParseDice('50d6 + 50d6 + d4', max);
    expect(many.ok).toBe(false);
    if (!many.ok) expect(many.error).toMatchObject({ index: 14, detail: 'at most 100 dice in one roll, and this term brings it to 101' });
    const huge = tryParseDice('1000000d1000000', max);
    expect(huge.ok).toBe(false);
    if (!huge.ok) expect(huge.error.detail).toBe('at most 100 dice in one roll');
  });
  it('names invisible characters by code point instead of quoting them', () => {
    expect(err('1d6\u202e').message).toMatch(/^Unexpected U\+202E \(an invisible character\) at position 4/);
    expect(err('\u0000').message).toMatch(/^Unexpected U\+0000 \(an invisible character\) at position 1/);
    expect(err('1d6+😀').message).toMatch(/^Unexpected '😀' at position 5/);
  });
});
