import type { RollResult } from '../../dice/index.ts';
import { formatRoll } from '../../dice/index.ts';
import type { EngineEvent, LogText, Slot } from '../../core/index.ts';
import { list, ref } from '../../core/index.ts';
import type { CustomEncounter } from './state.ts';
import type { CustomEvent } from './events.ts';

export function describeCustom(event: EngineEvent, state: CustomEncounter): LogText | null {
  const e = event as CustomEvent;
  const n = ref;
  switch (e.type) {
    case 'custom/initiative-rolled':
      return { text: `${n(e.combatant)} rolls initiative: ${formatRoll(e.roll as RollResult)}.` };
    case 'custom/initiative-set':
      return { text: `The GM sets ${n(e.combatant)}'s initiative to ${e.total}.` };
    case 'custom/roll-off':
      return { text: `${n(e.combatant)} rolls off for a tie: ${formatRoll(e.roll as RollResult)}.` };
    case 'custom/order-set':
      // Players read the order of those they can see; with nobody left, no line.
      return { text: `Initiative order: ${list((e.slots as Slot[]).map((s) => `${n(s.key)} ${s.initiative ?? '-'}`), { min: 1 })}.` };
    case 'custom/joined-late':
      return { text: `${n(e.combatant)}'s place in round ${state.round} has passed: first turn next round.` };
    case 'custom/acted':
      return { text: `${n(e.actor)}: ${e.label}.` };
    case 'custom/attacked': {
      const hit = e.hit as RollResult;
      const dmg = e.damage as RollResult | undefined;
      const what = e.label ? ` with ${e.label}` : '';
      const outcome = e.hits ? `hit${dmg ? `, ${dmg.total} damage (${formatRoll(dmg)})` : ''}` : 'miss';
      return { text: `${n(e.actor)}: attack on ${n(e.target)}${what}: ${hit.total} vs ${e.vs} (${formatRoll(hit)}), ${outcome}.` };
    }
    default:
      return null;
  }
}
