import type { Command, DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { act, leaveMelee } from './act.ts';
import type { ActInput } from './act.ts';
import { attack } from './attack.ts';
import { Builder } from './builder.ts';
import { beginTurn, endTurn, start } from './flow.ts';
import type { SnGame } from './game.ts';
import { breakFree, grapple, shove } from './grapple.ts';
import { rollInitiative, setInitiative } from './initiative-commands.ts';
import { dropGrapplesOfDowned } from './grapple-upkeep.ts';
import { knockOuts } from './less-lethal.ts';
import { addCombatant, removeCombatant, removeCondition, reorder, updateCombatant } from './roster.ts';
import { setSide } from './side-settings.ts';
import type { SnEncounter } from './state.ts';
import { surpriseCombatants, surpriseSide } from './surprise.ts';

type D = Decision<EngineEvent>;

/** Commands that may put someone down (or knock them out with less-lethal damage, CWN). */
const DAMAGING = new Set(['attack', 'damage', 'heal', 'set-track', 'set-defeated']);

export function decideSn(game: SnGame, state: SnEncounter, command: Command, ctx: DecideContext): D | undefined {
  let d = dispatch(game, state, command, ctx);
  const follow = (game.lessLethal || game.grapple) && DAMAGING.has(command.type);
  if (!follow) return d;
  d ??= ctx.core(command);
  if (!d.ok) return d;
  const b = new Builder(ctx.apply(state, d.events) as SnEncounter, game, ctx);
  if (game.lessLethal) knockOuts(b, d.events);
  dropGrapplesOfDowned(b, [...d.events, ...b.events]);
  return b.events.length === 0 ? d : { ok: true, events: [...d.events, ...b.events] };
}

// Module-level, not closures made on each command: tsx's esbuild names each closure it makes.
function str(c: Command, k: string): string | undefined {
  return typeof c[k] === 'string' ? (c[k] as string) : undefined;
}

function strs(c: Command, k: string): string[] | undefined {
  return Array.isArray(c[k]) ? (c[k] as string[]) : undefined;
}

function dispatch(game: SnGame, state: SnEncounter, c: Command, ctx: DecideContext): D | undefined {
  const b = new Builder(state, game, ctx);
  switch (c.type) {
    case 'roll-initiative':
      return rollInitiative(b, strs(c, 'combatants'));
    case 'set-initiative':
      return setInitiative(b, str(c, 'combatant'), str(c, 'side'), c.total as number);
    case 'start':
      return start(b);
    case 'begin-turn':
      return beginTurn(b, c.combatant as string);
    case 'end-turn':
      return endTurn(b, str(c, 'combatant'));
    case 'act':
      return act(b, c as unknown as ActInput);
    case 'leave-melee':
      return leaveMelee(b, c.actor as string, c.withdrawing === true, strs(c, 'targets') ?? []);
    case 'attack':
      return attack(b, {
        actor: c.actor as string,
        target: c.target as string,
        ...(c.weapon !== undefined ? { weapon: c.weapon as string | number } : {}),
        modifiers: strs(c, 'modifiers') ?? [],
        situational: (c.situational as number | undefined) ?? 0,
        ...(typeof c.lessLethal === 'boolean' ? { lessLethal: c.lessLethal } : {}),
        free: c.free === true,
      });
    case 'surprise':
      return game.surprise === 'combatant'
        ? surpriseCombatants(b, strs(c, 'actors') ?? [], strs(c, 'targets') ?? [], c.declare === true)
        : surpriseSide(b, str(c, 'side'), strs(c, 'actors') ?? [], strs(c, 'targets'), c.declare === true);
    case 'set-side':
      return setSide(b, c.side as string, c.anticipating as boolean | undefined, c.modifier as number | undefined);
    case 'shove':
      return shove(b, c.actor as string, c.target as string, c.effect === 'prone' ? 'prone' : 'push');
    case 'grapple':
      return grapple(b, c.actor as string, c.target as string);
    case 'break-free':
      return breakFree(b, c.actor as string, str(c, 'target'));
    case 'add-combatant':
      return addCombatant(b, c, ctx);
    case 'update-combatant':
      return updateCombatant(b, c, ctx);
    case 'remove-combatant':
      return removeCombatant(b, c, ctx);
    case 'reorder':
      return reorder(b, c, ctx);
    case 'remove-condition':
      return removeCondition(b, c, ctx);
    default:
      return undefined;
  }
}
