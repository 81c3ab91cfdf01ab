import { describe, expect, it } from 'vitest';
import { clampTrack, sideIdFor, uniqueName } from './combatant.ts';

describe('uniqueName', () => {
  it('keeps a free name and numbers duplicates: "duplicates become Goblin 2"', () => {
    expect(uniqueName('Goblin', [])).toBe('Goblin');
    expect(uniqueName('Goblin', ['Goblin'])).toBe('Goblin 2');
    expect(uniqueName('Goblin', ['Goblin', 'Goblin 2'])).toBe('Goblin 3');
    expect(uniqueName('goblin', ['Goblin'])).toBe('goblin 2');
    expect(uniqueName('  Thug ', [])).toBe('Thug');
  });
  it('reuses a number freed by a removed combatant', () => {
    expect(uniqueName('Goblin', ['Goblin', 'Goblin 3'])).toBe('Goblin 2');
  });
});

describe('tracks and sides', () => {
  it('clamps to min (default 0) and max', () => {
    expect(clampTrack({ value: 5, max: 10 }, -3)).toBe(0);
    expect(clampTrack({ value: 5, max: 10 }, 14)).toBe(10);
    expect(clampTrack({ value: 5, min: -10 }, -3)).toBe(-3);
  });
  it('derives side ids from names', () => {
    expect(sideIdFor('The Crew!')).toBe('the-crew');
    expect(sideIdFor('***')).toBe('side');
  });
});
