import type { EngineEvent } from '../../core/index.ts';
import { nameOf, slotOf } from '../../core/index.ts';
import type { ActMode, FalloutEvent } from './events.ts';
import { canAct } from './initiative.ts';
import type { Charge } from './pools.ts';
import type { FalloutEncounter } from './state.ts';
import { statsOf } from './stats.ts';
import { rollerFor } from './tests.ts';
import type { Checked, Roller, TestSpec } from './tests.ts';

export interface HelperRequest {
  readonly actor: string;
  readonly attribute?: string;
  readonly skill?: string;
}

export interface TestRequest {
  readonly attribute: string;
  readonly skill: string;
  readonly difficulty: number;
  readonly buyDice: number;
  readonly bonusDice: number;
  readonly helpers: readonly HelperRequest[];
}

export interface PreparedTest {
  readonly spec: TestSpec;
  readonly charges: readonly Charge[];
  /** Helpers giving up their turn, assists that could not apply. */
  readonly events: readonly EngineEvent[];
}

/** "the first d20 costs 1 AP, the second costs 2, and the third costs 3". */
export function boughtCost(n: number): number {
  return (n * (n + 1)) / 2;
}

const fail = <T>(code: string, message: string): Checked<T> => ({ ok: false, code, message });

/** The dice a test rolls: the actor's pool, bought d20s, and every assistant, checked. */
export function prepareTest(state: FalloutEncounter, actor: string, req: TestRequest, mode: ActMode, harder: number): Checked<PreparedTest> {
  const c = state.combatants[actor]!;
  const leader = rollerFor(c, req.attribute, req.skill);
  if (!leader.ok) return leader;
  const events: EngineEvent[] = [];
  const helpers: Roller[] = [];
  const seen = new Set<string>([actor]);
  if (mode === 'commanded' && state.module.turn) {
    const commander = state.combatants[state.module.turn.actor]!;
    const how = { person: ['cha', 'speech'], animal: ['cha', 'survival'], robot: ['int', 'science'] }[statsOf(c).npcType] as [string, string];
    const r = rollerFor(commander, how[0], how[1]);
    if (!r.ok) return fail(r.code, `${commander.name} assists the NPC it commands with ${how[0].toUpperCase()} + ${how[1]}: ${r.message}`);
    helpers.push(r.value);
    seen.add(commander.id);
  }
  for (const a of state.module.assists) {
    if (a.target !== actor || seen.has(a.helper) || !canAct(state, a.helper)) continue;
    const r = rollerFor(state.combatants[a.helper]!, a.attribute ?? leader.value.attribute, a.skill ?? leader.value.skill);
    if (!r.ok) {
      events.push({ type: 'fallout/assist-lapsed', actor: a.helper, target: actor } satisfies FalloutEvent);
      continue;
    }
    helpers.push(r.value);
    seen.add(a.helper);
  }
  for (const h of req.helpers) {
    const why = giveUpProblem(state, h.actor, actor, seen);
    if (why) return fail('fallout/cannot-assist', why);
    const r = rollerFor(state.combatants[h.actor]!, h.attribute ?? leader.value.attribute, h.skill ?? leader.value.skill);
    if (!r.ok) return r;
    helpers.push(r.value);
    seen.add(h.actor);
    events.push({ type: 'fallout/turn-given-up', actor: h.actor, to: actor } satisfies FalloutEvent);
  }
  const bonus = req.buyDice + req.bonusDice + helpers.length;
  if (bonus > 3) {
    return fail('fallout/too-many-dice', `No more than three bonus d20s on one test (bought, from perks and traits, or from assistants): this asks for ${bonus}.`);
  }
  const charges: Charge[] = req.buyDice > 0 ? [{ amount: boughtCost(req.buyDice), for: `buying ${req.buyDice} d20${req.buyDice > 1 ? 's' : ''}` }] : [];
  const spec: TestSpec = {
    ...leader.value,
    dice: 2 + req.buyDice + req.bonusDice,
    bought: req.buyDice,
    difficulty: Math.max(0, req.difficulty + harder),
    helpers,
  };
  return { ok: true, value: { spec, charges, events } };
}

/** "If you have not yet acted this round, you may give up your turn later in the round to assist an ally". */
function giveUpProblem(state: FalloutEncounter, helper: string, leader: string, seen: ReadonlySet<string>): string | null {
  const n = (id: string): string => nameOf(state, id);
  if (seen.has(helper)) return helper === leader ? `${n(leader)} cannot assist itself.` : `${n(helper)} already assists this test.`;
  if (!canAct(state, helper)) return `${n(helper)} is defeated and cannot assist.`;
  if (state.combatants[helper]!.side !== state.combatants[leader]!.side) return `${n(helper)} is not ${n(leader)}'s ally: only an ally gives up its turn to assist.`;
  if (state.round < 1) return `${n(helper)} can give up its turn to assist only during a round, not before round 1.`;
  if (!slotOf(state.module.track, helper)) return `${n(helper)} has no turn in the initiative order to give up.`;
  if (state.module.track.done.includes(helper) || state.module.turn?.actor === helper) {
    return `${n(helper)} has already acted this round: only someone who has not acted yet may give up its turn to assist.`;
  }
  return null;
}
