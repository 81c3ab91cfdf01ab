import { describe, expect, it } from 'vitest';
import { clampTrack, newcomerName, sideIdFor, uniqueName } from './combatant.ts';

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

// Issue 20, item 5: "with two hidden "Ninja", a new visible one is named "Ninja 3"": automatic numbering
// players see must not reveal the hidden.
describe('newcomerName', () => {
  const ninjas = [{ id: 'c1', name: 'Ninja', hidden: true }, { id: 'c2', name: 'Ninja 2', hidden: true }];
  it('numbers a visible newcomer among the visible only; a hidden one holding the name takes the next free number', () => {
    expect(newcomerName('Ninja', false, ninjas)).toEqual({ name: 'Ninja', renamed: { id: 'c1', name: 'Ninja 3' } });
    expect(newcomerName('Ninja', false, [...ninjas, { id: 'c3', name: 'ninja 3', hidden: false }])).toEqual({ name: 'Ninja', renamed: { id: 'c1', name: 'Ninja 4' } });
    expect(newcomerName('Ninja', false, [{ id: 'c1', name: 'Ninja', hidden: false }, ...ninjas.slice(1)])).toEqual({ name: 'Ninja 2', renamed: { id: 'c2', name: 'Ninja 3' } });
    expect(newcomerName('Ninja', false, [{ id: 'c1', name: 'Goblin', hidden: true }])).toEqual({ name: 'Ninja' });
  });
  it('numbers a hidden newcomer among everyone', () => {
    expect(newcomerName('Ninja', true, ninjas)).toEqual({ name: 'Ninja 3' });
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
