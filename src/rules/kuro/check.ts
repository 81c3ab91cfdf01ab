import type { Command, DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept, nameOf, reject } from '../../core/index.ts';
import { actionCheck, characteristicCheck } from './dice.ts';
import type { CheckPart, KuroEvent } from './events.ts';
import { optionsOf } from './options.ts';
import type { KuroEncounter } from './state.ts';
import { characteristicValue, findSkill, statsOf } from './stats.ts';

/**
 * `check`: a characteristic check ("a pool of d6 equal to the characteristic" + twice the
 * characteristic) or, with a skill, an action check (the characteristic's dice + the skill level, plus a
 * specialisation). Dice key "check". It records a roll; it does not use an action.
 */
export function check(s: KuroEncounter, command: Command, ctx: DecideContext): Decision<EngineEvent> {
  const id = command.combatant as string;
  const stats = statsOf(s.combatants[id]?.stats);
  const name = nameOf(s, id);
  const characteristic = (command.characteristic as string).trim().toUpperCase();
  const value = characteristicValue(stats, characteristic);
  if (value === undefined) {
    const others = Object.keys(stats.other);
    return reject('kuro/unknown-characteristic', `${name} has no characteristic ${characteristic} (REA, REF, DEX, STR${others.length ? `, ${others.join(', ')}` : ''}).`);
  }
  const options = optionsOf(s.options);
  let part: Omit<CheckPart, 'roll'> = { characteristic, value };
  let notation = characteristicCheck(value, options);
  const skillName = command.skill as string | undefined;
  if (skillName !== undefined) {
    const found = findSkill(stats, skillName);
    if (!found) {
      const list = Object.entries(stats.skills).map(([k, v]) => `${k} ${v.level}`).join(', ') || 'none';
      return reject('kuro/unknown-skill', `${name} has no skill "${skillName}" (skills: ${list}). To act untrained, add it at level 0 (update-combatant).`);
    }
    const specName = command.specialisation as string | undefined;
    let bonus = found.skill.level;
    let spec: string | undefined;
    if (specName !== undefined) {
      spec = Object.keys(found.skill.specialisations).find((k) => k.toLowerCase() === specName.toLowerCase());
      if (spec === undefined) return reject('kuro/unknown-specialisation', `${name} has no "${specName}" specialisation in ${found.name}.`);
      bonus += found.skill.specialisations[spec]!;
    }
    part = { characteristic, value, skill: found.name, level: found.skill.level, ...(spec ? { specialisation: spec, bonus } : {}) };
    notation = actionCheck(value, bonus, options);
  }
  const roll = ctx.dice.roll('check', notation);
  const tn = command.tn as number | undefined;
  const event: KuroEvent = {
    type: 'kuro/checked',
    combatant: id,
    ...(command.label ? { label: command.label as string } : {}),
    check: { ...part, roll },
    ...(tn !== undefined ? { tn, success: roll.total >= tn } : {}),
  };
  return accept([event]);
}
