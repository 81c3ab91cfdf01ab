import { formatRoll } from '../../dice/index.ts';
import type { EngineEvent, LogText } from '../../core/index.ts';
import { list, ref, refPossessive, refs } from '../../core/index.ts';
import type { AttackedEvent, CheckPart, KuroEvent } from './events.ts';
import type { KuroEncounter } from './state.ts';

const KIND = { normal: 'Normal Attack', power: 'Power Attack', fast: 'Fast Attack' } as const;
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const signed = (n: number): string => (n < 0 ? ` - ${-n}` : ` + ${n}`);

/** Log lines for the module's events, in words a GM would write. */
export function describeKuro(event: EngineEvent, s: KuroEncounter): LogText | null {
  const e = event as KuroEvent;
  const n = ref;
  switch (e.type) {
    case 'kuro/initiative-rolled':
      return { text: `${n(e.combatant)} rolls initiative for game turn ${e.round}: ${formatRoll(e.roll)}.` };
    case 'kuro/initiative-set':
      return { text: `The GM sets ${n(e.combatant)}'s initiative for game turn ${e.round} to ${e.total}.` };
    case 'kuro/order-set':
      return { text: `The GM places ${n(e.combatant)} just ${e.where} ${n(e.anchor)} for the rest of game turn ${Math.max(1, s.round)}.` };
    case 'kuro/phase-started': {
      // A slot shows the members players may see; "(at the same time)" only if two of them remain.
      const order = list(
        e.order.map((slot) => refs(slot.members, { min: 1, one: ` ${slot.initiative}`, many: ` ${slot.initiative} (at the same time)` })),
        { empty: 'nobody acts' },
      );
      return { text: `Game turn ${e.round}, phase ${e.phase} of ${e.phases}: ${order}.` };
    }
    case 'kuro/game-turn-ended':
      return { text: `End of game turn ${e.round}: everyone rolls initiative for game turn ${e.round + 1}.` };
    case 'kuro/joined-late':
      return { text: `${n(e.combatant)}'s place in phase ${e.phase} has passed: ${n(e.combatant)} acts from phase ${e.phase + 1} (with at least ${e.phase + 1} actions).` };
    case 'kuro/actions-set':
      return { text: `${n(e.combatant)}: ${plural(e.to, 'action')} this game turn instead of ${e.from} (${e.reason}).` };
    case 'kuro/acted':
      return { text: `${n(e.actor)} (phase ${e.phase}): ${e.label}.` };
    case 'kuro/passed':
      return { text: `${n(e.actor)} does nothing in phase ${e.phase}.` };
    case 'kuro/attacked': {
      const untracked = e.hit && (e.damage ?? 0) > 0 && !s.combatants[e.target]?.tracks.hp;
      return { text: `${attackText(e, n)}${untracked ? ` ${n(e.target)} has no HP track: apply it by hand.` : ''}` };
    }
    case 'kuro/slot-resolved':
      return {
        text: `Phase ${e.phase}: ${refs(e.actors, { min: 1, one: ' acted', many: ' acted at the same time' })}; ${e.hits.length === 1 ? 'the hit lands' : `${e.hits.length} hits land together`}.`,
      };
    case 'kuro/checked': {
      const what = e.check.skill ? `${e.check.characteristic} + ${skillText(e.check)} action check` : `${e.check.characteristic} ${e.check.value} characteristic check`;
      const outcome = e.tn !== undefined ? ` vs TN ${e.tn}: ${e.success ? 'success' : 'failure'}` : '';
      return { text: `${n(e.combatant)}${e.label ? ` (${e.label})` : ''}: ${what}: ${formatRoll(e.check.roll)}${outcome}.` };
    }
    default:
      return null;
  }
}

function skillText(p: CheckPart): string {
  const spec = p.specialisation ? ` + ${p.specialisation} ${(p.bonus ?? 0) - (p.level ?? 0)}` : '';
  return `${p.skill} ${p.level ?? 0}${p.untrained ? ' (untrained)' : ''}${spec}`;
}

function attackText(e: AttackedEvent, n: (id: string) => string): string {
  const stat = e.kind === 'power' ? 'STR' : 'REF';
  const head = `${n(e.actor)}: ${KIND[e.kind]} on ${n(e.target)}${e.weapon ? ` with ${e.weapon}` : ''}${e.label ? ` (${e.label})` : ''}`;
  const how = `${e.attack.characteristic} ${e.attack.value} + ${skillText(e.attack)}${e.invest ? `, investing ${e.invest} ${stat}` : ''}`;
  const mod = e.tnModifier !== 0 ? signed(e.tnModifier) : '';
  const against = e.opposed
    ? `${refPossessive(e.target)} ${e.defence} ${e.opposed.roll.total}${mod ? `${mod} = ${e.tn}` : ''} (${e.opposed.characteristic} ${e.opposed.value} + ${skillText(e.opposed)}: ${formatRoll(e.opposed.roll)}; opposed, a tie goes to the defender)`
    : `TN ${e.tn} (Defence ${e.defenceValue}${mod})`;
  let outcome = 'miss';
  if (e.hit) {
    const roll = e.damageRoll;
    const parts = [roll && roll.dice.length > 0 ? formatRoll(roll) : `${e.weapon ?? 'damage'} ${roll?.total ?? 0}`];
    if (e.damageModifier !== 0) parts.push(`${e.damageModifier > 0 ? '+' : '-'}${Math.abs(e.damageModifier)} for ${e.invest} ${stat} invested`);
    if (e.armour > 0) parts.push(`-${e.armour} armour`);
    outcome = `hit, ${plural(e.damage ?? 0, 'point')} of damage (${parts.join(', ')})${e.pending ? ', landing when the slot resolves' : ''}`;
  }
  const cost = e.defenceCost ? ` ${n(e.target)} gives up an action of this game turn for the ${e.defence}.` : '';
  return `${head} (${how}): ${formatRoll(e.attack.roll)} vs ${against}: ${outcome}.${cost}`;
}
