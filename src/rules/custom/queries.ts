import type { ActionOption, WhoMayAct } from '../../core/index.ts';
import { currentSlot } from '../../core/index.ts';
import type { CustomEncounter } from './state.ts';

export function whoMayActCustom(state: CustomEncounter): WhoMayAct {
  if (state.status === 'ended') return { kind: 'ended' };
  if (state.status === 'setup') {
    const missing = state.roster.filter((id) => !state.module.initiative[id]).length;
    return {
      kind: 'setup',
      needs: state.roster.length === 0
        ? 'Add combatants (add-combatant), then start the fight (start).'
        : `${missing > 0 ? `${missing} combatant(s) have no initiative yet: roll it (roll-initiative) or let start roll it. ` : ''}Start the fight (start).`,
    };
  }
  const slot = currentSlot(state.module.track);
  if (!slot) return { kind: 'setup', needs: 'Nobody is able to act: add combatants or end the encounter.' };
  return { kind: 'actor', round: state.round, actor: slot.members[0]! };
}

export function allowedActionsCustom(state: CustomEncounter, id: string): ActionOption[] {
  if (state.status !== 'running') return [];
  const acting = state.module.track.current === id;
  const reason = acting ? undefined : `It is not ${state.combatants[id]?.name ?? id}'s turn.`;
  const option = (command: string, label: string): ActionOption => ({ command, label, legal: acting, ...(reason ? { reason } : {}) });
  return [option('attack', 'Attack'), option('act', 'Other action'), option('end-turn', 'End turn')];
}
