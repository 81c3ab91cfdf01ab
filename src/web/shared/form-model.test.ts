import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { swn } from '../../rules/swn/index.ts';
import { popcorn } from '../../rules/popcorn/index.ts';
import { FormError, addLabel, draftOf, fieldLabel, fieldOf, isRows, itemLabel, labelOf, optionLabel, valueOf } from './form-model.ts';
import { pathLabel, plainMessage } from './plain-message.ts';
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

  it('names the field that does not parse, with the label the form shows', () => {
    expect(() => valueOf(byName(stats, 'ac'), 'ten', 'ac')).toThrow(FormError);
    expect(() => valueOf(byName(stats, 'ac'), '1.5', 'ac')).toThrow('AC: "1.5" is not a whole number');
    // Inside a list: the item's title ("Weapon 1"), then the field's label; the path still finds the stat.
    const weapons = byName(stats, 'weapons');
    const draft = [{ name: 'Knife', damage: '1d4', damageBonus: 'two' }];
    let err: unknown;
    try {
      valueOf(weapons, draft, 'weapons', 'Weapons');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(FormError);
    expect(err).toMatchObject({ path: 'weapons[1].damageBonus', where: 'Weapon 1 › Damage bonus', message: 'Weapon 1 › Damage bonus: "two" is not a whole number' });
  });

  it("names a list's items by the item schema's title: Weapon, Attack, Hit location (no title: the list's label)", async () => {
    const { custom } = await import('../../rules/custom/index.ts');
    const { fallout } = await import('../../rules/fallout/index.ts');
    const { kuro } = await import('../../rules/kuro/index.ts');
    const { cwn } = await import('../../rules/cwn/index.ts');
    const itemTitle = (s: z.ZodType, name: string): string | undefined => {
      const f = byName(fieldsOf(s), name);
      return f.kind === 'list' ? f.itemTitle : f.kind === 'choice-or-list' ? f.list.itemTitle : 'not a list';
    };
    expect(itemTitle(custom.stats, 'attacks')).toBe('Attack');
    for (const m of [swn, cwn, fallout, kuro]) expect(itemTitle(m.stats, 'weapons'), m.id).toBe('Weapon');
    expect(itemTitle(fallout.stats, 'hitLocations')).toBe('Hit location');
    expect(itemLabel({ itemTitle: 'Attack' }, 'Attacks', 0)).toBe('Attack 1');
    expect(addLabel({ itemTitle: 'Attack' }, 'Attacks')).toBe('+ Add attack');
    expect(addLabel({ itemTitle: 'NPC' }, 'NPCs')).toBe('+ Add NPC');
    expect(itemLabel({}, 'Tags', 1)).toBe('Tags 2');
    expect(addLabel({}, 'Tags')).toBe('+ Tags');
  });

  it('reads an existing value back into a draft (editing a combatant)', () => {
    const d = draftOf(byName(stats, 'skills'), { shoot: 2, notice: 0 });
    expect(isRows(d) && d.rows).toEqual([
      ['shoot', '2'],
      ['notice', '0'],
    ]);
  });

  it('treats an optional `true` literal as a tick box that is absent unless ticked', () => {
    const delay = fieldsOf(popcorn.commands.delay!);
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

  it('reads a title and a help line from the schema (meta or describe), through optional, nullable and default', () => {
    const own = fieldsOf(
      z.object({
        a: z.string().meta({ title: 'Attack name', description: 'e.g. Shortsword' }),
        b: z.number().int().optional().meta({ title: 'Number to beat' }),
        c: z.number().int().meta({ title: 'Inner title' }).nullable().default(null),
        d: z.string().describe('Said under the field'),
        e: z.array(z.string()).default([]).meta({ title: 'Tags' }),
        f: z.number().meta({ title: '  ', description: '' }),
        attackBonus: z.number(),
      }),
    );
    const meta = Object.fromEntries(own.map((f) => [f.name, { title: f.title, help: f.help, label: fieldLabel(f) }]));
    expect(meta).toEqual({
      a: { title: 'Attack name', help: 'e.g. Shortsword', label: 'Attack name' },
      b: { title: 'Number to beat', help: undefined, label: 'Number to beat' },
      c: { title: 'Inner title', help: undefined, label: 'Inner title' },
      d: { title: undefined, help: 'Said under the field', label: 'D' },
      e: { title: 'Tags', help: undefined, label: 'Tags' },
      // A blank title is no title: the label comes from the name.
      f: { title: undefined, help: undefined, label: 'F' },
      attackBonus: { title: undefined, help: undefined, label: 'Attack bonus' },
    });
    // The kinds and values are unchanged by the titles.
    expect(byName(own, 'b')).toEqual({ kind: 'number', integer: true });
    expect(byName(own, 'c')).toMatchObject({ kind: 'number', nullable: true });
  });

  it("labels a custom combatant's stored attack in GM words, with a help line each", async () => {
    const { custom } = await import('../../rules/custom/index.ts');
    const attacks = byName(fieldsOf(custom.stats), 'attacks');
    expect(attacks.kind === 'list' && attacks.item.kind === 'object').toBe(true);
    if (attacks.kind !== 'list' || attacks.item.kind !== 'object') return;
    expect(attacks.item.fields.map((f) => [f.name, fieldLabel(f), f.help, f.required])).toEqual([
      ['name', 'Attack name', 'e.g. Shortsword', true],
      ['hit', 'Hit', 'A bonus such as +4, or a roll such as 2d6+1', true],
      ['damage', 'Damage', 'e.g. 1d6+2', false],
      ['vs', 'Number to beat', "Only if not the target's defense", false],
    ]);
  });

  it('labels the other games\' stats as their sheets do, not as raw keys', async () => {
    const { fallout } = await import('../../rules/fallout/index.ts');
    const { kuro } = await import('../../rules/kuro/index.ts');
    const labels = (fields: readonly NamedField[]) => fields.map(fieldLabel);
    expect(labels(fieldsOf(fallout.stats))).toEqual(expect.arrayContaining(['STR', 'PER', 'END', 'CHA', 'INT', 'AGI', 'LUC', 'BODY', 'MIND']));
    const weapons = byName(fieldsOf(fallout.stats), 'weapons');
    if (weapons.kind === 'list' && weapons.item.kind === 'object') expect(labels(weapons.item.fields)).toContain('Combat dice');
    else throw new Error('Fallout weapons are not a list of objects');
    expect(labels(fieldsOf(kuro.stats))).toEqual(['REA', 'REF', 'DEX', 'STR', 'Other characteristics', 'Skills', 'Defence', 'Armour', 'HP', 'Weapons']);
    expect(labels(stats)).toEqual(expect.arrayContaining(['HP', 'AC', 'Attack bonus', 'Dex mod', 'Weapons']));
  });

  it('labels fields the way a sheet does', () => {
    expect(labelOf('attackBonus')).toBe('Attack bonus');
    expect(labelOf('hp')).toBe('HP');
    expect(labelOf('REA')).toBe('REA');
    expect(labelOf('gmPoolMax')).toBe('GM pool max');
  });
});

describe('problems and options in GM words', () => {
  it('says a schema refusal as a GM would (no "Invalid input", no stats.per)', () => {
    const r = z.object({ label: z.string(), n: z.number().int().min(1), cover: z.enum(['half-cover', 'full-cover']), stats: z.object({ per: z.number().max(10) }) }).safeParse({ n: 0, cover: 'x', stats: { per: 'a' } });
    const raw = r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    expect(plainMessage(`act: ${raw}.`)).toBe('act: Label is missing; N should be at least 1; Cover should be one of Half cover, Full cover; Per should be a number.');
    expect(plainMessage('Vasquez is not acting.')).toBe('Vasquez is not acting.');
    expect(pathLabel('stats.weapons.0.damage')).toBe('Weapons 1 › Damage');
  });

  it('labels option values: "half-cover" → "Half cover", names as they are', () => {
    expect(optionLabel('half-cover')).toBe('Half cover');
    expect(optionLabel('agi')).toBe('agi');
    expect(optionLabel('10mm pistol')).toBe('10mm pistol');
  });

  it('a named choice or a list of one’s own (Fallout hit locations) is a choice, not a JSON box', async () => {
    const { fallout } = await import('../../rules/fallout/index.ts');
    const f = byName(fieldsOf(fallout.stats), 'hitLocations');
    expect(f.kind).toBe('choice-or-list');
    if (f.kind !== 'choice-or-list') return;
    expect(f.options).toEqual(['humanoid']);
    expect(draftOf(f)).toBe('humanoid');
    expect(valueOf(f, 'humanoid')).toBe('humanoid');
    const table = [{ location: 'Head', from: 1, to: 5 }, { location: 'Body', from: 6, to: 20 }];
    const draft = draftOf(f, table);
    expect(Array.isArray(draft)).toBe(true);
    expect(valueOf(f, draft)).toEqual(table);
  });

  it('a Kuro skill (a level, or a level with specialisations) is a number box for the level, not a JSON box', async () => {
    const { kuro } = await import('../../rules/kuro/index.ts');
    const skills = byName(fieldsOf(kuro.stats), 'skills');
    expect(skills.kind).toBe('record');
    if (skills.kind !== 'record') return;
    const skill = skills.value;
    expect(skill.kind).toBe('object');
    if (skill.kind !== 'object') return;
    expect(byName(skill.fields, 'level')).toMatchObject({ kind: 'number', integer: true, min: 0, max: 30 });
    expect(byName(skill.fields, 'specialisations')).toMatchObject({ kind: 'record', value: { kind: 'number' } });
    // A new skill: its level typed in; the stats the module accepts.
    const typed = { rows: [['Kenjutsu', { level: '3', specialisations: { rows: [] } }]] } as const satisfies Draft;
    const value = valueOf(skills, typed, 'skills');
    expect(value).toEqual({ Kenjutsu: { level: 3, specialisations: {} } });
    expect(kuro.stats.safeParse({ skills: value }).success).toBe(true);
    // Editing: a bare level and the specialisations already saved come back as they were.
    const saved = { Kenjutsu: { level: 3, specialisations: { Katana: 1 } }, Athletics: 2 };
    const draft = draftOf(skills, saved);
    expect(valueOf(skills, draft, 'skills')).toEqual({ Kenjutsu: { level: 3, specialisations: { Katana: 1 } }, Athletics: { level: 2, specialisations: {} } });
    expect(() => valueOf(skills, { rows: [['Kenjutsu', { level: 'x', specialisations: { rows: [] } }]] }, 'skills')).toThrow(FormError);
  });
});
