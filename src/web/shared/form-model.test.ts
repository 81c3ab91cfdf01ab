import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { swn } from '../../rules/swn/index.ts';
import { popcornCommands } from '../../rules/popcorn/commands.ts';
import { FormError, draftOf, fieldOf, isRows, labelOf, valueOf } from './form-model.ts';
import type { Draft, Field, JsonSchema, NamedField } from './form-model.ts';

const json = (s: z.ZodType): JsonSchema => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
const fieldsOf = (s: z.ZodType): readonly NamedField[] => {
  const f = fieldOf(json(s));
  if (f.kind !== 'object') throw new Error('not an object');
  return f.fields;
};
const byName = (fields: readonly NamedField[], name: string): Field => fields.find((f) => f.name === name)!.field;

describe('forms generated from a module schema', () => {
  const stats = fieldsOf(swn.stats);

  it('reads kinds, bounds and defaults from the zod schema', () => {
    expect(byName(stats, 'ac')).toEqual({ kind: 'number', integer: true, min: 0, max: 100, default: 10 });
    expect(byName(stats, 'vigilant')).toEqual({ kind: 'boolean', default: false });
    expect(byName(stats, 'skills').kind).toBe('record');
    const weapons = byName(stats, 'weapons');
    expect(weapons.kind).toBe('list');
    if (weapons.kind === 'list' && weapons.item.kind === 'object') {
      expect(weapons.item.fields.filter((f) => f.required).map((f) => f.name)).toEqual(['name', 'damage']);
      expect(byName(weapons.item.fields, 'kind')).toEqual({ kind: 'enum', options: ['melee', 'ranged'], default: 'melee' });
      expect(byName(weapons.item.fields, 'attributes').kind).toBe('multi');
    }
    // hp has no default: left empty in the form.
    expect(draftOf(byName(stats, 'hp'))).toBe('');
    expect(draftOf(byName(stats, 'ac'))).toBe('10');
  });

  it('turns a filled-in draft back into stats the module accepts', () => {
    const draft: Record<string, Draft> = {};
    for (const f of stats) draft[f.name] = draftOf(f.field);
    draft.hp = '12';
    draft.dexMod = '2';
    draft.skills = { rows: [['shoot', '1']] };
    draft.weapons = [{ name: 'Laser pistol', damage: '1d6', kind: 'ranged', damageBonus: '0', lessLethal: false, attributes: [], skill: '', shock: { damage: '', ac: '' } }];
    const values: Record<string, unknown> = {};
    for (const f of stats) {
      const v = valueOf(f.field, draft[f.name], f.name);
      if (v !== undefined) values[f.name] = v;
    }
    expect(values).toMatchObject({ hp: 12, ac: 10, dexMod: 2, skills: { shoot: 1 }, weapons: [{ name: 'Laser pistol', damage: '1d6', kind: 'ranged' }] });
    // The empty Shock is left out rather than sent half-filled.
    expect((values.weapons as Record<string, unknown>[])[0]).not.toHaveProperty('shock');
    expect(swn.stats.safeParse(values).success).toBe(true);
  });

  it('names the field that does not parse', () => {
    expect(() => valueOf(byName(stats, 'ac'), 'ten', 'ac')).toThrow(FormError);
    expect(() => valueOf(byName(stats, 'ac'), '1.5', 'ac')).toThrow(/ac: "1.5" is not a whole number/);
  });

  it('reads an existing value back into a draft (editing a combatant)', () => {
    const d = draftOf(byName(stats, 'skills'), { shoot: 2, notice: 0 });
    expect(isRows(d) && d.rows).toEqual([
      ['shoot', '2'],
      ['notice', '0'],
    ]);
  });

  it('treats an optional `true` literal as a tick box that is absent unless ticked', () => {
    const delay = fieldsOf(popcornCommands.delay);
    const discretion = byName(delay, 'discretion');
    expect(discretion).toEqual({ kind: 'boolean', trueOnly: true });
    expect(valueOf(discretion, false)).toBeUndefined();
    expect(valueOf(discretion, true)).toBe(true);
    expect(byName(delay, 'type')).toEqual({ kind: 'const', value: 'delay' });
  });

  it('keeps a number-or-dice field as typed', () => {
    const f = fieldOf({ anyOf: [{ type: 'integer' }, { type: 'string' }] });
    expect(f.kind).toBe('number-or-text');
    expect(valueOf(f, '5')).toBe(5);
    expect(valueOf(f, '1d6+3')).toBe('1d6+3');
  });

  it('labels fields the way a sheet does', () => {
    expect(labelOf('attackBonus')).toBe('Attack bonus');
    expect(labelOf('hp')).toBe('HP');
    expect(labelOf('REA')).toBe('REA');
    expect(labelOf('gmPoolMax')).toBe('GM pool max');
  });
});
