import { describe, expect, it } from 'vitest';
import { settle } from '../core/index.ts';
import type { EncounterState, EngineEvent, RuleModule } from '../core/index.ts';
import { custom, engine } from '../rules/index.ts';
import { encounterOfScript } from './index.ts';
import { settleReusing } from './step.ts';

const module = custom as RuleModule;

function start(): EncounterState {
  const made = encounterOfScript(engine, {
    rules: 'custom',
    sides: [{ name: 'Party', players: true }, { name: 'Foes' }],
    combatants: [
      { name: 'Asha', kind: 'pc', side: 'Party', hp: 3, stats: { defense: 12, attacks: [{ name: 'Sword', hit: '+2', damage: '1d4' }] } },
      { name: 'Brom', side: 'Foes', hp: 3, stats: { defense: 12, attacks: [{ name: 'Club', hit: '+2', damage: '1d4' }] } },
    ],
  });
  if (!made.ok) throw new Error(made.message);
  return made.encounter.state;
}

const hp = (id: string, from: number, to: number): EngineEvent => ({ type: 'track-changed', id, track: 'hp', from, to, reason: 'test' });
const applied = (from: EncounterState, events: readonly EngineEvent[]) => ({ from, events, to: settle(from, events, module).state });

describe('settleReusing: the final settle, taking the look-aheads a module made', () => {
  const s = start();
  const [a, b] = s.roster as [string, string];
  const down = hp(a, 3, 0);
  const heal = hp(a, 0, 2);
  const keepDown: EngineEvent = { type: 'defeated-set', id: a, defeated: true, reason: 'the decision says so' };
  const hurt = hp(b, 3, 1);
  const events = [down, hurt, heal, keepDown];
  const fresh = settle(s, events, module).state;

  it('gives the state settle gives, from a chain of look-aheads, in pieces or whole', () => {
    const one = applied(s, [down]);
    const two = applied(one.to, [hurt]);
    expect(settleReusing(s, [down, hurt], module, [one, two])).toEqual(settle(s, [down, hurt], module).state);
    expect(settleReusing(s, [down, hurt], module, [one, two])).toBe(two.to);
    expect(settleReusing(s, events, module, [one, two])).toEqual(fresh);
    expect(settleReusing(s, events, module, [applied(s, [down, hurt])])).toEqual(fresh);
  });

  it('does not reuse a look-ahead over a heal: a later event of the decision may keep the combatant down', () => {
    const one = applied(s, [down]);
    // Looked at alone, the heal brings Asha back (settle adds defeated-set false); in the decision, it does
    // not, as its last event keeps her down. A look-ahead that ends somewhere else shows whether it was taken.
    expect(applied(one.to, [heal]).to.combatants[a]!.defeated).toBe(false);
    expect(settle(s, events, module).events.filter((e) => e.type === 'defeated-set')).toHaveLength(2);
    const marked = { from: one.to, events: [heal], to: s };
    expect(settleReusing(s, [down, heal, keepDown], module, [one, marked])).toEqual(settle(s, [down, heal, keepDown], module).state);
    expect(settleReusing(s, events, module, [one, { from: one.to, events: [hurt, heal], to: s }])).toEqual(fresh);
    // Without a heal, the same kind of look-ahead is taken as it is.
    expect(settleReusing(s, [down, hurt], module, [one, { from: one.to, events: [hurt], to: s }])).toBe(s);
  });

  it('ignores look-aheads from another state, over other events, or past the decision', () => {
    const elsewhere = applied(settle(s, [hurt], module).state, [down]);
    const other = applied(s, [hp(a, 3, 2)]);
    const longer = applied(s, [down, hurt, hp(b, 1, 0)]);
    expect(settleReusing(s, [down, hurt], module, [elsewhere, other, longer])).toEqual(settle(s, [down, hurt], module).state);
    expect(settleReusing(s, [], module, [other])).toBe(s);
  });
});
