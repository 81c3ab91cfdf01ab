/**
 * Fallout 2d20 on the GM screen: its start panel (who started the fight), the opening turn and the ties
 * above the order, the AP panel, an attack per target and weapon, its chips, and its typed-in dice
 * (combat dice read as 1, 2, 0, E).
 */
import type { EncounterView } from '../../../core/index.ts';
import type { Chip, GmGame } from '../screen-game.ts';
import { FalloutOrderNote } from './order-note.tsx';
import { openTies } from './tie-order.ts';
import type { TieState } from './tie-order.ts';

type Dict = Record<string, unknown>;
const dict = (x: unknown): Dict => (x && typeof x === 'object' ? (x as Dict) : {});

/** Minor and major actions of the acting combatant, and the AP pools. */
function chips(view: EncounterView, id: string): Chip[] {
  const m = dict(view.module);
  const turn = dict(m.turn);
  const pools = dict(m.pools);
  const mine = turn.actor === id;
  const minor = mine ? Number(turn.minor ?? 0) : 0;
  const major = mine ? Number(turn.major ?? 0) : 0;
  return [
    { label: `Minor ${minor}/2`, state: minor === 0 ? 'free' : 'used', title: 'One minor action free; a second costs 1 AP.' },
    { label: `Major ${major}/2`, state: major === 0 ? 'free' : 'used', title: 'One major action free; a second costs 2 AP and its test is 1 harder.' },
    { label: `Party AP ${Number(pools.party ?? 0)}`, state: 'info' },
    { label: `GM AP ${Number(pools.gm ?? 0)}`, state: 'info' },
  ];
}

export const gm: GmGame = {
  id: 'fallout',
  orderNote: FalloutOrderNote,
  tiedIn: (module, able) => openTies(module as TieState | null, able).flatMap((t) => t.open),
  canReorder: true,
  startPanel: () => import('./start-panel.tsx').then((m) => ({ default: m.FalloutStart })),
  statePanel: () => import('./state-panel.tsx').then((m) => ({ default: m.FalloutState })),
  perTargetAttacks: true,
  shortcuts: [{ keys: 'T', what: 'Fallout: go to the tie to order it; there 1 – 9 pick them in the order they act, Alt+↑ / ↓ move one, Enter sets it' }],
  economy: chips,
  diceKeys: (type) => (type === 'attack' ? ['test', 'location', 'damage'] : type === 'roll-initiative' || type === 'start' ? [] : type === 'act' ? ['test'] : undefined),
  typedDice: (key) => (key === 'damage' ? 'combat' : undefined),
};
