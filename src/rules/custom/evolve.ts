import type { EngineEvent, RoundTrack } from '../../core/index.ts';
import { removeMember, slotOf, withModule } from '../../core/index.ts';
import type { CustomEvent } from './events.ts';
import type { CustomEncounter } from './state.ts';

export function evolveCustom(state: CustomEncounter, event: EngineEvent): CustomEncounter {
  const m = state.module;
  const e = event as CustomEvent | Extract<EngineEvent, { type: 'round-started' | 'turn-started' | 'turn-ended' | 'combatant-removed' }>;
  switch (e.type) {
    case 'custom/initiative-rolled':
      return withModule(state, { ...m, initiative: { ...m.initiative, [e.combatant]: { total: e.total, roll: e.roll } } });
    case 'custom/initiative-set':
      return withModule(state, { ...m, initiative: { ...m.initiative, [e.combatant]: { total: e.total, roll: null } } });
    case 'custom/roll-off': {
      const init = m.initiative[e.combatant];
      if (!init) return state;
      return withModule(state, { ...m, initiative: { ...m.initiative, [e.combatant]: { ...init, rollOff: e.roll.total } } });
    }
    case 'custom/order-set':
      return withTrack(state, { ...m.track, slots: e.slots });
    case 'custom/joined-late':
      return withTrack(state, { ...m.track, done: [...m.track.done, e.combatant] });
    case 'round-started':
      return withTrack(state, { ...m.track, current: null, active: null, done: [] });
    case 'turn-started': {
      const slot = slotOf(m.track, e.actors[0] ?? '');
      return withTrack(state, { ...m.track, current: slot?.key ?? null, active: null });
    }
    case 'turn-ended':
      return withTrack(state, { ...m.track, done: [...m.track.done, ...e.actors.filter((a) => !m.track.done.includes(a))] });
    case 'combatant-removed': {
      const { [e.id]: _gone, ...initiative } = m.initiative;
      return withModule(state, { initiative, track: removeMember(m.track, e.id) });
    }
    default:
      return state;
  }
}

function withTrack(state: CustomEncounter, track: RoundTrack): CustomEncounter {
  return withModule(state, { initiative: state.module.initiative, track });
}
