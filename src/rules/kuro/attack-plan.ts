import { combatantById, notationProblem, tryParseTableDice } from '../../core/index.ts';
import type { Combatant, Rejection } from '../../core/index.ts';
import { actionCheck } from './dice.ts';
import type { AttackKind, DefenceChoice } from './events.ts';
import { optionsOf } from './options.ts';
import { actionsLeft } from './phase.ts';
import type { KuroEncounter } from './state.ts';
import type { KuroStats, Weapon } from './stats.ts';
import { findSkill, findWeapon, statsOf } from './stats.ts';

/** An attack as asked for (ids already resolved). */
export interface AttackInput {
  readonly actor: string;
  readonly target: string;
  readonly kind?: AttackKind;
  readonly invest?: number;
  readonly skill?: string;
  readonly specialisation?: string;
  readonly weapon?: string;
  readonly damage?: string | number;
  readonly vs?: number;
  readonly defence?: DefenceChoice;
  readonly defenceSkill?: string;
}

export interface SkillUse {
  readonly name: string;
  readonly level: number;
  readonly specialisation?: { readonly name: string; readonly bonus: number };
  /** Not on the sheet: level 0. */
  readonly untrained: boolean;
}

export interface CheckPlan {
  readonly characteristic: 'DEX' | 'STR' | 'REF';
  readonly value: number;
  readonly skill: SkillUse;
  /** The dice: characteristic Kuro dice + skill (+ specialisation). */
  readonly notation: string;
}

/** Everything an attack needs before the dice are rolled. */
export interface AttackPlan {
  readonly actor: Combatant;
  readonly target: Combatant;
  readonly kind: AttackKind;
  readonly invest: number;
  readonly attack: CheckPlan;
  readonly weapon: Weapon | null;
  readonly damageNotation: string;
  readonly defenceValue: number;
  readonly tnModifier: number;
  readonly defence: DefenceChoice;
  readonly opposed: CheckPlan | null;
  readonly damageModifier: number;
  readonly armour: number;
  readonly defenceCost: boolean;
}

type Planned = { readonly ok: true; readonly plan: AttackPlan } | { readonly ok: false; readonly rejection: Rejection };

/** `path`: the field of the attack the refusal is about (`invest`), for a form to say it next to it. */
const no = (code: string, message: string, path?: string): Planned => ({ ok: false, rejection: path ? { code, message, details: { path } } : { code, message } });

const INVEST = {
  power: { stat: 'STR', word: 'Strength', attack: 'Power Attack' },
  fast: { stat: 'REF', word: 'Reflexes', attack: 'Fast Attack' },
} as const;

/**
 * Validates an attack and works out its checks, Target Number and damage modifiers, without rolling:
 * Normal "(Dexterity + appropriate skill) with a Target Number equal to his opponent's Defence score";
 * Power "(Strength + appropriate skill) ... Defence score, plus the Strength invested", damage "increased
 * by an amount equal to double the Strength invested"; Fast "(Reflexes + appropriate skill) ... Defence
 * score, minus the Reflexes invested", damage "decreased by an amount equal to double the Reflexes invested".
 */
export function planAttack(s: KuroEncounter, input: AttackInput): Planned {
  const actor = combatantById(s, input.actor);
  const target = combatantById(s, input.target);
  if (!actor || !target) return no('combatant/unknown', 'Name an attacker and a target who are in the fight.');
  if (actor.id === target.id) return no('kuro/attack-self', `${actor.name} cannot be both the attacker and the target.`);
  if (target.defeated) return no('kuro/target-defeated', `${target.name} is already defeated.`);
  const a = statsOf(actor.stats);
  const t = statsOf(target.stats);
  const kind = input.kind ?? 'normal';
  let invest = 0;
  if (kind === 'normal') {
    if (input.invest !== undefined && input.invest !== 0) {
      return no('kuro/invest-normal', 'A Normal Attack invests nothing: to invest Strength make a Power Attack (attack {kind: power}), to invest Reflexes a Fast Attack (attack {kind: fast}).', 'invest');
    }
  } else {
    const { stat, word, attack } = INVEST[kind];
    const max = a[stat];
    if (max < 1) return no('kuro/invest-impossible', `${actor.name} has ${stat} 0: a ${attack} needs at least 1 point of ${word} to invest.`);
    if (input.invest === undefined) {
      return no('kuro/invest-missing', `Say how much ${word} ${actor.name} invests in the ${attack}: 1 to ${max} (his ${stat}).`, 'invest');
    }
    if (input.invest < 1) return no('kuro/invest-too-low', `${actor.name} must invest at least 1 ${word} in a ${attack} (1 to ${max}, his ${stat}).`, 'invest');
    if (input.invest > max) return no('kuro/invest-too-high', `${actor.name} can invest at most ${max} ${word} (his ${stat}) in a ${attack}.`, 'invest');
    invest = input.invest;
  }
  let weapon: Weapon | null = a.weapons[0] ?? null;
  if (input.weapon !== undefined) {
    weapon = findWeapon(a, input.weapon) ?? null;
    if (!weapon) {
      const list = a.weapons.map((w) => w.name).join(', ') || 'none';
      return no('kuro/unknown-weapon', `${actor.name} has no weapon called "${input.weapon}" (weapons: ${list}).`);
    }
  }
  const damageNotation = input.damage !== undefined ? String(input.damage) : weapon?.damage;
  if (damageNotation === undefined) {
    return no('kuro/no-damage', `${actor.name}'s sheet has no weapon: give this attack's damage (3 or 1d6).`, 'damage');
  }
  const parsedDamage = tryParseTableDice(damageNotation);
  if (!parsedDamage.ok) return { ok: false, rejection: notationProblem(parsedDamage.error, 'damage') };
  const skill = skillFor(actor, a, { named: input.skill, specialisation: input.specialisation, weapon, verb: 'attacks', field: 'skill' });
  if ('code' in skill) return { ok: false, rejection: skill };
  const defenceValue = input.vs ?? t.defence;
  if (defenceValue === undefined) {
    return no('kuro/no-defence', `${target.name}'s sheet has no Defence: give the number to beat in the attack, or a Defence on the sheet (update-combatant).`, 'vs');
  }
  const options = optionsOf(s.options);
  const defence = input.defence ?? 'none';
  let opposed: CheckPlan | null = null;
  if (defence !== 'none') {
    if (options.defenceCostsAction && actionsLeft(s, target.id) < 1) {
      return no(
        'kuro/cannot-defend',
        `${target.name} has no action left in game turn ${Math.max(1, s.round)} to ${defence} with (a parry or dodge costs one of the actions still to come): attack with no defence (attack {defence: none}).`,
      );
    }
    const characteristic = defence === 'parry' ? 'DEX' : 'REF';
    const dskill = skillFor(target, t, {
      named: input.defenceSkill,
      weapon: defence === 'parry' ? (t.weapons[0] ?? null) : null,
      fallback: defence === 'dodge' ? 'Dodge' : undefined,
      verb: defence === 'parry' ? 'parries' : 'dodges',
      field: 'defenceSkill',
    });
    if ('code' in dskill) return { ok: false, rejection: dskill };
    opposed = { characteristic, value: t[characteristic], skill: dskill, notation: actionCheck(t[characteristic], bonusOf(dskill), options) };
  }
  const characteristic = kind === 'normal' ? 'DEX' : kind === 'power' ? 'STR' : 'REF';
  return {
    ok: true,
    plan: {
      actor,
      target,
      kind,
      invest,
      attack: { characteristic, value: a[characteristic], skill, notation: actionCheck(a[characteristic], bonusOf(skill), options) },
      weapon,
      damageNotation,
      defenceValue,
      tnModifier: kind === 'power' ? invest : kind === 'fast' ? -invest : 0,
      defence,
      opposed,
      damageModifier: kind === 'power' ? 2 * invest : kind === 'fast' ? -2 * invest : 0,
      armour: t.armour,
      defenceCost: defence !== 'none' && options.defenceCostsAction,
    },
  };
}

export function bonusOf(skill: SkillUse): number {
  return skill.level + (skill.specialisation?.bonus ?? 0);
}

/**
 * The skill used: one named in the command must be on the sheet (a typo is refused, not rolled at 0);
 * the weapon's own skill (or the default, e.g. Dodge) counts 0 when the sheet lacks it ("untrained").
 */
function skillFor(
  who: Combatant,
  stats: KuroStats,
  how: {
    readonly named: string | undefined;
    readonly specialisation?: string | undefined;
    readonly weapon: Weapon | null;
    readonly fallback?: string | undefined;
    readonly verb: string;
    readonly field: string;
  },
): SkillUse | Rejection {
  const { named, specialisation, weapon } = how;
  const wanted = named ?? weapon?.skill ?? how.fallback;
  if (wanted === undefined) return { code: 'kuro/no-skill', message: `Say which skill ${who.name} ${how.verb} with ("${how.field}").` };
  const found = findSkill(stats, wanted);
  if (!found) {
    if (named === undefined) return { name: wanted, level: 0, untrained: true };
    const list = Object.entries(stats.skills).map(([k, v]) => `${k} ${v.level}`).join(', ') || 'none';
    return {
      code: 'kuro/unknown-skill',
      message: `${who.name} has no skill "${wanted}" (skills: ${list}). To act untrained, add it at level 0 (update-combatant).`,
    };
  }
  const specs = found.skill.specialisations;
  const specName = specialisation ?? (weapon?.specialisation && weapon.skill.toLowerCase() === found.name.toLowerCase() ? weapon.specialisation : undefined);
  let spec: { name: string; bonus: number } | undefined;
  if (specName !== undefined) {
    const key = Object.keys(specs).find((k) => k.toLowerCase() === specName.toLowerCase());
    if (key !== undefined) spec = { name: key, bonus: specs[key]! };
    else if (specialisation !== undefined) {
      const list = Object.keys(specs).join(', ') || 'none';
      return { code: 'kuro/unknown-specialisation', message: `${who.name} has no "${specialisation}" specialisation in ${found.name} (specialisations: ${list}).` };
    }
  }
  return { name: found.name, level: found.skill.level, untrained: false, ...(spec ? { specialisation: spec } : {}) };
}
