import type { ActionOption, WhoMayAct } from '../../core/index.ts';
import { currentSlot } from '../../core/index.ts';
import type { CustomStats } from './schema.ts';
import type { CustomEncounter } from './state.ts';
import { attackLabel, attackPreset } from './stored-attacks.ts';

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

/**
 * Each stored attack by name (its numbers filled in: the GM picks only the target), the free-form
 * attack, another action and the end of the turn; all for the acting combatant, preset as the actor.
 */
export function allowedActionsCustom(state: CustomEncounter, id: string): ActionOption[] {
  const c = state.combatants[id];
  if (state.status !== 'running' || !c) return [];
  const acting = state.module.track.current === id;
  const reason = acting ? undefined : `It is not ${c.name}'s turn.`;
  const option = (command: string, label: string, preset?: Record<string, unknown>): ActionOption => ({
    command,
    label,
    ...(preset ? { preset } : {}),
    legal: acting,
    ...(reason ? { reason } : {}),
  });
  const stored = (c.stats as CustomStats).attacks ?? [];
  return [
    ...stored.map((a) => option('attack', attackLabel(a), { actor: id, ...attackPreset(a) })),
    option('attack', stored.length > 0 ? 'Attack (type the numbers)' : 'Attack', { actor: id }),
    option('act', 'Other action', { actor: id }),
    option('end-turn', 'End turn'),
  ];
}
