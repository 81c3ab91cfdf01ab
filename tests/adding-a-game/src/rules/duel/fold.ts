import { COMMON_CONDITIONS, currentSlot, list, ref, removeMember, slotOf, withModule } from '../../../../../src/core/index.ts';
import type { ActionOption, EngineEvent, FoldModule, LogText, WhoMayAct } from '../../../../../src/core/index.ts';
import { formatRoll } from '../../../../../src/dice/index.ts';
import type { DuelEvent } from './events.ts';
import { initialDuelState } from './state.ts';
import type { DuelEncounter, DuelState } from './state.ts';

type Boundary = Extract<EngineEvent, { type: 'round-started' | 'turn-started' | 'turn-ended' | 'combatant-removed' }>;

function evolve(state: DuelEncounter, event: EngineEvent): DuelEncounter {
  const m = state.module;
  const e = event as DuelEvent | Boundary;
  const track = (t: Partial<DuelState['track']>) => withModule(state, { ...m, track: { ...m.track, ...t } });
  switch (e.type) {
    case 'duel/initiative-rolled':
      return withModule(state, { ...m, initiative: { ...m.initiative, [e.combatant]: e.roll.total } });
    case 'duel/order-set':
      return track({ slots: e.slots });
    case 'duel/joined-late':
      return track({ done: [...m.track.done, e.combatant] });
    case 'round-started':
      return track({ current: null, active: null, done: [] });
    case 'turn-started':
      return track({ current: slotOf(m.track, e.actors[0] ?? '')?.key ?? null, active: null });
    case 'turn-ended':
      return track({ done: [...m.track.done, ...e.actors.filter((a) => !m.track.done.includes(a))] });
    case 'combatant-removed': {
      const { [e.id]: _gone, ...initiative } = m.initiative;
      return withModule(state, { initiative, track: removeMember(m.track, e.id) });
    }
    default:
      return state;
  }
}

function whoMayAct(state: DuelEncounter): WhoMayAct {
  if (state.status === 'ended') return { kind: 'ended' };
  if (state.status === 'setup') return { kind: 'setup', needs: state.roster.length < 2 ? 'Add two combatants, then start the fight (start).' : 'Start the fight (start): it rolls 1d6 for anyone without initiative.' };
  const slot = currentSlot(state.module.track);
  return slot ? { kind: 'actor', round: state.round, actor: slot.members[0]! } : { kind: 'setup', needs: 'Nobody is able to act: add combatants or end the encounter.' };
}

function allowedActions(state: DuelEncounter, id: string): ActionOption[] {
  const c = state.combatants[id];
  if (state.status !== 'running' || !c) return [];
  const acting = state.module.track.current === id;
  return [{ command: 'end-turn', label: 'End turn', legal: acting, ...(acting ? {} : { reason: `It is not ${c.name}'s turn.` }) }];
}

function describe(event: EngineEvent): LogText | null {
  const e = event as DuelEvent;
  if (e.type === 'duel/initiative-rolled') return { text: `${ref(e.combatant)} rolls initiative: ${formatRoll(e.roll)}.` };
  if (e.type === 'duel/joined-late') return { text: `${ref(e.combatant)}'s place this round has passed: first turn next round.` };
  if (e.type === 'duel/order-set') return { text: `Initiative order: ${list(e.slots.map((s) => `${ref(s.key)} ${s.initiative ?? '-'}`), { min: 1 })}.` };
  return null;
}

/** The duel's fold half: what a screen needs to show the fight, without zod. */
export const duelFold: FoldModule<DuelState> = {
  id: 'duel',
  title: 'Duel (example)',
  version: 1,
  conditions: COMMON_CONDITIONS,
  init: () => initialDuelState(),
  evolve,
  whoMayAct,
  allowedActions,
  describe,
};
