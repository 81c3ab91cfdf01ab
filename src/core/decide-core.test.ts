import { describe, expect, it } from 'vitest';
import { custom } from '../rules/custom/index.ts';
import type { RuleModule } from './rule-module.ts';
import { createEngine } from './engine.ts';
import type { Encounter } from './encounter.ts';

const engine = createEngine([custom as RuleModule]);

/** A fresh encounter with commands applied; throws on a rejection. */
function play(commands: unknown[]): Encounter {
  const created = engine.create({ rules: 'custom', seed: 7, title: 'Test' });
  if (!created.ok) throw new Error(created.rejection.message);
  let enc = engine.apply(engine.replay([]), created.events).encounter;
  for (const c of commands) {
    const r = engine.execute(enc, c);
    if (!r.ok) throw new Error(`${JSON.stringify(c)}: ${r.rejection.code} ${r.rejection.message}`);
    enc = r.encounter;
  }
  return enc;
}

const vasquez = { type: 'add-combatant', name: 'Vasquez', kind: 'pc', hp: 10 };
const hp = (enc: Encounter) => enc.state.combatants.c1!.tracks.hp;

describe('set-track: a new maximum', () => {
  it('raising the maximum of full HP raises HP with it', () => {
    expect(hp(play([vasquez, { type: 'set-track', combatant: 'Vasquez', track: 'hp', max: 12 }]))).toEqual({ value: 12, max: 12 });
  });
  it('HP 0 of 0 (never set) is full too: a maximum given fills it', () => {
    const enc = play([{ ...vasquez, hp: 0 }, { type: 'set-track', combatant: 'Vasquez', track: 'hp', max: 12 }]);
    expect(hp(enc)).toEqual({ value: 12, max: 12 });
  });
  it('hurt, the damage is kept; a value given is taken as it is; a maximum below HP still needs the value', () => {
    expect(hp(play([vasquez, { type: 'damage', combatants: ['Vasquez'], amount: 4 }, { type: 'set-track', combatant: 'Vasquez', track: 'hp', max: 12 }]))).toEqual({ value: 6, max: 12 });
    expect(hp(play([vasquez, { type: 'set-track', combatant: 'Vasquez', track: 'hp', max: 12, value: 10 }]))).toEqual({ value: 10, max: 12 });
    expect(engine.decide(play([vasquez]), { type: 'set-track', combatant: 'Vasquez', track: 'hp', max: 8 })).toMatchObject({ ok: false, rejection: { code: 'track/out-of-bounds' } });
  });
  it('other tracks than HP keep their value (a pool, Luck: the GM sets it)', () => {
    const enc = play([vasquez, { type: 'set-track', combatant: 'Vasquez', track: 'luck', value: 3, max: 3 }, { type: 'set-track', combatant: 'Vasquez', track: 'luck', max: 5 }]);
    expect(enc.state.combatants.c1!.tracks.luck).toEqual({ value: 3, max: 5 });
  });
});
