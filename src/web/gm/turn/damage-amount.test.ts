import { describe, expect, it } from 'vitest';
import { readAmount, readBarFaces } from './damage-amount.ts';

describe('the damage bar box', () => {
  it('takes a whole number as the amount', () => {
    expect(readAmount(' 7 ', 'damage')).toEqual({ ok: true, amount: 7 });
    expect(readAmount('0', 'heal')).toEqual({ ok: true, amount: 0 });
  });
  it('takes dice notation for the engine to roll, normalised', () => {
    expect(readAmount('2d6', 'damage')).toEqual({ ok: true, notation: '2d6' });
    expect(readAmount('D8 + 2', 'heal')).toEqual({ ok: true, notation: '1d8+2' });
  });
  it('says what is wrong in the GM\'s words', () => {
    expect(readAmount('', 'damage')).toEqual({ ok: false, message: 'Type the damage first: a number (7) or dice to roll (2d6).' });
    expect(readAmount('-3', 'heal')).toMatchObject({ ok: false, message: expect.stringContaining('0 or more') });
    expect(readAmount('2d', 'damage')).toMatchObject({ ok: false, message: expect.stringContaining('"2d" is neither a number (7) nor dice to roll') });
    expect(readAmount('2000000', 'damage')).toEqual({ ok: false, message: 'That is more damage than any fight needs.' });
  });
  it('typed in, blank faces are asked for, never rolled by the app', () => {
    expect(readBarFaces('2d6', false, '')).toEqual({ ok: true, faces: null });
    expect(readBarFaces('2d6', true, '5 4')).toEqual({ ok: true, faces: [5, 4] });
    const blank = readBarFaces('2d6', true, ' ');
    expect(blank.ok).toBe(false);
    expect(!blank.ok && blank.message).toMatch(/^Type the dice, e\.g\. .*the 2d6 rolled at the table.*untick "Type in the dice"/);
    expect(readBarFaces('2d6', true, '7 1')).toMatchObject({ ok: false, message: expect.stringContaining('a d6 shows 1 to 6') });
  });
});
