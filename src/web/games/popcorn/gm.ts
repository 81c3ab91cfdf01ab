/**
 * Popcorn initiative on the GM screen: its cards instead of an order (order-view.tsx), its start panel
 * (who has the initiative first), the actions under way, its chips and its rolls typed in.
 */
import type { EncounterView } from '../../../core/index.ts';
import type { Chip, GmGame } from '../screen-game.ts';

type Dict = Record<string, unknown>;
const dict = (x: unknown): Dict => (x && typeof x === 'object' ? (x as Dict) : {});
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);

/** The combatant's card face up or down, its Reaction Pool, its action under way. */
function chips(view: EncounterView, id: string): Chip[] {
  const m = dict(view.module);
  const acted = list(m.acted).includes(id);
  const c = view.combatants.find((x) => x.id === id);
  const pool = c?.tracks.reactionPool;
  const pending = dict(dict(m.pending)[id]);
  return [
    { label: acted ? 'Card face up (acted)' : 'Card face down (may act)', state: acted ? 'used' : 'free' },
    ...(pool ? [{ label: `Reaction Pool ${pool.value}/${pool.max ?? pool.value}`, state: pool.value > 0 ? ('free' as const) : ('used' as const) }] : []),
    ...(pending.label ? [{ label: `${String(pending.kind)}: ${String(pending.label)}${pending.left !== undefined ? ` (${String(pending.left)} segments)` : ''}`, state: 'info' as const }] : []),
  ];
}

/** A roll typed in for its `roll` (the sides' d20s to start, an action's roll). */
function diceKeys(type: string, command: Readonly<Record<string, unknown>>, view: EncounterView): string[] | undefined {
  switch (type) {
    case 'roll-initiative':
    case 'start':
      return command.roll ? view.sides.map((s) => s.name) : [];
    case 'act':
    case 'complete-delayed':
    case 'trigger':
    case 'health-check':
    case 'end-round-choice':
      return command.roll ? ['roll'] : [];
    default:
      return undefined;
  }
}

export const gm: GmGame = {
  id: 'popcorn',
  orderTitle: 'Cards',
  orderView: () => import('./order-view.tsx').then((m) => ({ default: m.PopcornCards })),
  startPanel: () => import('./start-panel.tsx').then((m) => ({ default: m.PopcornStart })),
  statePanel: () => import('./state-panel.tsx').then((m) => ({ default: m.PopcornPending })),
  economy: chips,
  diceKeys,
};
