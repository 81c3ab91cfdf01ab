import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { party, refused } from '../../campaign/testing.ts';
import { runScript } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
import { custom } from '../../rules/custom/index.ts';
import { fallout } from '../../rules/fallout/index.ts';
import { kuro } from '../../rules/kuro/index.ts';
import { swn } from '../../rules/swn/index.ts';
import { fieldOf } from './form-model.ts';
import type { JsonSchema, NamedField } from './form-model.ts';
import { aboutField, pathLabel, plainMessage, statsOfMessage } from './plain-message.ts';

const fieldsOf = (s: z.ZodType): readonly NamedField[] => {
  const f = fieldOf(z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
  if (f.kind !== 'object') throw new Error('not an object');
  return f.fields;
};

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
    expect(plainMessage(text, fieldsOf(custom.stats))).toBe(text);
  });
});

/** What the engine says (the dry run of an add), said with the labels the form shows. */
describe('plainMessage with the form\'s fields: the words of the labels', () => {
  const customFields = fieldsOf(custom.stats);
  const falloutFields = fieldsOf(fallout.stats);

  it("a custom combatant's stored attack: the item's title and each field's title", () => {
    expect(plainMessage('Orc: attacks.0.hit: "lots" is neither a bonus on the d20 (e.g. +4) nor a roll (e.g. 2d6+1).', customFields)).toBe(
      'Orc: Attack 1 › Hit: "lots" is neither a bonus on the d20 (e.g. +4) nor a roll (e.g. 2d6+1).',
    );
    expect(plainMessage('Orc: attacks.1.name: two attacks are called "a": give each its own name.', customFields)).toBe(
      'Orc: Attack 2 › Attack name: two attacks are called "a": give each its own name.',
    );
    // 1,000 is the program's cap, not a range of the rules: said as what it means.
    expect(plainMessage('Orc: attacks.0.vs: Too big: expected number to be <=1000.', customFields)).toBe('Orc: Attack 1 › Number to beat is more than any fight needs.');
    expect(plainMessage('Orc: stats.attacks.0.damage: Unexpected \'x\' at position 1 in "x".', customFields)).toBe('Orc: Attack 1 › Damage: Unexpected \'x\' at position 1 in "x".');
  });

  it('Fallout: "PER" as on the sheet, the weapon\'s "Combat dice", no "(stats.per)"', () => {
    expect(plainMessage('Orc: per: Too big: expected number to be <=20.', falloutFields)).toBe('Orc: PER should be at most 20.');
    expect(
      plainMessage("Orc: per: a character's initiative needs PER and AGI (stats.per); agi: a character's initiative needs PER and AGI (stats.agi).", falloutFields),
    ).toBe("Orc: PER: a character's initiative needs PER and AGI; AGI: a character's initiative needs PER and AGI.");
    expect(plainMessage('Orc: weapons.0.damage: Too big: expected number to be <=30.', falloutFields)).toBe('Orc: Weapon 1 › Combat dice should be at most 30.');
    // A name typed in a table stays as typed.
    expect(plainMessage('Orc: dr.wing: "wing" is not a hit location (use all or one of: head, torso).', falloutFields)).toBe(
      'Orc: DR › wing: "wing" is not a hit location (use all or one of: head, torso).',
    );
    expect(pathLabel('hitLocations.0.from', falloutFields)).toBe('Hit location 1 › From');
  });

  it('SWN and Kuro: weapons by their item title, untitled stats by their name', () => {
    const swnFields = fieldsOf(swn.stats);
    expect(plainMessage('Orc: ac: Too big: expected number to be <=100.', swnFields)).toBe('Orc: AC should be at most 100.');
    expect(plainMessage('Orc: weapons.0.damage: Invalid input: expected string, received undefined.', swnFields)).toBe('Orc: Weapon 1 › Damage is missing.');
    expect(plainMessage('Orc: other.p: Invalid key in record.', fieldsOf(kuro.stats))).toBe('Orc: Other characteristics › p: not a name that can be used here.');
  });

  it('finds the stat a refusal is about, after the combatant\'s name', () => {
    const raw = 'Orc: attacks.0.hit: "lots" is neither a bonus on the d20 (e.g. +4) nor a roll (e.g. 2d6+1).';
    expect(statsOfMessage(raw, customFields)).toEqual([{ name: 'attacks', index: 5, path: '0.hit' }]);
    const two = 'Orc: stats.per: Too big: expected number to be <=20; agi: x.';
    expect(statsOfMessage(two, falloutFields)).toEqual([
      { name: 'per', index: 5, path: '' },
      { name: 'agi', index: two.indexOf('agi:'), path: '' },
    ]);
    expect(statsOfMessage('Orc is not acting.', falloutFields)).toEqual([]);
  });

  it('the campaign\'s paths too ("stats.weapons[0].damage")', () => {
    const raw = 'Raider: stats.weapons[0].damage: Too big: expected number to be <=30.';
    expect(plainMessage(raw, falloutFields)).toBe('Raider: Weapon 1 › Combat dice should be at most 30.');
    expect(plainMessage('Pat: stats.attacks[1].hit: "lots" is neither a bonus on the d20 (e.g. +4) nor a roll (e.g. 2d6+1).', customFields)).toBe(
      'Pat: Attack 2 › Hit: "lots" is neither a bonus on the d20 (e.g. +4) nor a roll (e.g. 2d6+1).',
    );
    expect(statsOfMessage(raw, falloutFields)).toEqual([{ name: 'weapons', index: 8, path: '0.damage' }]);
  });
});

/** Issue 21: a refusal in code or validator language becomes a GM sentence, the field named by its label. */
describe('plainMessage: bounds, formulas and choices in GM words', () => {
  it('a cap of the program is said as what it means, a range of the rules as its number, once', () => {
    expect(plainMessage('amount: Too big: expected number to be <=1000000.')).toBe('Amount is more than any fight needs.');
    expect(plainMessage('partyPoolMax: Too small: expected number to be >=0.')).toBe('Party pool max cannot be negative.');
    // zod says both bounds of a huge whole number: the tighter one is kept, the largest safe integer never said.
    expect(plainMessage('hp: Too big: expected int to be <=9007199254740991; hp: Too big: expected number to be <=100000.')).toBe('HP is more than any fight needs.');
    expect(plainMessage('situational: Too big: expected int to be <=9007199254740991; situational: Too big: expected number to be <=20.')).toBe('Situational should be at most 20.');
    expect(plainMessage('invest: Too small: expected number to be >=-1000.')).toBe('Invest is lower than any fight needs.');
    expect(plainMessage('label: Too big: expected string to have <=200 characters.')).toBe('Label is too long: at most 200 characters.');
  });

  it('a formula with a stat\'s name in it: what was typed and what to type instead, next to the Formula', () => {
    const created = engine.create({ rules: 'custom', options: { formula: '1d20+DEX' }, seed: 1 });
    if (created.ok) throw new Error('accepted');
    const fields = fieldsOf(custom.options);
    expect(plainMessage(created.rejection.message, fields)).toBe('Custom options: Formula: "1d20+DEX" cannot be rolled: "DEX" is not a number or dice (write numbers: 1d20+2, not 1d20+DEX).');
    expect(statsOfMessage(created.rejection.message, fields).map((s) => s.name)).toEqual(['formula']);
    // A die the parser does not know, after a number: said as such, with no {faces}.
    expect(plainMessage(`roll: Invalid 'X' at position 3 in "4dX": unknown named die 'dX': expected the number of sides, %, {faces} or dC, dK, dF.`, fieldsOf(z.object({ roll: z.string() })))).toBe(
      'Roll: "4dX" cannot be rolled (at \'X\'): there is no die "dX" (a die is written d and its number of sides, as d6 or d20, or dF, dC, dK).',
    );
  });

  it("the core's text check: the field by its label, not its key in quotes, and no command name first", () => {
    const enc = runScript(engine, { rules: 'swn', combatants: [{ name: 'Orc' }], commands: [] }, 1);
    if (!enc.ok) throw new Error(enc.rejection.message);
    const d = engine.decide(enc.encounter, { type: 'update-combatant', combatant: 'Orc', gmNotes: 'Ogre\u202Egnik' });
    if (d.ok) throw new Error('accepted');
    expect(plainMessage(d.rejection.message)).toBe('GM notes: contains U+202E, a right-to-left or left-to-right override: it would make the text after it read backwards, so remove it.');
  });

  it('a choice left unmade in a discriminated union: its options in words', () => {
    expect(plainMessage("action: Invalid discriminator value. Expected 'aim' | 'draw-item' | 'first-aid'.")).toBe('Action should be one of aim, Draw item, First aid.');
  });
});

describe('aboutField: a refusal about a field of a form of its own (the campaign\'s PC name)', () => {
  it('the campaign\'s duplicate name, said next to the Name', () => {
    const { campaign } = party();
    const taken = refused(campaign, { type: 'add-pc', name: 'VASQUEZ' });
    expect(aboutField(taken.message, 'name')).toBe('There is already a PC called "Vasquez".');
    expect(aboutField(taken.message, 'hp')).toBeNull();
    expect(aboutField('Nothing to change on Lee.', 'name')).toBeNull();
  });
});
