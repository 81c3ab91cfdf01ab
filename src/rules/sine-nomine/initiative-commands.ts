import { reject, sideById, sideIdFor } from '../../core/index.ts';
import type { Decision, EngineEvent } from '../../core/index.ts';
import type { Builder } from './builder.ts';
import { newSlot, sync } from './initiative.ts';
import { place } from './placement.ts';
import { awaitingInitiative, nameOf } from './query.ts';
import { slotKeyFor, slotLabel } from './slot-keys.ts';
import { slotWith, withTotal } from './slots.ts';

type D = Decision<EngineEvent>;

/** roll-initiative: everyone still without initiative, or the named combatants. Never a re-roll. */
export function rollInitiative(b: Builder, wanted: readonly string[] | undefined): D {
  const s = b.state;
  const p = b.game.id;
  for (const id of wanted ?? []) {
    const name = nameOf(s, id);
    if (awaitingInitiative(s, b.game, id)) {
      return reject(`${p}/surprised`, `${name} is surprised: it rolls initiative at the start of round 2.`);
    }
    const slot = slotWith(b.m.order, id);
    if (slot) {
      const whose = slot.kind === 'side' ? `${name} acts in the ${slot.label} turn (${slot.initiative})` : `${name} has ${slot.initiative}`;
      return reject('initiative/already-rolled', `Initiative is not re-rolled: ${whose}; the GM can change its total (set-initiative).`);
    }
    if (s.combatants[id]!.defeated) return reject('combatant/defeated', `${name} is defeated: bring it back (set-defeated) before rolling.`);
  }
  sync(b, { roll: true, ...(wanted ? { only: wanted } : {}) });
  if (b.events.length === 0) {
    return reject('initiative/nothing-to-roll', 'Everyone has initiative already; it is not re-rolled, but the GM can change a total (set-initiative).');
  }
  return b.done();
}

/** set-initiative: the GM's total for a combatant's slot or a side; the slot moves, the turn does not. */
export function setInitiative(b: Builder, combatant: string | undefined, side: string | undefined, total: number): D {
  const s = b.state;
  const p = b.game.id;
  let key: string;
  if (combatant !== undefined) {
    if (awaitingInitiative(s, b.game, combatant)) {
      return reject(`${p}/surprised`, `${nameOf(s, combatant)} is surprised: it has no initiative before round 2.`);
    }
    key = slotWith(b.m.order, combatant)?.key ?? slotKeyFor(s, b.game, combatant);
  } else {
    const sideId = sideIdFor(side ?? '');
    if (!sideById(s, sideId)) {
      const names = s.sideOrder.map((x) => s.sides[x]!.name).join(', ') || 'none';
      return reject('side/unknown', `There is no side called "${side ?? ''}" (sides: ${names}).`);
    }
    const member = s.roster.find((id) => s.combatants[id]!.side === sideId && slotKeyFor(s, b.game, id).startsWith('side:'));
    key = member ? slotKeyFor(s, b.game, member) : `side:${sideId}`;
    if (b.game.mode(s.options) === 'individual') {
      return reject('initiative/individual', 'Initiative is individual in this encounter: set a combatant\'s total instead.');
    }
  }
  const existing = b.m.order.find((o) => o.key === key);
  if (existing?.initiative === total) return reject('initiative/unchanged', `${existing.label} already has ${total}.`);
  const slot = existing ? withTotal(existing, total) : newSlot(b, key, total);
  if (slot.members.length === 0) return reject('initiative/nobody', `Nobody acts in the ${slot.label} slot yet.`);
  b.emit('initiative-set', {
    key,
    label: slotLabel(s, b.game, key),
    total,
    from: existing?.initiative ?? null,
    ...(key.startsWith('side:') ? { side: key.slice('side:'.length) } : { combatant: key }),
  });
  const order = place(b, b.m.order, slot);
  b.emit('order-changed', { slots: order });
  return b.done();
}
