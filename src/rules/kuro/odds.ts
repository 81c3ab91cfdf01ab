import type { Rejection } from '../../core/index.ts';
import { distribution, parseDice } from '../../dice/index.ts';
import type { Distribution } from '../../dice/index.ts';
import type { AttackInput } from './attack-plan.ts';
import { planAttack } from './attack-plan.ts';
import { checkNotation } from './dice.ts';
import type { KuroOptions } from './options.ts';
import { defaultKuroOptions } from './options.ts';
import type { KuroEncounter } from './state.ts';

export type DiceOptions = Partial<Pick<KuroOptions, 'explodingSixes' | 'unluckyFours'>>;

export interface CheckOdds {
  /** The check in dice notation, as `turnkeeper odds` takes it (e.g. "3dK+6"). */
  readonly notation: string;
  readonly tn: number;
  /** P(total >= tn). */
  readonly p: number;
  readonly distribution: Distribution;
}

function dist(notation: string, explodeDepth?: number): Distribution {
  return distribution(parseDice(notation), explodeDepth === undefined ? {} : { explodeDepth });
}

/**
 * Exact odds of a check: `pool` Kuro dice + `bonus` reaching `tn`. Explosions are followed 8 extra dice
 * deep unless `explodeDepth` says otherwise (the mass beyond is under 1e-6 per die).
 */
export function checkOdds(input: { pool: number; bonus: number; tn: number; options?: DiceOptions; explodeDepth?: number }): CheckOdds {
  if (!Number.isInteger(input.pool) || input.pool < 0) throw new RangeError(`pool must be a whole number of dice, 0 or more (got ${input.pool})`);
  const notation = checkNotation(input.pool, input.bonus, { ...defaultKuroOptions, ...input.options });
  const d = dist(notation, input.explodeDepth);
  return { notation, tn: input.tn, p: d.atLeast(input.tn), distribution: d };
}

/** A characteristic check: characteristic dice + 2 x characteristic vs `tn`. */
export function characteristicCheckOdds(input: { characteristic: number; tn: number; options?: DiceOptions }): CheckOdds {
  return checkOdds({ pool: input.characteristic, bonus: 2 * input.characteristic, tn: input.tn, ...(input.options ? { options: input.options } : {}) });
}

/** An action check: characteristic dice + skill (+ specialisation bonus) vs `tn`. */
export function actionCheckOdds(input: { characteristic: number; skill: number; specialisation?: number; tn: number; options?: DiceOptions }): CheckOdds {
  return checkOdds({
    pool: input.characteristic,
    bonus: input.skill + (input.specialisation ?? 0),
    tn: input.tn,
    ...(input.options ? { options: input.options } : {}),
  });
}

/** P(attack total > defence total + modifier): an opposed check, ties to the defender. */
export function opposedOdds(input: {
  attack: { pool: number; bonus: number };
  defence: { pool: number; bonus: number };
  modifier?: number;
  options?: DiceOptions;
}): { attack: string; defence: string; p: number } {
  const o = { ...defaultKuroOptions, ...input.options };
  const attack = checkNotation(input.attack.pool, input.attack.bonus, o);
  const defence = checkNotation(input.defence.pool, input.defence.bonus, o);
  return { attack, defence, p: beats(dist(attack), dist(defence), input.modifier ?? 0) };
}

function beats(a: Distribution, d: Distribution, modifier: number): number {
  let p = 0;
  for (const o of d.outcomes) p += o.p * a.atLeast(o.value + modifier + 1);
  return p;
}

export interface AttackOdds {
  readonly ok: true;
  readonly attack: string;
  /** Unopposed: the Target Number to reach. */
  readonly tn?: number;
  /** Opposed: the defender's check; the attack must beat it plus `tnModifier`. */
  readonly defence?: string;
  readonly tnModifier: number;
  readonly pHit: number;
  readonly damage: { readonly notation: string; readonly modifier: number; readonly armour: number; readonly meanOnHit: number };
  /** pHit x mean damage on a hit. */
  readonly expectedDamage: number;
}

/**
 * The odds of an attack command as the rules would resolve it now (the same checks and refusals as
 * `attack`, except whose turn it is): for an interface to show before the dice are thrown.
 */
export function attackOdds(s: KuroEncounter, input: AttackInput): AttackOdds | { readonly ok: false; readonly rejection: Rejection } {
  const planned = planAttack(s, input);
  if (!planned.ok) return planned;
  const plan = planned.plan;
  const a = dist(plan.attack.notation);
  const pHit = plan.opposed ? beats(a, dist(plan.opposed.notation), plan.tnModifier) : a.atLeast(plan.defenceValue + plan.tnModifier);
  const dmg = dist(plan.damageNotation);
  let meanOnHit = 0;
  for (const o of dmg.outcomes) meanOnHit += o.p * Math.max(0, o.value + plan.damageModifier - plan.armour);
  return {
    ok: true,
    attack: plan.attack.notation,
    ...(plan.opposed ? { defence: plan.opposed.notation } : { tn: plan.defenceValue + plan.tnModifier }),
    tnModifier: plan.tnModifier,
    pHit,
    damage: { notation: plan.damageNotation, modifier: plan.damageModifier, armour: plan.armour, meanOnHit },
    expectedDamage: pHit * meanOnHit,
  };
}
