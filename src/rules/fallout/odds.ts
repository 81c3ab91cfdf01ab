import type { EncounterState } from '../../core/index.ts';
import { withModule } from '../../core/index.ts';
import { planAttack } from './attack.ts';
import { prepareTest } from './prepare.ts';
import type { FalloutEncounter, FalloutState } from './state.ts';
import { freshTurn } from './state.ts';
import type { Range } from './stat-enums.ts';
import { oddsText, testOdds } from './tests.ts';

export type Odds =
  | { readonly ok: true; readonly difficulty: number; readonly dice: number; readonly p: number; readonly text: string; readonly why?: readonly string[] }
  | { readonly ok: false; readonly code: string; readonly message: string };

/** As if it were the combatant's turn (its own actions so far count if it is). */
function asActor(state: FalloutEncounter, actor: string): FalloutEncounter {
  const m = state.module;
  return m.turn?.actor === actor ? state : withModule(state, { ...m, turn: freshTurn(actor, 'normal') });
}

/**
 * The exact chance of a test before it is rolled: "3 successes needed: 24%". Assistants declared for
 * the actor count; `second: true` adds the second major action's +1.
 */
export function falloutTestOdds(
  encounter: EncounterState,
  req: { actor: string; attribute: string; skill: string; difficulty: number; buyDice?: number; bonusDice?: number; second?: boolean },
): Odds {
  const state = encounter as FalloutEncounter;
  if (!state.combatants[req.actor]) return { ok: false, code: 'combatant/unknown', message: `There is no combatant "${req.actor}".` };
  const p = prepareTest(state, req.actor, { attribute: req.attribute, skill: req.skill, difficulty: req.difficulty, buyDice: req.buyDice ?? 0, bonusDice: req.bonusDice ?? 0, helpers: [] }, 'turn', req.second ? 1 : 0);
  if (!p.ok) return p;
  const spec = p.value.spec;
  const chance = testOdds(spec);
  return { ok: true, difficulty: spec.difficulty, dice: spec.dice, p: chance, text: oddsText(spec.difficulty, chance) };
}

/** The exact chance that an attack hits, with the difficulty's parts (Defense, location, range, prone). */
export function attackOdds(
  encounter: EncounterState,
  req: { actor: string; target: string; weapon: string; location?: string; range?: Range; buyDice?: number; bonusDice?: number },
): Odds {
  const state = encounter as EncounterState<FalloutState>;
  if (!state.combatants[req.actor]) return { ok: false, code: 'combatant/unknown', message: `There is no combatant "${req.actor}".` };
  const plan = planAttack(asActor(state, req.actor), req.actor, 'turn', undefined, {
    target: req.target,
    weapon: req.weapon,
    ...(req.location ? { location: req.location } : {}),
    ...(req.range ? { range: req.range } : {}),
    extraDamageAp: 0,
    extraShots: 0,
    buyDice: req.buyDice ?? 0,
    bonusDice: req.bonusDice ?? 0,
    helpers: [],
  });
  if (!plan.ok) return plan;
  const spec = plan.value.prepared.spec;
  const chance = testOdds(spec);
  return { ok: true, difficulty: spec.difficulty, dice: spec.dice, p: chance, text: oddsText(spec.difficulty, chance), why: plan.value.why };
}
