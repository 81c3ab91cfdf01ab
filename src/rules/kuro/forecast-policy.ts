import type { Command, EncounterState, WhoMayAct } from '../../core/index.ts';
import type { AttackKind } from './events.ts';
import { attackOdds } from './odds.ts';
import type { KuroEncounter } from './state.ts';
import { statsOf } from './stats.ts';

/** What the forecast asks (src/forecast/policy.ts, `ForecastTurn`; the rules import nothing from it). */
interface Turn {
  stance(id: string): 'fight' | 'flee' | 'hold';
  foes(state: EncounterState, id: string): readonly string[];
}

interface Choice {
  readonly kind: AttackKind;
  readonly invest?: number;
  readonly value: number;
}

/**
 * The best attack of one attacker on one target, by the module's own `attackOdds` (no parry or dodge):
 * Normal, then Power investing 1..STR, then Fast investing 1..REF; the first with the highest expected
 * damage. Kept by the stats and options it was worked out from (they do not change in a forecast).
 */
const best = new WeakMap<object, WeakMap<object, WeakMap<object, Choice>>>();

function bestChoice(state: EncounterState, actor: string, target: string): Choice {
  const a = state.combatants[actor]!;
  const t = state.combatants[target]!;
  let byActor = best.get(state.options);
  if (!byActor) best.set(state.options, (byActor = new WeakMap()));
  let byTarget = byActor.get(a.stats);
  if (!byTarget) byActor.set(a.stats, (byTarget = new WeakMap()));
  const known = byTarget.get(t.stats);
  if (known) return known;
  const st = statsOf(a.stats);
  const tries: { kind: AttackKind; invest?: number }[] = [{ kind: 'normal' }];
  for (let i = 1; i <= st.STR; i++) tries.push({ kind: 'power', invest: i });
  for (let i = 1; i <= st.REF; i++) tries.push({ kind: 'fast', invest: i });
  let choice: Choice = { kind: 'normal', value: 0 };
  for (const c of tries) {
    const odds = attackOdds(state as KuroEncounter, { actor, target, kind: c.kind, ...(c.invest !== undefined ? { invest: c.invest } : {}), defence: 'none' });
    if (odds.ok && odds.expectedDamage > choice.value) choice = { ...c, value: odds.expectedDamage };
  }
  byTarget.set(t.stats, choice);
  return choice;
}

/** One combatant's action in its slot: the best attack on a visible foe (ties to the foe first in the roster), or none. */
function attackOf(state: EncounterState, actor: string, turn: Turn): Command | null {
  if (turn.stance(actor) !== 'fight') return null;
  let pick: { target: string; choice: Choice } | null = null;
  for (const target of turn.foes(state, actor)) {
    const choice = bestChoice(state, actor, target);
    if (choice.value > 0 && (!pick || choice.value > pick.choice.value)) pick = { target, choice };
  }
  if (!pick) return null;
  const { kind, invest } = pick.choice;
  return { type: 'attack', actor, target: pick.target, kind, ...(invest !== undefined ? { invest } : {}), defence: 'none' };
}

/**
 * Kuro's forecast policy: in each phase slot the actor attacks (or passes); a simultaneous slot has each
 * member still to declare attack (or pass) in roster order, then resolves with `end-turn`, so both blows
 * can land.
 */
export const kuroForecastPolicy = {
  rules: 'kuro',
  summary:
    'In each of its phases each combatant makes the attack with the highest expected damage (the module\'s attackOdds: Normal, or Power or Fast at the best investment) on a visible foe, ties to the foe first in the roster; nobody parries or dodges; a simultaneous slot declares in roster order and resolves together.',
  next(state: EncounterState, now: WhoMayAct, turn: Turn): Command[] | null {
    switch (now.kind) {
      case 'setup':
        return state.status === 'setup' ? [{ type: 'start' }] : [{ type: 'roll-initiative' }];
      case 'actor': {
        const attack = attackOf(state, now.actor, turn);
        return attack ? [attack, { type: 'end-turn' }] : [{ type: 'end-turn' }];
      }
      case 'group': {
        const out: Command[] = [];
        for (const id of now.waiting ?? now.actors) out.push(attackOf(state, id, turn) ?? { type: 'end-turn', actor: id });
        out.push({ type: 'end-turn' });
        return out;
      }
      default:
        return null;
    }
  },
  threat(state: EncounterState, attacker: string, target: string): number {
    return bestChoice(state, attacker, target).value;
  },
};
