import { list, optional, ref, refPossessive, refs, sidePossessive, sideRef } from '../../core/index.ts';
import type { LogText } from '../../core/index.ts';
import type { RollResult } from '../../dice/index.ts';
import { canAct, possessive } from './query.ts';
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

/**
 * A slot by its label: a combatant's slot names the combatant, a side's the side (so players read it per
 * mention); SWN's shared group slots ("PCs", "NPCs") name no one.
 */
export function slotRef(s: SnEncounter, key: string, label: string, owner = false): string {
  if (!key.startsWith('side:')) return s.combatants[key] ? (owner ? refPossessive(key) : ref(key)) : owner ? possessive(label) : label;
  const side = key.slice('side:'.length);
  if (s.sides[side]?.name === label) return owner ? sidePossessive(side) : sideRef(side);
  return owner ? possessive(label) : label;
}

/** The order players may see: hidden combatants left out (tie-breaks explained among the rest). */
function orderText(s: SnEncounter, slots: readonly SnSlot[]): string {
  const parts = annotate(slots.filter((x) => !isHidden(s, x))).map((x) => `${slotRef(s, x.key, x.label)} ${x.initiative ?? '-'}${x.tieBreak ? ` (${x.tieBreak})` : ''}`);
  return `Initiative order: ${parts.length > 0 ? list(parts, { min: 1 }) : 'nobody yet'}.`;
}

function isHidden(s: SnEncounter, slot: SnSlot): boolean {
  return slot.kind === 'actor' && slot.members.every((id) => s.combatants[id]?.hidden);
}

export function describeInitiative(name: string, e: E, s: SnEncounter): LogText | null | undefined {
  const n = (id: unknown): string => ref(id as string);
  switch (name) {
    case 'initiative-rolled':
      return { text: `Initiative: ${n(e.combatant)} ${e.total as number} (1d8: ${e.die as number}${plus(e.modifier as number)}).` };
    case 'side-initiative-rolled': {
      const side = e.sideModifier as number;
      const dex = (e.modifier as number) - side;
      const parts = [`1d8: ${e.die as number}`];
      // A hidden combatant's name stays out of a line players see.
      const best = e.best !== undefined && !s.combatants[e.best as string]?.hidden ? optional(` of ${n(e.best)}`) : '';
      if (e.best !== undefined) parts.push(`${dex >= 0 ? '+' : ''}${dex} Dex${best}`);
      if (side !== 0) parts.push(`${side > 0 ? '+' : ''}${side} side modifier`);
      return { text: `Initiative: ${slotRef(s, e.key as string, e.label as string)} ${e.total as number} (${parts.join(', ')}).` };
    }
    case 'rolled-off': {
      const rolls = [...(e.rolls as Array<{ key: string; label: string; die: number }>)].sort((x, y) => y.die - x.die).map((r) => `${slotRef(s, r.key, r.label)} ${r.die}`);
      const again = (e.level as number) > 1 ? ` (again, level ${e.level as number})` : '';
      // A roll-off with fewer than two visible rollers tells players nothing (and would hint at the rest).
      return { text: `Roll-off for the tie at ${e.initiative as number}${again}: ${list(rolls, { min: 2 })}.` };
    }
    case 'initiative-set': {
      const from = e.from === null ? '' : ` (was ${e.from as number})`;
      return { text: `The GM sets ${slotRef(s, e.key as string, e.label as string, true)} initiative to ${e.total as number}${from}.` };
    }
    case 'order-changed': {
      const text = orderText(s, e.slots as SnSlot[]);
      // A member joining a side's slot changes no number: the joined-slot line says it.
      return text === orderText(s, s.module.order) ? null : { text };
    }
    case 'joined-slot':
      return { text: `${n(e.combatant)} joins the ${slotRef(s, e.key as string, e.label as string, true)} turn.` };
    case 'slot-moved':
      return { text: `The GM moves ${slotRef(s, e.key as string, e.label as string)} in the initiative order.` };
    case 'joined-late': {
      const r = e.round as number;
      return { text: `${n(e.combatant)}'s place in round ${r} has passed: it acts from round ${r + 1}.` };
    }
    case 'slot-started': {
      if (!String(e.key).startsWith('side:')) return null;
      const slot = s.module.track.slots.find((x) => x.key === e.key);
      const members = (slot?.members ?? []).filter((id) => canAct(s, id) && !s.combatants[id]?.hidden);
      const init = e.initiative === null ? 'free round' : `initiative ${e.initiative as number}`;
      const who = refs(members, { empty: 'nobody act in the order they choose', one: ' acts', many: ' act in the order they choose' });
      return { text: `${slotRef(s, e.key as string, e.label as string, true)} turn (${init}): ${who} (begin-turn).` };
    }
    case 'side-turn-ended': {
      const skipped = (e.skipped as string[]).filter((id) => !s.combatants[id]?.hidden);
      const missed = refs(skipped, { lead: ' ', one: ' did not act this round.', many: ' did not act this round.' });
      return { text: `End of the ${slotRef(s, e.key as string, e.label as string, true)} turn.${missed}` };
    }
    case 'nobody-can-act':
      return { text: `Nobody can act in round ${e.round as number}.` };
    case 'free-round-started': {
      const sides = list((e.sides as string[]).map(sideRef), { last: ' and ', min: 1 });
      return { text: `Surprise! The ${sides} are caught unawares: their enemies get a free round before initiative is rolled.` };
    }
    default:
      return undefined;
  }
}
