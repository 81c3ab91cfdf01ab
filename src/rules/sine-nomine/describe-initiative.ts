import type { LogText } from '../../core/index.ts';
import type { RollResult } from '../../dice/index.ts';
import { canAct, listText, nameOf, possessive } from './query.ts';
import { annotate } from './slots.ts';
import type { SnEncounter, SnSlot } from './state.ts';

type E = Record<string, unknown>;

/** " + 2", " - 1", or nothing for 0. */
export function plus(n: number): string {
  return n === 0 ? '' : n > 0 ? ` + ${n}` : ` - ${-n}`;
}

/** "2d6: 4, 3 + 2": the dice as they came up and the modifier. */
export function rollText(roll: RollResult, modifier = 0): string {
  return `${roll.notation}: ${roll.dice.filter((d) => d.kept).map((d) => d.value).join(', ')}${plus(modifier)}`;
}

/** The order players may see: hidden combatants left out (tie-breaks explained among the rest). */
function orderText(s: SnEncounter, slots: readonly SnSlot[]): string {
  const parts = annotate(slots.filter((x) => !isHidden(s, x))).map((x) => `${x.label} ${x.initiative ?? '-'}${x.tieBreak ? ` (${x.tieBreak})` : ''}`);
  return `Initiative order: ${parts.join(', ') || 'nobody yet'}.`;
}

function isHidden(s: SnEncounter, slot: SnSlot): boolean {
  return slot.kind === 'actor' && slot.members.every((id) => s.combatants[id]?.hidden);
}

export function describeInitiative(name: string, e: E, s: SnEncounter): LogText | null | undefined {
  const n = (id: unknown): string => nameOf(s, id as string);
  switch (name) {
    case 'initiative-rolled':
      return { text: `Initiative: ${n(e.combatant)} ${e.total as number} (1d8: ${e.die as number}${plus(e.modifier as number)}).` };
    case 'side-initiative-rolled': {
      const side = e.sideModifier as number;
      const dex = (e.modifier as number) - side;
      const parts = [`1d8: ${e.die as number}`];
      // A hidden combatant's name stays out of a line players see.
      const best = e.best !== undefined && !s.combatants[e.best as string]?.hidden ? ` of ${n(e.best)}` : '';
      if (e.best !== undefined) parts.push(`${dex >= 0 ? '+' : ''}${dex} Dex${best}`);
      if (side !== 0) parts.push(`${side > 0 ? '+' : ''}${side} side modifier`);
      return { text: `Initiative: ${e.label as string} ${e.total as number} (${parts.join(', ')}).` };
    }
    case 'rolled-off': {
      const rolls = [...(e.rolls as Array<{ label: string; die: number }>)].sort((x, y) => y.die - x.die).map((r) => `${r.label} ${r.die}`);
      const again = (e.level as number) > 1 ? ` (again, level ${e.level as number})` : '';
      return { text: `Roll-off for the tie at ${e.initiative as number}${again}: ${rolls.join(', ')}.` };
    }
    case 'initiative-set': {
      const from = e.from === null ? '' : ` (was ${e.from as number})`;
      return { text: `The GM sets ${possessive(e.label as string)} initiative to ${e.total as number}${from}.` };
    }
    case 'order-changed': {
      const text = orderText(s, e.slots as SnSlot[]);
      // A member joining a side's slot changes no number: the joined-slot line says it.
      return text === orderText(s, s.module.order) ? null : { text };
    }
    case 'joined-slot':
      return { text: `${n(e.combatant)} joins the ${possessive(e.label as string)} turn.` };
    case 'slot-moved':
      return { text: `The GM moves ${e.label as string} in the initiative order.` };
    case 'joined-late': {
      const r = e.round as number;
      return { text: `${n(e.combatant)}'s place in round ${r} has passed: it acts from round ${r + 1}.` };
    }
    case 'slot-started': {
      if (!String(e.key).startsWith('side:')) return null;
      const slot = s.module.track.slots.find((x) => x.key === e.key);
      const members = (slot?.members ?? []).filter((id) => canAct(s, id) && !s.combatants[id]?.hidden).map(n);
      const init = e.initiative === null ? 'free round' : `initiative ${e.initiative as number}`;
      const who = members.length === 1 ? `${members[0]!} acts` : `${listText(members) || 'nobody'} act in the order they choose`;
      return { text: `${possessive(e.label as string)} turn (${init}): ${who} (begin-turn).` };
    }
    case 'side-turn-ended': {
      const skipped = (e.skipped as string[]).filter((id) => !s.combatants[id]?.hidden).map(n);
      const missed = skipped.length > 0 ? ` ${listText(skipped)} did not act this round.` : '';
      return { text: `End of the ${possessive(e.label as string)} turn.${missed}` };
    }
    case 'nobody-can-act':
      return { text: `Nobody can act in round ${e.round as number}.` };
    case 'free-round-started': {
      const sides = (e.sides as string[]).map((id) => s.sides[id]?.name ?? id);
      return { text: `Surprise! The ${listText(sides)} are caught unawares: their enemies get a free round before initiative is rolled.` };
    }
    default:
      return undefined;
  }
}
