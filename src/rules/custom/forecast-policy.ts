import { distribution } from '../../dice/index.ts';
import type { Distribution } from '../../dice/index.ts';
import { tryParseTableDice } from '../../core/index.ts';
import type { Command, EncounterState, WhoMayAct } from '../../core/index.ts';
import type { CustomStats } from './schema.ts';
import { attackPreset, hitRoll } from './stored-attacks.ts';
import type { StoredAttack } from './stored-attacks.ts';

/** What the forecast asks (src/forecast/policy.ts, `ForecastTurn`; the rules import nothing from it). */
interface Turn {
  stance(id: string): 'fight' | 'flee' | 'hold';
  foes(state: EncounterState, id: string): readonly string[];
}

const odds = new Map<string, Distribution | null>();

/** The exact distribution of a notation (null when it cannot be read or is too costly), kept once computed. */
function oddsOf(notation: string): Distribution | null {
  let d = odds.get(notation);
  if (d === undefined) {
    const parsed = tryParseTableDice(notation);
    try {
      d = parsed.ok ? distribution(parsed.expr) : null;
    } catch {
      d = null;
    }
    if (odds.size > 500) odds.clear();
    odds.set(notation, d);
  }
  return d;
}

/** A stored attack's expected damage on `target`: P(hit roll >= the number to beat) × the damage's mean (not below 0). */
export function expectedDamage(a: StoredAttack, target: EncounterState['combatants'][string]): number {
  const vs = a.vs ?? (target.stats as CustomStats).defense;
  if (vs === undefined || !a.damage) return 0;
  const hit = oddsOf(hitRoll(a.hit));
  const damage = oddsOf(a.damage);
  if (!hit || !damage) return 0;
  let mean = 0;
  for (const o of damage.outcomes) if (o.value > 0) mean += o.value * o.p;
  return hit.atLeast(vs) * mean;
}

/** The actor's best stored attack on its best target: the highest expected damage, ties to the foe first in the roster, then the attack listed first. */
function bestAttack(state: EncounterState, actor: string, turn: Turn): { target: string; attack: StoredAttack; value: number } | null {
  const attacks = (state.combatants[actor]!.stats as CustomStats).attacks ?? [];
  let best: { target: string; attack: StoredAttack; value: number } | null = null;
  for (const target of turn.foes(state, actor)) {
    for (const attack of attacks) {
      const value = expectedDamage(attack, state.combatants[target]!);
      if (value > 0 && (!best || value > best.value)) best = { target, attack, value };
    }
  }
  return best;
}

/**
 * Custom: whoever's turn it is makes its best stored attack (the highest expected damage on a foe it can
 * see), then ends its turn; one that flees or holds only ends its turn. `start` begins a fight in setup.
 */
export const customForecastPolicy = {
  rules: 'custom',
  summary:
    'On its turn each combatant makes the stored attack with the highest expected damage (hit chance × mean damage) on a visible foe, ties to the foe first in the roster, then ends its turn; one fleeing or holding back only ends its turn.',
  next(state: EncounterState, now: WhoMayAct, turn: Turn): Command[] | null {
    if (now.kind === 'setup') return state.status === 'setup' ? [{ type: 'start' }] : null;
    if (now.kind !== 'actor') return null;
    const best = turn.stance(now.actor) === 'fight' ? bestAttack(state, now.actor, turn) : null;
    if (!best) return [{ type: 'end-turn' }];
    return [{ type: 'attack', actor: now.actor, target: best.target, ...attackPreset(best.attack) }, { type: 'end-turn' }];
  },
  threat(state: EncounterState, attacker: string, target: string): number {
    const attacks = (state.combatants[attacker]!.stats as CustomStats).attacks ?? [];
    return Math.max(0, ...attacks.map((a) => expectedDamage(a, state.combatants[target]!)));
  },
};
