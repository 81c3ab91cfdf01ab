import { describe, expect, it } from 'vitest';
import type { RollResult } from '../../../dice/index.ts';
import { blankRolled } from './blank-dice.ts';
import type { DiceHint } from './typed-dice.ts';

const hint = (key: string, notation: string): DiceHint => ({ key, label: key, notation, help: '', combat: false, example: '5, 4' });
const roll = (notation: string, source: 'engine' | 'entered'): RollResult => ({ notation, total: 7, dice: [], tags: [], source }) as unknown as RollResult;

describe('typed-in dice left blank', () => {
  const hints = [hint('hit', '1d20'), hint('damage', '2d6')];
  it('a blank box whose dice the engine rolled is asked for', () => {
    const problems = blankRolled(hints, { hit: '14' }, [
      { key: 'hit', roll: roll('1d20+2', 'entered') },
      { key: 'damage', roll: roll('2d6', 'engine') },
    ]);
    expect(problems).toEqual({ damage: 'Type the 2d6 rolled at the table, e.g. 5, 4 (or untick "Type in the dice" to let the app roll).' });
  });
  it('a blank box whose roll did not happen (a miss\'s damage) is fine, and typed boxes are', () => {
    expect(blankRolled(hints, { hit: '2' }, [{ key: 'hit', roll: roll('1d20', 'entered') }])).toEqual({});
    expect(blankRolled(hints, { hit: '14', damage: '5 4' }, [{ key: 'Vasquez hit', roll: roll('1d20', 'entered') }, { key: 'damage', roll: roll('2d6', 'entered') }])).toEqual({});
  });
  it('every blank rolled box at once, matched as the hints match (a name before the key)', () => {
    expect(Object.keys(blankRolled(hints, {}, [{ key: 'Vasquez hit', roll: roll('1d20', 'engine') }, { key: 'damage', roll: roll('2d6', 'engine') }]))).toEqual(['hit', 'damage']);
  });
});
