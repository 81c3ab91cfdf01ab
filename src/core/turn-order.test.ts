import { describe, expect, it } from 'vitest';
import type { RoundTrack, Slot } from './turn-order.ts';
import { compareSortKeys, insertSlot, isAboveCurrent, moveSlot, nextSlot, removeMember, sortSlots } from './turn-order.ts';

const slot = (key: string, ...sortKey: number[]): Slot => ({ key, kind: 'actor', members: [key], initiative: sortKey[0] ?? null, sortKey });
const all = (): boolean => true;

describe('turn order as data', () => {
  const slots = sortSlots([slot('a', 5), slot('b', 8), slot('c', 5, 1), slot('d', 2)]);
  const track: RoundTrack = { slots, current: 'a', active: null, done: ['b', 'c'] };

  it('sorts highest first, lexicographically, stable for equal keys', () => {
    expect(slots.map((s) => s.key)).toEqual(['b', 'c', 'a', 'd']);
    expect(compareSortKeys([5], [5, 0])).toBeGreaterThan(0);
  });

  it('the next slot is the first unfinished one below the current', () => {
    expect(nextSlot(track, all)?.key).toBe('d');
    expect(nextSlot({ ...track, done: ['b', 'c', 'd'] }, all)).toBeNull();
    expect(nextSlot(track, (id) => id !== 'd')).toBeNull();
  });

  it('inserting a slot above the current one does not move the turn', () => {
    const t = insertSlot(track, slot('e', 9));
    expect(t.current).toBe('a');
    expect(t.slots.map((s) => s.key)).toEqual(['e', 'b', 'c', 'a', 'd']);
    expect(isAboveCurrent(t, 'e')).toBe(true);
    expect(nextSlot(t, all)?.key).toBe('d');
  });

  it('an equal newcomer goes after those already there', () => {
    expect(insertSlot(track, slot('e', 5)).slots.map((s) => s.key)).toEqual(['b', 'c', 'a', 'e', 'd']);
  });

  it('moving slots keeps the current key; an unfinished slot moved above is still reached', () => {
    const t = moveSlot(track, 'd', 'b', 'before');
    expect(t.slots.map((s) => s.key)).toEqual(['d', 'b', 'c', 'a']);
    expect(t.current).toBe('a');
    expect(nextSlot(t, all)?.key).toBe('d');
  });

  it('removing the current member keeps its slot key so the next one is found', () => {
    const t = removeMember(track, 'a');
    expect(t.current).toBe('a');
    expect(nextSlot(t, all)?.key).toBe('d');
  });
});
