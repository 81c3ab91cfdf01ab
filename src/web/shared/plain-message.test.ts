import { describe, expect, it } from 'vitest';
import { plainMessage } from './plain-message.ts';

describe('plainMessage', () => {
  it("says zod's refusals in words", () => {
    expect(plainMessage('Orc: attacks.0.hit: Invalid input: expected string, received undefined.')).toBe('Orc: Attacks 1 › Hit is missing.');
  });
  it("names a list item in words before a rule's own sentence", () => {
    expect(plainMessage('Orc: attacks.0.hit: "lots" is neither a bonus on the d20 (e.g. +4) nor a roll (e.g. 2d6+1).')).toBe(
      'Orc: Attacks 1 › Hit: "lots" is neither a bonus on the d20 (e.g. +4) nor a roll (e.g. 2d6+1).',
    );
    expect(plainMessage('Orc: stats.attacks.1.damage: Unexpected \'x\' at position 1 in "x".')).toBe('Orc: Attacks 2 › Damage: Unexpected \'x\' at position 1 in "x".');
  });
  it('leaves the engine\'s sentences and rolls alone', () => {
    const text = 'Pat: attack on Nox with bow: 13 vs 12 (1d20+5: [8] + 5 = 13), hit. It is not Nox\'s turn (it is Pat\'s).';
    expect(plainMessage(text)).toBe(text);
  });
});
