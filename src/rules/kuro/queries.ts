import type { ActionOption, WhoMayAct } from '../../core/index.ts';
import { nameOf } from '../../core/index.ts';
import { optionsOf } from './options.ts';
import { actingNow, actionsLeft, needInitiative, names, phaseCount, undeclared } from './phase.ts';
import type { KuroEncounter } from './state.ts';
import { statsOf } from './stats.ts';

/** Who may act now: the slot of the current phase (`actor`, or `group` for a tie), with the phase set. */
export function whoMayActKuro(s: KuroEncounter): WhoMayAct {
  if (s.status === 'ended') return { kind: 'ended' };
  const m = s.module;
  if (m.stage === 'setup') {
    return {
      kind: 'setup',
      needs: s.roster.length === 0 ? 'Add combatants (add-combatant), then start the fight (start).' : 'Start the fight (start): it rolls initiative for whoever has none.',
    };
  }
  if (m.stage === 'initiative') {
    const missing = needInitiative(s);
    return {
      kind: 'setup',
      needs: missing.length
        ? `Game turn ${s.round}: everyone rolls initiative (roll-initiative); still missing: ${names(s, missing)}. Phase 1 begins when everyone has one.`
        : `Game turn ${s.round}: everyone has an initiative; begin phase 1 (start).`,
    };
  }
  const actors = actingNow(s);
  const label = `Game turn ${s.round}, phase ${m.phase} of ${phaseCount(s)}`;
  if (actors.length === 0) return { kind: 'setup', needs: 'Nobody is acting: end the turn (end-turn).' };
  if (actors.length === 1) return { kind: 'actor', round: s.round, phase: m.phase, actor: actors[0]!, label };
  return { kind: 'group', round: s.round, phase: m.phase, actors, waiting: undeclared(s), label: `${label}: equal initiative, acting at the same time` };
}

/** Every action a combatant might take, legal or not (with the reason). */
export function allowedActionsKuro(s: KuroEncounter, id: string): ActionOption[] {
  const c = s.combatants[id];
  if (!c || s.status === 'ended') return [];
  const m = s.module;
  const stats = statsOf(c.stats);
  const name = c.name;
  const acting = actingNow(s);
  const inTurn = acting.includes(id);
  const declared = m.declared[id];
  let turnReason: string | undefined;
  if (m.stage === 'setup') turnReason = 'The fight has not started (start).';
  else if (m.stage === 'initiative') turnReason = `Game turn ${s.round} has not begun: initiative first (roll-initiative).`;
  else if (!inTurn) turnReason = `It is not ${name}'s turn (phase ${m.phase}: ${names(s, acting) || 'nobody'}).`;
  else if (c.defeated) turnReason = `${name} is defeated.`;
  else if (declared !== undefined) turnReason = `${name} has used the phase ${m.phase} action (${declared === 'nothing' ? 'passed' : declared}).`;
  const option = (command: string, label: string, extra: Partial<ActionOption>, reason: string | undefined): ActionOption => ({
    command,
    label,
    legal: reason === undefined,
    ...extra,
    ...(reason !== undefined ? { reason } : {}),
  });
  const invest = (stat: 'STR' | 'REF', word: string): string | undefined =>
    turnReason ?? (stats[stat] < 1 ? `${name} has ${stat} 0: no ${word} to invest.` : undefined);
  const cost = 'the phase action';
  const group = acting.length > 1;
  const left = actionsLeft(s, id);
  const defend = optionsOf(s.options).defenceCostsAction;
  const defendReason = c.defeated
    ? `${name} is defeated.`
    : defend && left < 1
      ? `${name} has no action left this game turn to defend with.`
      : undefined;
  const waitingFor = undeclared(s).filter((x) => x !== id);
  let endReason = m.stage === 'phases' && inTurn ? undefined : turnReason;
  if (endReason === undefined && group && declared !== undefined && waitingFor.length > 0) {
    endReason = `Waiting for ${names(s, waitingFor)} to declare an action or pass.`;
  }
  return [
    option('attack', 'Normal Attack (DEX + skill vs Defence)', { preset: { actor: id, kind: 'normal' }, cost }, turnReason),
    option('attack', `Power Attack (STR + skill vs Defence + invested STR, 1 to ${stats.STR}; +2 damage per point)`, { preset: { actor: id, kind: 'power' }, cost }, invest('STR', 'Strength')),
    option('attack', `Fast Attack (REF + skill vs Defence - invested REF, 1 to ${stats.REF}; -2 damage per point)`, { preset: { actor: id, kind: 'fast' }, cost }, invest('REF', 'Reflexes')),
    option('act', 'Other action', { preset: { actor: id }, cost }, turnReason),
    option('end-turn', declared === undefined && inTurn ? (group ? `${name} passes (does nothing this phase)` : 'End turn') : 'End turn', group ? { preset: { actor: id } } : {}, endReason),
    option('attack', 'Parry when attacked (opposed DEX + weapon skill)', { preset: { target: id, defence: 'parry' }, cost: defend ? 'one action this game turn' : 'nothing' }, defendReason),
    option('attack', 'Dodge when attacked (opposed REF + Dodge)', { preset: { target: id, defence: 'dodge' }, cost: defend ? 'one action this game turn' : 'nothing' }, defendReason),
    option(
      'roll-initiative',
      'Roll initiative',
      { preset: { combatants: [id] } },
      m.stage === 'phases' && m.initiative[id] ? `${name} has an initiative for game turn ${s.round}: the GM can change it (set-initiative).` : undefined,
    ),
    option('lose-action', 'Lose an action this game turn', { preset: { combatant: id } }, left < 1 ? `${name} has no action left to lose.` : undefined),
  ];
}

/** What a tracker shows about the game turn: phase, the phase's order, and each combatant's actions. */
export function turnSummary(s: KuroEncounter) {
  const m = s.module;
  const acting = actingNow(s);
  return {
    gameTurn: s.round,
    stage: m.stage,
    phase: m.phase,
    phases: phaseCount(s),
    acting,
    order: m.track.slots.map((slot) => ({
      initiative: slot.initiative,
      simultaneous: slot.members.length > 1,
      current: slot.key === m.track.current,
      members: slot.members.map((id) => ({
        id,
        name: nameOf(s, id),
        status: acting.includes(id) ? 'acting' : m.track.done.includes(id) ? 'done' : 'waiting',
      })),
    })),
    combatants: s.roster.map((id) => ({
      id,
      name: nameOf(s, id),
      initiative: m.initiative[id]?.total ?? null,
      actions: m.actions[id] ?? 0,
      taken: m.acted[id] ?? [],
      left: actionsLeft(s, id),
    })),
  };
}
