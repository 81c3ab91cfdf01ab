import { describe, expect, it } from 'vitest';
import { viewOf } from '../../../core/index.ts';
import type { Command, RuleModule } from '../../../core/index.ts';
import { engine, kuro, popcorn, swn } from '../../../rules/index.ts';
import { withoutCommands } from '../../shared/words.ts';
import { buildCommand, draftProblems, initialDraft, refusalOf } from './command-form.ts';
import { commandFields } from './command-schema.ts';
import { exampleStates } from './form-walk-kit.ts';

/** A command's form opened from an action, as the dialog opens it, with `typed` typed in; what the dry run says. */
function open(module: RuleModule, state: number, type: string, preset: Record<string, unknown>, typed: Record<string, string> = {}) {
  const enc = exampleStates(module.id)[state]!;
  const fields = (commandFields(module, type) ?? []).filter((f) => f.name !== 'dice' && !(f.name in preset));
  const draft = { ...initialDraft(fields, preset, viewOf(engine, enc)), ...typed };
  const problems = draftProblems(fields, draft);
  const d = engine.decide(enc, buildCommand(type, preset, fields, draft) as Command);
  if (d.ok) return { problems, refusal: null };
  return { problems, refusal: refusalOf(type, { ...d.rejection, message: withoutCommands(d.rejection.message) }, fields) };
}

describe('the command dialog: a refusal about a field is said next to it, in words', () => {
  it('Kuro Power Attack opened with nothing typed: no "invest" in JSON, and nothing above the buttons (it waits for the Invest box)', () => {
    const { problems, refusal } = open(kuro as RuleModule, 1, 'attack', { actor: 'c1', kind: 'power' });
    expect(problems).toEqual({});
    expect(refusal).toEqual({
      message: 'Say how much Strength Kenji invests in the Power Attack: 1 to 3 (his STR).',
      invalid: false,
      errors: { invest: 'Say how much Strength Kenji invests in the Power Attack: 1 to 3 (his STR).' },
    });
    expect(open(kuro as RuleModule, 1, 'attack', { actor: 'c1', kind: 'power' }, { invest: '9' }).refusal?.errors).toEqual({ invest: 'Kenji can invest at most 3 Strength (his STR) in a Power Attack.' });
  });

  it('popcorn Hold with nobody picked: who gets the initiative, next to the To picker, no "(to, or group)"', () => {
    const states = exampleStates('popcorn');
    const withInitiative = states.findIndex((enc) => viewOf(engine, enc).combatants.some((c) => c.actions.some((a) => a.command === 'hold' && a.legal)));
    const actor = viewOf(engine, states[withInitiative]!).combatants.find((c) => c.actions.some((a) => a.command === 'hold' && a.legal))!;
    const { refusal } = open(popcorn as RuleModule, withInitiative, 'hold', { actor: actor.id });
    expect(refusal?.message).toMatch(new RegExp(`^${actor.name} holds: say who gets the initiative; `));
    expect(refusal?.message).not.toMatch(/\(to, or group\)/);
    expect(Object.keys(refusal?.errors ?? {})).toEqual(['to']);
  });

  it("the schema's bound: next to Situational, the rules' range as its number; a cap in words", () => {
    const attack = { actor: 'c1', weapon: 'Laser pistol' };
    expect(open(swn as RuleModule, 2, 'attack', attack, { situational: '25' }).refusal).toMatchObject({ invalid: true, errors: { situational: 'Situational should be at most 20.' } });
    expect(open(swn as RuleModule, 2, 'attack', attack, { situational: '99999999999999999999' }).refusal?.errors).toEqual({ situational: 'Situational should be at most 20.' });
    expect(open(swn as RuleModule, 0, 'damage', {}, { combatants: ['c1'] as never, amount: '2000000' }).refusal?.errors).toEqual({ amount: 'Amount is more than any fight needs.' });
  });
});
