import { describe, expect, it } from 'vitest';
import { runScript } from '../../../core/index.ts';
import type { RuleModule } from '../../../core/index.ts';
import { custom, engine, fallout, swn } from '../../../rules/index.ts';
import { FormError } from '../../shared/form-model.ts';
import { optionFields, statFields, statsDraft, statsValue } from './stats-form.ts';
import { statsProblem } from './stats-problem.ts';

/** The engine's refusal of adding "Orc" with these stats (as the add form's dry run gets it). */
function refusal(rules: string, stats: Record<string, unknown>): Error {
  const { encounter } = runScript(engine, { rules, combatants: [], commands: [] }, 1);
  if (!encounter) throw new Error('no encounter');
  const d = engine.decide(encounter, { type: 'add-combatant', name: 'Orc', stats });
  if (d.ok) throw new Error('accepted');
  return new Error(d.rejection.message);
}

/** What a typed-in draft that does not parse throws (the form's own check, before the rules). */
function unreadable(module: RuleModule, change: (draft: Record<string, unknown>) => void): unknown {
  const fields = statFields(module);
  const draft = statsDraft(fields) as Record<string, unknown>;
  change(draft);
  try {
    statsValue(fields, draft as Parameters<typeof statsValue>[1]);
  } catch (e) {
    return e;
  }
  throw new Error('read');
}

describe('statsProblem: said next to the stat, with the words of its label', () => {
  it("the rules' refusal of a custom stored attack: next to the attacks, as \"Attack 1 › Hit\"", () => {
    const fields = statFields(custom as RuleModule);
    const p = statsProblem(fields, refusal('custom', { attacks: [{ name: 'Club', hit: 'lots' }] }));
    expect(p.errors).toEqual({ attacks: 'Attack 1 › Hit: "lots" is neither a bonus on the d20 (e.g. +4) nor a roll (e.g. 2d6+1).' });
    expect(p.message).toBe('Orc: Attack 1 › Hit: "lots" is neither a bonus on the d20 (e.g. +4) nor a roll (e.g. 2d6+1).');
    // Where inside the attacks: the first one's hit (the form marks that box, not all four).
    expect(p.paths).toEqual({ attacks: ['0.hit'] });
    const missing = statsProblem(fields, refusal('custom', { attacks: [{ name: 'Club', hit: '+2' }, { name: 'Bite' }] }));
    expect(missing.errors).toEqual({ attacks: 'Attack 2 › Hit is missing.' });
    expect(missing.paths).toEqual({ attacks: ['1.hit'] });
  });

  it('Fallout: "PER", not "Per" or "(stats.per)"', () => {
    const fields = statFields(fallout as RuleModule);
    expect(statsProblem(fields, refusal('fallout', { per: 30, agi: 5 })).errors).toEqual({ per: 'PER should be at most 20.' });
    // Each part of the refusal next to its own stat.
    const p = statsProblem(fields, refusal('fallout', {}));
    expect(p.errors).toEqual({ per: "PER: a character's initiative needs PER and AGI.", agi: "AGI: a character's initiative needs PER and AGI." });
    expect(p.message).toBe("Orc: PER: a character's initiative needs PER and AGI; AGI: a character's initiative needs PER and AGI.");
    expect(statsProblem(fields, refusal('fallout', { per: 30 })).errors).toEqual({ per: 'PER should be at most 20.', agi: "AGI: a character's initiative needs PER and AGI." });
  });

  it('a number that does not parse: the stat by its label, an item of a list by its title, next to the list', () => {
    const fo = statFields(fallout as RuleModule);
    const per = unreadable(fallout as RuleModule, (d) => (d.per = 'five'));
    expect(per).toBeInstanceOf(FormError);
    expect(statsProblem(fo, per)).toEqual({ message: 'PER: "five" is not a whole number', errors: { per: 'PER: "five" is not a whole number' }, paths: { per: [''] } });
    const sw = statFields(swn as RuleModule);
    const weapon = unreadable(swn as RuleModule, (d) => (d.weapons = [{ name: 'Knife', damage: '1d4', damageBonus: 'two' }]));
    expect(statsProblem(sw, weapon)).toEqual({
      message: 'Weapon 1 › Damage bonus: "two" is not a whole number',
      errors: { weapons: 'Weapon 1 › Damage bonus: "two" is not a whole number' },
      paths: { weapons: ['0.damageBonus'] },
    });
  });

  it('a refusal about no one stat is said under the form, in words', () => {
    const p = statsProblem(statFields(swn as RuleModule), new Error('Orc: the encounter is over.'));
    expect(p).toEqual({ message: 'Orc: the encounter is over.', errors: {}, paths: {} });
  });
});

describe("a new encounter's options: each problem next to its option, in words (issue 21)", () => {
  const refusedOptions = (rules: string, options: Record<string, unknown>): Error => {
    const c = engine.create({ rules, options, seed: 1 });
    if (c.ok) throw new Error('accepted');
    return new Error(c.rejection.message);
  };

  it('Fallout: a negative maximum, and a start above it, next to each; no "partyPoolMax" or "Too small"', () => {
    const fields = optionFields(fallout as RuleModule);
    const p = statsProblem(fields, refusedOptions('fallout', { partyPoolMax: -1, partyPoolStart: 3 }));
    expect(p.errors).toEqual({
      partyPoolMax: 'Party pool max cannot be negative.',
      partyPoolStart: 'Party pool start: cannot be more than the party pool holds (Party pool max).',
    });
    expect(statsProblem(fields, refusedOptions('fallout', { gmPoolStart: 2000 })).errors).toEqual({ gmPoolStart: 'GM pool start is more than any fight needs.' });
  });

  it("custom: a formula with a stat's name in it, next to the Formula", () => {
    const p = statsProblem(optionFields(custom as RuleModule), refusedOptions('custom', { formula: '1d20+DEX' }));
    expect(p.errors).toEqual({ formula: 'Formula: "1d20+DEX" cannot be rolled: "DEX" is not a number or dice (write numbers: 1d20+2, not 1d20+DEX).' });
  });
});
