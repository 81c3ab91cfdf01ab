import { currentSlot } from '../../core/index.ts';
import type { ActionOption, Decision } from '../../core/index.ts';
import { cannotMove } from './act.ts';
import { pay, spentOf } from './economy.ts';
import type { Cost } from './economy.ts';
import { freeAttackTargets, meleeWeapons, noFreeAttack } from './free-attacks.ts';
import type { SnGame } from './game.ts';
import { grapplesBy, grapplesOn } from './query.ts';
import { notProne, STAND_UP_COST, STAND_UP_USE } from './stand-up.ts';
import type { SnEncounter, SnSlot } from './state.ts';
import { statsOf, unarmed } from './stats.ts';
import { checkFreeAttack, checkInstant, checkOwnTurn } from './who-may-act.ts';
import type { TurnCheck } from './who-may-act.ts';

const why = (d: Decision<unknown>): string => (d.ok ? '' : d.rejection.message);

/** Every action a combatant might take, legal or not, with the reason when not. */
export function allowedActions(state: SnEncounter, game: SnGame, id: string): ActionOption[] {
  const c = state.combatants[id];
  if (!c) return [];
  const own = checkOwnTurn(state, game, id);
  const instant = checkInstant(state, game, id);
  const stuck = cannotMove(state, game, id);
  const out: ActionOption[] = [];
  const option: Option = (command, preset, label, turn, cost, use, costLabel, extra) => {
    let reason: string | undefined;
    if (!turn.ok) reason = why(turn.decision);
    else if (extra) reason = extra;
    else {
      const p = pay(state, game, id, cost, use);
      if (!p.ok) reason = why(p.decision);
    }
    out.push({ command, preset: { actor: id, ...preset }, label, ...(costLabel ? { cost: costLabel } : {}), legal: reason === undefined, ...(reason ? { reason } : {}) });
  };
  turnOptions(state, id, own, out);
  option('act', { action: 'move' }, 'Move (up to 10 m)', own, 'move', 'Move', 'Move', stuck ? why(stuck) : null);
  option('act', { action: 'main-as-move' }, 'Spend the Main action as a second Move', own, 'main-as-move', 'second Move', 'Main', stuck ? why(stuck) : null);
  option('act', { action: 'fighting-withdrawal' }, 'Fighting Withdrawal', own, 'main', 'Fighting Withdrawal', 'Main', stuck ? why(stuck) : null);
  if (game.standUp) option('act', { action: 'stand-up' }, 'Stand up from prone', own, STAND_UP_COST, STAND_UP_USE, 'Move', notProne(state, id));
  option('leave-melee', { withdrawing: false }, 'Leave melee without a Fighting Withdrawal (free attacks)', own, 'move-or-main', 'leave melee', 'Move', stuck ? why(stuck) : null);
  const spent = spentOf(state, id);
  const withdrew = spent.mains.includes('Fighting Withdrawal');
  const noMove = spent.moves.length > 0 ? `${c.name} has already used the Move action this round.` : null;
  option('leave-melee', { withdrawing: true }, 'Fighting Withdrawal, then leave melee', own, withdrew ? 'none' : 'main', 'Fighting Withdrawal', withdrew ? 'Move' : 'Main + Move', stuck ? why(stuck) : noMove);
  const weapons = statsOf(c).weapons;
  for (const w of weapons.length > 0 ? weapons : [unarmed]) {
    option('attack', { weapon: w.name }, `Attack with ${w.name}`, own, 'main', 'attack', 'Main');
  }
  freeAttackOptions(state, game, id, option);
  option('act', { action: 'main' }, 'Other Main action', own, 'main', 'Main action', 'Main');
  option('act', { action: 'on-turn' }, 'On Turn action', own, 'none', 'On Turn action', 'On Turn');
  option('act', { action: 'instant' }, 'Instant action', instant, 'none', 'Instant action', 'Instant');
  option('act', { action: 'instant', costsMain: true }, 'Instant action that costs the Main action', instant, 'main', 'Instant action', 'Instant + Main');
  if (game.grapple) {
    const holding = grapplesBy(state, id);
    const held = grapplesOn(state, id);
    option('shove', { effect: 'prone' }, 'Shove (push back or knock prone)', own, 'main', 'shove', 'Main');
    option('grapple', {}, 'Grapple', own, 'main', 'grapple', 'Main', held.length > 0 ? `${c.name} is grappled: grappling needs free hands.` : null);
    option('break-free', {}, 'Break free', own, 'main', 'break free', 'Main', held.length === 0 ? `${c.name} is not grappled.` : null);
    if (holding.length === 0) {
      const none = `${c.name} is not grappling anyone.`;
      option('act', { action: 'maintain-grapple' }, 'Maintain the grapple', own, 'move-or-main', 'maintain grapple', 'Move', none);
      option('act', { action: 'release-grapple' }, 'Release the grapple', own, 'none', 'release', 'free', none);
    }
    for (const g of holding) {
      const who = state.combatants[g.target]?.name ?? g.target;
      const upkeep = g.since === state.round ? 'It was made this round: it needs maintaining from next round.' : g.maintained === state.round ? 'Already maintained this round.' : null;
      option('act', { action: 'maintain-grapple', target: g.target }, `Maintain the grapple on ${who}`, own, 'move-or-main', 'maintain grapple', 'Move', upkeep);
      option('act', { action: 'release-grapple', target: g.target }, `Release ${who}`, own, 'none', 'release', 'free');
    }
  }
  return out;
}

type Option = (command: string, preset: Record<string, unknown>, label: string, turn: TurnCheck, cost: Cost, use: string, costLabel?: string, extra?: string | null) => void;

/** A free melee attack on each foe who left melee and owes this combatant one, with each melee weapon; else one, not legal. */
function freeAttackOptions(state: SnEncounter, game: SnGame, id: string, option: Option): void {
  const turn = checkFreeAttack(state, game, id);
  const targets = freeAttackTargets(state, id);
  const weapons = meleeWeapons(state.combatants[id]!);
  if (targets.length === 0 || weapons.length === 0) {
    option('attack', { free: true }, 'Free melee attack (a foe left melee)', turn, 'none', 'free attack', 'none', noFreeAttack(state, id));
    return;
  }
  for (const target of targets) {
    const t = state.combatants[target]!;
    for (const w of weapons) {
      const down = t.defeated ? `${t.name} is already defeated.` : null;
      option('attack', { free: true, target, weapon: w.name }, `Free melee attack on ${t.name} with ${w.name} (${t.name} left melee)`, turn, 'none', 'free attack', 'none', down);
    }
  }
}

function turnOptions(state: SnEncounter, id: string, own: TurnCheck, out: ActionOption[]): void {
  const track = state.module.track;
  const slot = currentSlot(track) as SnSlot | undefined;
  const acting = slot?.kind === 'actor' ? slot.members[0] === id : track.active === id;
  if (slot?.kind === 'side' && slot.members.includes(id)) {
    const can = own.ok && own.begin;
    out.push({
      command: 'begin-turn',
      preset: { combatant: id },
      label: 'Begin this turn (the side chooses who acts next)',
      legal: can,
      ...(can ? {} : { reason: own.ok ? 'Already acting.' : why(own.decision) }),
    });
  }
  out.push({
    command: 'end-turn',
    preset: { combatant: id },
    label: 'End the turn',
    legal: state.status === 'running' && acting,
    ...(state.status === 'running' && acting ? {} : { reason: own.ok ? 'This turn has not begun.' : why(own.decision) }),
  });
}
