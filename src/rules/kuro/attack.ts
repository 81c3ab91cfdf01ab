import type { Command, DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept } from '../../core/index.ts';
import type { AttackInput, CheckPlan } from './attack-plan.ts';
import { bonusOf, planAttack } from './attack-plan.ts';
import type { AttackedEvent, CheckPart } from './events.ts';
import { applyHits } from './flow.ts';
import { actingNow } from './phase.ts';
import type { KuroEncounter } from './state.ts';
import { mustAct } from './turn.ts';

type D = Decision<EngineEvent>;

/**
 * `attack`: the actor's action in this phase. Dice keys: "attack" (the attacker's Action Check),
 * "defence" (the defender's, when he parries or dodges), "damage" (the weapon's damage, on a hit).
 * Unopposed, the attack hits when it reaches the Target Number; opposed ("If his opponent chooses to
 * parry or dodge the roll is an Opposed Check"), it must beat the defender's check with the same
 * investment modifier, and a tie goes to the defender. In a simultaneous slot the damage waits for the
 * slot to resolve.
 */
export function attack(s: KuroEncounter, command: Command, ctx: DecideContext): D {
  const input = command as unknown as AttackInput & { readonly label?: string };
  const refused = mustAct(s, input.actor);
  if (refused) return refused;
  const planned = planAttack(s, input);
  if (!planned.ok) return planned;
  const plan = planned.plan;
  const attackRoll = ctx.dice.roll('attack', plan.attack.notation);
  const defenceRoll = plan.opposed ? ctx.dice.roll('defence', plan.opposed.notation) : null;
  const tn = (defenceRoll ? defenceRoll.total : plan.defenceValue) + plan.tnModifier;
  const hit = defenceRoll ? attackRoll.total > tn : attackRoll.total >= tn;
  const damageRoll = hit ? ctx.dice.roll('damage', plan.damageNotation) : undefined;
  if (!damageRoll) ctx.dice.skip('damage');
  const damage = damageRoll ? Math.max(0, damageRoll.total + plan.damageModifier - plan.armour) : undefined;
  const pending = actingNow(s).length > 1;
  const event: AttackedEvent = {
    type: 'kuro/attacked',
    actor: plan.actor.id,
    target: plan.target.id,
    round: s.round,
    phase: s.module.phase,
    kind: plan.kind,
    invest: plan.invest,
    weapon: plan.weapon?.name ?? null,
    ...(input.label ? { label: input.label } : {}),
    attack: part(plan.attack, attackRoll),
    defenceValue: plan.defenceValue,
    tnModifier: plan.tnModifier,
    defence: plan.defence,
    ...(plan.opposed && defenceRoll ? { opposed: part(plan.opposed, defenceRoll) } : {}),
    tn,
    hit,
    ...(damage !== undefined ? { damage } : {}),
    ...(damageRoll ? { damageRoll } : {}),
    damageModifier: plan.damageModifier,
    armour: plan.armour,
    pending,
    defenceCost: plan.defenceCost,
  };
  const hits = hit && !pending && damage !== undefined ? applyHits(s, [{ target: plan.target.id, damage }]) : [];
  return accept([event, ...hits]);
}

export function part(plan: CheckPlan, roll: CheckPart['roll']): CheckPart {
  const skill = plan.skill;
  return {
    characteristic: plan.characteristic,
    value: plan.value,
    skill: skill.name,
    level: skill.level,
    ...(skill.specialisation ? { specialisation: skill.specialisation.name, bonus: bonusOf(skill) } : {}),
    ...(skill.untrained ? { untrained: true } : {}),
    roll,
  };
}
