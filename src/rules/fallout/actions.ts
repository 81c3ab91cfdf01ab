import type { DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept, nameOf, reject } from '../../core/index.ts';
import type { ActCommand } from './commands.ts';
import { addCondition, defenseOf, isDefending, isProne, isProneCondition, removeConditions } from './conditions.ts';
import { slotAction } from './economy.ts';
import type { Slotting } from './economy.ts';
import type { ActMode, FalloutEvent } from './events.ts';
import { enterAct, finish, look } from './flow.ts';
import { canAct } from './initiative.ts';
import { gain, poolOf, shortfall, spend } from './pools.ts';
import type { Charge } from './pools.ts';
import { prepareTest } from './prepare.ts';
import type { TestRequest } from './prepare.ts';
import type { ActionName, FalloutEncounter } from './state.ts';
import { MINOR_ACTIONS } from './state.ts';
import { skillRank, statsOf } from './stats.ts';
import type { Checked } from './tests.ts';
import { rollTest, rollerFor } from './tests.ts';

type D = Decision<EngineEvent>;

interface Plan {
  readonly detail?: string;
  readonly target?: string;
  /** Paid before the action (with the second action's cost). */
  readonly charges?: readonly Charge[];
  /** Checked now, paid only if the test succeeds. */
  readonly onSuccess?: readonly Charge[];
  readonly run: (s: FalloutEncounter, ctx: DecideContext) => EngineEvent[];
}

const fail = <T>(code: string, message: string): Checked<T> => ({ ok: false, code, message });
const ok = (plan: Plan): Checked<Plan> => ({ ok: true, value: plan });

/** Minor or major; "When you're prone [...] The Move action becomes a major action". Standing up stays minor. */
export function actionKind(state: FalloutEncounter, actor: string, action: ActionName, standUp = false): 'minor' | 'major' {
  if (action === 'move') {
    const c = state.combatants[actor];
    return c && isProne(c) && !standUp ? 'major' : 'minor';
  }
  return (MINOR_ACTIONS as readonly string[]).includes(action) ? 'minor' : 'major';
}

/** act {actor, action, ...}: one of the minor or major actions the text lists. */
export function act(state: FalloutEncounter, cmd: ActCommand, ctx: DecideContext): D {
  const standUp = cmd.action === 'move' && cmd.standUp;
  const kind = actionKind(state, cmd.actor, cmd.action, standUp);
  const entry = enterAct(state, cmd.actor, ctx, cmd.action, kind === 'major');
  if (!entry.ok) return entry.decision;
  const s = entry.state;
  const movement = cmd.action === 'move' || cmd.action === 'sprint';
  const slot = slotAction(s, cmd.actor, entry.mode, kind, movement, entry.readied?.secondMajor ?? false);
  if (!slot.ok) return reject(slot.code, slot.message);
  const plan = planAct(s, cmd, entry.mode, slot.value);
  if (!plan.ok) return reject(plan.code, plan.message);
  const p = plan.value;
  const upfront = [...slot.value.charges, ...(p.charges ?? [])];
  const short = shortfall(s, cmd.actor, [...upfront, ...(p.onSuccess ?? [])]);
  if (short) return reject('fallout/ap-short', short);
  const pool = poolOf(s, cmd.actor);
  const events: EngineEvent[] = [
    ...entry.prefix,
    {
      type: 'fallout/acted',
      actor: cmd.actor,
      action: cmd.action,
      mode: entry.mode,
      cost: slot.value.cost,
      second: slot.value.second,
      movement,
      ...(p.detail ? { detail: p.detail } : {}),
      ...(p.target ? { target: p.target } : {}),
    } satisfies FalloutEvent,
    ...upfront.flatMap((c) => spend(cmd.actor, pool, c.amount, c.for)),
  ];
  events.push(...p.run(look(ctx, state, events), ctx));
  if (entry.readied) events.push({ type: 'fallout/readied-done', id: entry.readied.id, actor: cmd.actor, used: cmd.action !== 'pass' } satisfies FalloutEvent);
  return accept(finish(state, events, ctx));
}

function planAct(s: FalloutEncounter, cmd: ActCommand, mode: ActMode, slot: Slotting): Checked<Plan> {
  const c = s.combatants[cmd.actor]!;
  const creature = statsOf(c).type === 'creature';
  const n = (id: string): string => nameOf(s, id);
  const none = (): EngineEvent[] => [];
  switch (cmd.action) {
    case 'aim':
      if (s.module.turn && s.module.turn.actor === cmd.actor && s.module.turn.attacks > 0) {
        return fail('fallout/aim-too-late', `Aim re-rolls a d20 on the first attack roll of the turn: ${c.name} has already attacked this turn.`);
      }
      return ok({ run: none });
    case 'draw-item':
      return ok({ ...(cmd.item ? { detail: cmd.item } : {}), run: none });
    case 'interact':
      return ok({ ...(cmd.label ? { detail: cmd.label } : {}), run: none });
    case 'take-chem':
      if (cmd.target !== undefined && !canAct(s, cmd.target) && cmd.target !== cmd.actor) return fail('fallout/target-defeated', `${n(cmd.target)} is defeated.`);
      return ok({ ...(cmd.chem ? { detail: cmd.chem } : {}), ...(cmd.target ? { target: cmd.target } : {}), run: none });
    case 'move':
    case 'sprint': {
      const prone = isProne(c);
      const standUp = cmd.action === 'move' && cmd.standUp;
      if (cmd.action === 'sprint' && prone) return fail('fallout/prone-no-sprint', `${c.name} is prone: a prone character crawls and cannot Sprint (stand up with a Move first).`);
      if (standUp && !prone) return fail('fallout/not-prone', `${c.name} is not prone: there is nothing to stand up from.`);
      if (standUp && cmd.prone) return fail('fallout/stand-and-drop', 'Stand up or drop prone, not both in one action.');
      const detail = standUp ? 'stands up' : cmd.action === 'move' && prone ? 'crawls' : cmd.prone ? 'drops prone' : undefined;
      return ok({
        ...(detail ? { detail } : {}),
        run: (after) => {
          const me = after.combatants[cmd.actor]!;
          if (standUp) return removeConditions(me, isProneCondition);
          return cmd.prone && !isProne(me) ? [addCondition(after, me.id, 'Prone', { kind: 'until-removed' })] : [];
        },
      });
    }
    case 'pass':
      return ok({ run: none });
    case 'assist': {
      if (cmd.target === cmd.actor) return fail('fallout/cannot-assist', `${c.name} cannot assist itself.`);
      if (!canAct(s, cmd.target)) return fail('fallout/target-defeated', `${n(cmd.target)} is defeated.`);
      if (cmd.attribute || cmd.skill) {
        const r = rollerFor(c, cmd.attribute ?? (creature ? 'body' : 'agi'), cmd.skill ?? (creature ? 'other' : 'athletics'));
        if (!r.ok) return r;
      }
      return ok({
        target: cmd.target,
        run: () => [{ type: 'fallout/assist-declared', actor: cmd.actor, target: cmd.target, ...(cmd.attribute ? { attribute: cmd.attribute } : {}), ...(cmd.skill ? { skill: cmd.skill } : {}) } satisfies FalloutEvent],
      });
    }
    case 'command-npc': {
      const npc = s.combatants[cmd.target]!;
      if (mode !== 'turn') return fail('fallout/command-on-turn', 'Command an NPC is taken on the commander\'s own turn.');
      if (npc.id === cmd.actor || npc.kind !== 'npc' || npc.side !== c.side) {
        return fail('fallout/not-commandable', `${npc.name} is not an allied NPC under ${c.name}'s command (an NPC on ${c.name}'s side).`);
      }
      if (npc.defeated) return fail('fallout/target-defeated', `${npc.name} is defeated.`);
      return ok({ target: npc.id, run: () => [{ type: 'fallout/npc-commanded', actor: cmd.actor, target: npc.id } satisfies FalloutEvent] });
    }
    case 'defend':
    case 'rally':
    case 'test':
    case 'first-aid':
      return planTest(s, cmd, mode, slot);
    case 'ready':
      return ok({
        detail: `${/^[aeiou]/.test(cmd.readied) ? 'an' : 'a'} ${cmd.readied} for when "${cmd.trigger}"${cmd.note ? ` (${cmd.note})` : ''}`,
        run: (after) => [
          {
            type: 'fallout/readied',
            readied: { id: `r${after.module.nextId}`, actor: cmd.actor, trigger: cmd.trigger, action: cmd.readied, secondMajor: slot.second, ...(cmd.note ? { note: cmd.note } : {}) },
          } satisfies FalloutEvent,
        ],
      });
  }
}

type TestAct = Extract<ActCommand, { action: 'defend' | 'rally' | 'test' | 'first-aid' }>;

function planTest(s: FalloutEncounter, cmd: TestAct, mode: ActMode, slot: Slotting): Checked<Plan> {
  const c = s.combatants[cmd.actor]!;
  const creature = statsOf(c).type === 'creature';
  const base = { buyDice: cmd.buyDice, bonusDice: cmd.bonusDice, helpers: cmd.helpers };
  let req: TestRequest;
  let onSuccess: Charge[] = [];
  let label: string | undefined;
  let target: string | undefined;
  switch (cmd.action) {
    case 'defend':
      // "Make an AGI + Athletics test with a difficulty equal to your current Defense."
      req = { ...base, attribute: cmd.attribute ?? (creature ? 'body' : 'agi'), skill: cmd.skill ?? (creature ? 'other' : 'athletics'), difficulty: defenseOf(c) };
      if (cmd.extraAp) onSuccess = [{ amount: 2, for: 'an extra +1 Defense' }];
      break;
    case 'rally':
      // "Make an END + Survival test with a difficulty of 0, and save any Action Points you generate."
      req = { ...base, attribute: cmd.attribute ?? (creature ? 'body' : 'end'), skill: cmd.skill ?? (creature ? 'other' : 'survival'), difficulty: 0 };
      break;
    case 'test':
      req = { ...base, attribute: cmd.attribute, skill: cmd.skill, difficulty: cmd.difficulty };
      label = cmd.label;
      break;
    case 'first-aid': {
      // "difficulty equal to the number of injuries the patient has, and increase the difficulty by 1 if [...] on yourself."
      const patient = s.combatants[cmd.target]!;
      const injuries = patient.tracks.injuries?.value ?? 0;
      if (cmd.outcome === 'treat-injury' && injuries < 1) return fail('fallout/no-injury', `${patient.name} has no injuries to treat (track "injuries").`);
      req = { ...base, attribute: 'int', skill: 'medicine', difficulty: injuries + (patient.id === c.id ? 1 : 0) };
      target = patient.id;
      break;
    }
  }
  const prepared = prepareTest(s, cmd.actor, req, mode, slot.harder);
  if (!prepared.ok) return prepared;
  return ok({
    ...(label ? { detail: label } : {}),
    ...(target ? { target } : {}),
    charges: prepared.value.charges,
    onSuccess,
    run: (after, ctx) => {
      const events: EngineEvent[] = [...prepared.value.events];
      const test = rollTest(prepared.value.spec, ctx.dice, (id) => nameOf(after, id));
      const outcome = test.passed ? successText(after, cmd) : undefined;
      events.push({ type: 'fallout/tested', actor: cmd.actor, action: cmd.action, ...(label ? { label } : {}), test, ...(outcome ? { outcome } : {}) } satisfies FalloutEvent);
      events.push(...gain(after, cmd.actor, test.ap));
      if (test.passed) events.push(...onPass(look(ctx, after, events), cmd, onSuccess));
      return events;
    },
  });
}

function successText(s: FalloutEncounter, cmd: TestAct): string | undefined {
  switch (cmd.action) {
    case 'defend':
      return `Defense +${cmd.extraAp ? 2 : 1} until the start of ${nameOf(s, cmd.actor)}'s next turn`;
    case 'first-aid':
      return { heal: 'heals HP equal to the Medicine rating', 'treat-injury': 'treats one injury', stabilize: 'stabilizes the patient' }[cmd.outcome];
    default:
      return undefined;
  }
}

function onPass(s: FalloutEncounter, cmd: TestAct, onSuccess: readonly Charge[]): EngineEvent[] {
  const c = s.combatants[cmd.actor]!;
  const pool = poolOf(s, cmd.actor);
  switch (cmd.action) {
    case 'defend': {
      const bonus = cmd.extraAp ? 2 : 1;
      return [
        ...onSuccess.flatMap((x) => spend(cmd.actor, pool, x.amount, x.for)),
        ...removeConditions(c, isDefending),
        addCondition(s, c.id, `Defending +${bonus}`, { kind: 'turn-start', of: c.id }),
      ];
    }
    case 'first-aid': {
      const patient = s.combatants[cmd.target]!;
      if (cmd.outcome === 'treat-injury') {
        const inj = patient.tracks.injuries!;
        return [{ type: 'track-changed', id: patient.id, track: 'injuries', from: inj.value, to: inj.value - 1, reason: 'first aid' }];
      }
      if (cmd.outcome === 'stabilize') return removeConditions(patient, (k) => k.name.trim().toLowerCase() === 'dying');
      const hp = patient.tracks.hp;
      const heal = skillRank(statsOf(c), 'medicine');
      if (!hp || heal === 0) return [];
      const to = Math.min(hp.max ?? Number.POSITIVE_INFINITY, hp.value + heal);
      if (to === hp.value) return [];
      const out: EngineEvent[] = [{ type: 'track-changed', id: patient.id, track: 'hp', from: hp.value, to, reason: 'heal' }];
      if (patient.defeated && hp.value <= 0 && to > 0) out.push({ type: 'defeated-set', id: patient.id, defeated: false, reason: 'first aid' });
      return out;
    }
    default:
      return [];
  }
}
