import type { Command, EncounterState, WhoMayAct } from '../../core/index.ts';
import { attackOdds } from './odds.ts';
import { poolOf } from './pools.ts';
import type { FalloutEncounter } from './state.ts';

/** What the forecast asks (src/forecast/policy.ts, `ForecastTurn`; the rules import nothing from it). */
interface Turn {
  stance(id: string): 'fight' | 'flee' | 'hold';
  foes(state: EncounterState, id: string): readonly string[];
  readonly options: Readonly<Record<string, unknown>>;
}

/** A combat die's mean: faces 1, 2, 0, 0, 1 (+Effect), 1 (+Effect) give 5/6 of a point. */
const CD_MEAN = 5 / 6;

interface WeaponStat {
  readonly name: string;
  readonly type?: string;
  readonly damage?: number;
  readonly ammo?: string;
}

function weaponsOf(state: EncounterState, id: string): readonly WeaponStat[] {
  return (state.combatants[id]!.stats.weapons as WeaponStat[] | undefined) ?? [];
}

/**
 * Hit chance × mean damage of one weapon on one target (its combat dice × 5/6; DR and Effects left out),
 * by the module's `attackOdds` as the fight first stood: kept by the stats and options it was worked out
 * from (in a forecast nobody moves, aims or defends, so range and Defense stay as they were).
 */
const values = new WeakMap<object, WeakMap<object, Map<string, number>>>();

function valueOf(state: EncounterState, actor: string, target: string, w: WeaponStat): number {
  const a = state.combatants[actor]!;
  const t = state.combatants[target]!;
  let byTarget = values.get(a.stats);
  if (!byTarget) values.set(a.stats, (byTarget = new WeakMap()));
  let byWeapon = byTarget.get(t.stats);
  if (!byWeapon) byTarget.set(t.stats, (byWeapon = new Map()));
  let v = byWeapon.get(w.name);
  if (v === undefined) {
    const odds = attackOdds(state, { actor, target, weapon: w.name });
    v = odds.ok ? odds.p * (w.damage ?? 0) * CD_MEAN : 0;
    byWeapon.set(w.name, v);
  }
  return v;
}

/** Whether the weapon can be used now: ammunition left for a gun (track `ammo:<type>`), one left to throw (`thrown:<name>`). */
function usable(state: EncounterState, id: string, w: WeaponStat): boolean {
  const tracks = state.combatants[id]!.tracks;
  if (w.ammo) return (tracks[`ammo:${w.ammo}`]?.value ?? 0) >= 1;
  if (w.type === 'thrown') return (tracks[`thrown:${w.name}`]?.value ?? 0) >= 1;
  return true;
}

/** The usable weapon and visible foe with the highest hit chance × mean damage; ties to the foe first in the roster, then the weapon listed first. */
function bestAttack(state: EncounterState, actor: string, turn: Turn): { target: string; weapon: string; value: number } | null {
  let best: { target: string; weapon: string; value: number } | null = null;
  const weapons = weaponsOf(state, actor).filter((w) => usable(state, actor, w));
  for (const target of turn.foes(state, actor)) {
    for (const w of weapons) {
      const value = valueOf(state, actor, target, w);
      if (value > 0 && (!best || value > best.value)) best = { target, weapon: w.name, value };
    }
  }
  return best;
}

/** AP to spend on extra damage (policy option `spendAp`): on a melee, unarmed or thrown attack, up to 3, as much as the pool has. */
function extraDamageAp(state: EncounterState, actor: string, weapon: string, turn: Turn): number {
  if (turn.options.spendAp !== true) return 0;
  const w = weaponsOf(state, actor).find((x) => x.name === weapon);
  if (!w || w.type === 'ranged') return 0;
  const s = state as FalloutEncounter;
  return Math.min(3, s.module.pools[poolOf(s, actor)]);
}

const OPTIONS = ['initiator', 'spendAp'];

/** The combatant with this id or name (any case). */
function named(state: EncounterState, ref: string): string | undefined {
  const lower = ref.toLowerCase();
  return state.roster.find((c) => c === ref || state.combatants[c]!.name.toLowerCase() === lower);
}

/** Who starts the fight: the policy option `initiator` (name or id; checked by checkOptions), else the first in the roster who is not defeated. */
function initiatorOf(state: EncounterState, turn: Turn): string | undefined {
  const wanted = turn.options.initiator;
  const id = typeof wanted === 'string' ? named(state, wanted) : undefined;
  return id ?? state.roster.find((c) => !state.combatants[c]!.defeated);
}

/**
 * Fallout's forecast policy: the initiator's opening turn, then each turn one major action, the best
 * attack, and the turn's end; no minor action, no AP spent (no extra damage, shots or bought dice)
 * unless the option `spendAp` buys extra damage, no Luck, no Aim, no Ready; a tie is decided for the
 * first option the rules list.
 */
export const falloutForecastPolicy = {
  rules: 'fallout',
  summary:
    'The fight is started by the policy option "initiator" or else the first combatant in the roster; on its turn each combatant makes the legal attack with the highest hit chance × mean damage on a visible foe, then ends its turn; no minor action, no Luck spent, no AP spent (with the policy option "spendAp": AP on extra damage for melee, unarmed and thrown attacks, up to 3 CD as the pool allows), no Aim or Ready; an initiative tie goes to the first option the rules list.',
  next(state: EncounterState, now: WhoMayAct, turn: Turn): Command[] | null {
    switch (now.kind) {
      case 'setup': {
        const initiator = state.status === 'setup' ? initiatorOf(state, turn) : undefined;
        return initiator ? [{ type: 'start', initiator }] : null;
      }
      case 'decision': {
        const first = now.decision.options[0];
        return now.decision.command === 'decide-tie' && first ? [{ type: 'decide-tie', first: first.value }] : null;
      }
      case 'actor': {
        const best = turn.stance(now.actor) === 'fight' ? bestAttack(state, now.actor, turn) : null;
        const end: Command = { type: 'end-turn', actor: now.actor };
        if (!best) return [end];
        const extra = extraDamageAp(state, now.actor, best.weapon, turn);
        const attack: Command = { type: 'attack', actor: now.actor, target: best.target, weapon: best.weapon, extraDamageAp: extra, extraShots: 0, buyDice: 0, bonusDice: 0, helpers: [] };
        return [attack, end];
      }
      default:
        return null;
    }
  },
  checkOptions(options: Readonly<Record<string, unknown>>, state: EncounterState): string | null {
    for (const key of Object.keys(options)) {
      if (!OPTIONS.includes(key)) return `The Fallout forecast policy has no option "${key}" (its options: initiator, spendAp).`;
    }
    if (options.initiator !== undefined && typeof options.initiator !== 'string') return 'initiator: give the name or id of the combatant who starts the fight.';
    if (typeof options.initiator === 'string' && state.status === 'setup') {
      const id = named(state, options.initiator);
      if (id === undefined) return `initiator: there is no combatant "${options.initiator}" in this fight.`;
      if (state.combatants[id]!.defeated) return `initiator: ${state.combatants[id]!.name} is defeated and cannot start the fight.`;
    }
    if (options.spendAp !== undefined && typeof options.spendAp !== 'boolean') return 'spendAp: true (spend AP on extra damage) or false.';
    return null;
  },
  threat(state: EncounterState, attacker: string, target: string): number {
    return Math.max(0, ...weaponsOf(state, attacker).map((w) => valueOf(state, attacker, target, w)));
  },
};
