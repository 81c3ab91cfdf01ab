import { describe, expect, it } from 'vitest';
import type { EncounterState } from './state.ts';
import { withCore, withModule } from './state.ts';

const base: EncounterState = {
  rules: { id: 'custom', version: 1 },
  options: {},
  title: 'Test',
  status: 'ended',
  endedFrom: 'running',
  round: 2,
  inTurn: ['a'],
  sides: {},
  sideOrder: [],
  combatants: {},
  roster: [],
  nextCombatant: 1,
  nextCondition: 1,
  clock: null as unknown as EncounterState['clock'],
  module: { m: 1 },
};
const { endedFrom: _ended, ...open } = base;
const running: EncounterState = { ...open, status: 'running' };

describe('withCore and withModule', () => {
  it('replace only what they are given, every key kept in its place (an ended encounter keeps endedFrom)', () => {
    for (const state of [base, running]) {
      const core = withCore(state, { round: 3, inTurn: [] });
      expect(core).toEqual({ ...state, round: 3, inTurn: [] });
      expect(Object.keys(core)).toEqual(Object.keys(state));
      const module = withModule(state, { m: 2 });
      expect(module).toEqual({ ...state, module: { m: 2 } });
      expect(Object.keys(module)).toEqual(Object.keys(state));
    }
    expect(withCore(base, {}).endedFrom).toBe('running');
    expect('endedFrom' in withCore(running, {})).toBe(false);
  });
});
