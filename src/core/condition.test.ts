import { describe, expect, it } from 'vitest';
import type { Condition } from './condition.ts';
import { armAt, expiresAt } from './condition.ts';

describe('condition durations', () => {
  it('N rounds expire when round R + N starts', () => {
    const k: Condition = { id: 'k1', name: 'Stunned', duration: { kind: 'rounds', rounds: 2 }, expiresAtRound: 4 };
    expect(expiresAt(k, { kind: 'round-started', round: 3 })).toBe(false);
    expect(expiresAt(k, { kind: 'round-started', round: 4 })).toBe(true);
  });
  it('until the start of a combatant\'s next turn', () => {
    const k: Condition = { id: 'k1', name: 'Marked', duration: { kind: 'turn-start', of: 'c2' } };
    expect(expiresAt(k, { kind: 'turn-started', actors: ['c1'] })).toBe(false);
    expect(expiresAt(k, { kind: 'turn-started', actors: ['c1', 'c2'] })).toBe(true);
  });
  it('until the end of the next turn waits for that turn to start when applied during it', () => {
    const k: Condition = { id: 'k1', name: 'Dodging', duration: { kind: 'turn-end', of: 'c1' }, waitForTurnStart: true };
    expect(expiresAt(k, { kind: 'turn-ended', actors: ['c1'] })).toBe(false);
    const armed = armAt(k, { kind: 'turn-started', actors: ['c1'] });
    expect(expiresAt(armed, { kind: 'turn-ended', actors: ['c1'] })).toBe(true);
  });
  it('until removed never expires by itself', () => {
    const k: Condition = { id: 'k1', name: 'Prone', duration: { kind: 'until-removed' } };
    expect(expiresAt(k, { kind: 'round-started', round: 99 })).toBe(false);
    expect(expiresAt(k, { kind: 'turn-ended', actors: ['c1'] })).toBe(false);
  });
});
