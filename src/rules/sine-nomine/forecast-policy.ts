import { distribution } from '../../dice/index.ts';
import type { Distribution } from '../../dice/index.ts';
import { tryParseTableDice } from '../../core/index.ts';
import type { Combatant, Command, EncounterState, WhoMayAct } from '../../core/index.ts';
import { bestAttribute } from './attack.ts';
import { skillLevel, statsOf, unarmed } from './stats.ts';
import type { Weapon } from './stats.ts';

/** What the forecast asks (src/forecast/policy.ts, `ForecastTurn`; the rules import nothing from it). */
export interface Turn {
  stance(id: string): 'fight' | 'flee' | 'hold';
  foes(state: EncounterState, id: string): readonly string[];
}

const means = new Map<string, number>();

/** The mean of a damage notation (0 when it cannot be read), kept once computed. */
function meanOf(notation: string): number {
  let m = means.get(notation);
  if (m === undefined) {
    const parsed = tryParseTableDice(notation);
    let d: Distribution | null;
    try {
      d = parsed.ok ? distribution(parsed.expr) : null;
    } catch {
      d = null;
    }
    m = d ? d.mean : 0;
    if (means.size > 500) means.clear();
    means.set(notation, m);
  }
  return m;
}

/**
 * A weapon's expected damage on `target`, as the attack rolls it (sine-nomine/attack.ts): 1d20 + attack
 * bonus + skill (PCs untrained −2) + the best attribute against AC; on a hit the damage roll + the
 * attribute (+ Punch skill), at least the Shock; on a miss the Shock when the target's AC is within it.
 * Tech levels and cover are left out of the estimate (the attack itself still applies them).
 */
export function expectedDamage(actor: Combatant, weapon: Weapon, target: Combatant): number {
  const st = statsOf(actor);
  const level = skillLevel(st, weapon.skill);
  const attr = bestAttribute(actor, weapon);
  const bonus = st.attackBonus + (level ?? (actor.kind === 'pc' ? -2 : 0)) + attr.value;
  const ac = statsOf(target).ac;
  const pHit = Math.min(20, Math.max(0, 21 - (ac - bonus))) / 20;
  const damageBonus = attr.value + (weapon.skill === 'punch' && level !== null ? level : 0) + weapon.damageBonus;
  const shock = weapon.shock && ac <= weapon.shock.ac ? Math.max(0, weapon.shock.damage + damageBonus) : 0;
  const onHit = Math.max(meanOf(weapon.damage) + damageBonus, shock, 0);
  return pHit * onHit + (1 - pHit) * shock;
}

interface Choice {
  readonly weapon: Weapon;
  readonly value: number;
}

/** The best weapon of one combatant against one target (the first listed of the highest expected damage), kept by the stats it was worked out from (they do not change in a forecast). */
const choices = new WeakMap<object, WeakMap<object, Choice>>();

function bestWeapon(me: Combatant, foe: Combatant): Choice {
  let byTarget = choices.get(me.stats);
  if (!byTarget) choices.set(me.stats, (byTarget = new WeakMap()));
  let choice = byTarget.get(foe.stats);
  if (!choice) {
    choice = { weapon: unarmed, value: 0 };
    for (const weapon of [...statsOf(me).weapons, unarmed]) {
      const value = expectedDamage(me, weapon, foe);
      if (value > choice.value) choice = { weapon, value };
    }
    byTarget.set(foe.stats, choice);
  }
  return choice;
}

/** The best weapon (listed ones and Unarmed) and foe: highest expected damage, ties to the foe first in the roster, then the weapon listed first. */
function bestAttack(state: EncounterState, actor: string, turn: Turn): { target: string; weapon: Weapon; value: number } | null {
  const me = state.combatants[actor]!;
  let best: { target: string; weapon: Weapon; value: number } | null = null;
  for (const target of turn.foes(state, actor)) {
    const c = bestWeapon(me, state.combatants[target]!);
    if (c.value > 0 && (!best || c.value > best.value)) best = { target, weapon: c.weapon, value: c.value };
  }
  return best;
}

/** The attack command as its schema leaves it (defaults filled: the forecast's trusted path reads it as is). */
function attackCommand(actor: string, target: string, weapon: Weapon): Command {
  return { type: 'attack', actor, target, weapon: weapon.name, modifiers: [], situational: 0, free: false };
}

/** One combatant's turn: its best attack, then the end of its turn (only the end when it flees, holds or cannot hurt anyone). */
function turnOf(state: EncounterState, actor: string, turn: Turn): Command[] {
  const best = turn.stance(actor) === 'fight' ? bestAttack(state, actor, turn) : null;
  const end: Command = { type: 'end-turn', combatant: actor };
  return best ? [attackCommand(actor, best.target, best.weapon), end] : [end];
}

/**
 * The Sine Nomine games' forecast policy (SWN and CWN): on its turn, the Main Action is the attack with
 * the highest expected damage on a visible foe, then the turn ends (no Move, no Fighting Withdrawal, no
 * shove or grapple, no less-lethal choice beyond the weapon's own, no cover modifiers, nobody surprised).
 * A side's turn (group or side initiative) goes to its waiting members in roster order.
 */
export function sineNomineForecastPolicy(rules: string) {
  return {
    rules,
    summary:
      'On its turn each combatant spends its Main Action on the attack with the highest expected damage (hit chance × mean damage, Shock on a miss counted) on a visible foe, ties to the foe first in the roster, then ends its turn; a side\'s turn goes to its waiting members in roster order; no Move, withdrawal, shove or grapple.',
    next(state: EncounterState, now: WhoMayAct, turn: Turn): Command[] | null {
      switch (now.kind) {
        case 'setup':
          return state.status === 'setup' ? [{ type: 'start' }] : [{ type: 'roll-initiative' }];
        case 'actor':
          return turnOf(state, now.actor, turn);
        case 'side': {
          const member = now.active ?? now.waiting[0];
          return member ? turnOf(state, member, turn) : [{ type: 'end-turn' }];
        }
        default:
          return null;
      }
    },
    threat(state: EncounterState, attacker: string, target: string): number {
      return bestWeapon(state.combatants[attacker]!, state.combatants[target]!).value;
    },
  };
}
