/**
 * Kuro on the GM screen: its game turn of phases instead of the initiative slots (order-view.tsx), its
 * chips, and its dice typed as they show (a 4 counts 0; after each 6, the extra die).
 */
import type { EncounterView } from '../../../core/index.ts';
import type { Chip, GmGame } from '../screen-game.ts';

type Dict = Record<string, unknown>;
const dict = (x: unknown): Dict => (x && typeof x === 'object' ? (x as Dict) : {});
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);

/** Actions left this game turn, the phase action, the initiative. */
function chips(view: EncounterView, id: string): Chip[] {
  const m = dict(view.module);
  const actions = Number(dict(m.actions)[id] ?? 0);
  const taken = list(dict(m.acted)[id]).length;
  const init = dict(dict(m.initiative)[id]).total;
  const declared = dict(m.declared)[id];
  return [
    { label: `Actions this game turn: ${Math.max(actions - taken, 0)} of ${actions} left`, state: actions - taken > 0 ? 'free' : 'used' },
    { label: declared === undefined ? 'Phase action: free' : `Phase action: ${String(declared)}`, state: declared === undefined ? 'free' : 'used' },
    ...(typeof init === 'number' ? [{ label: `Initiative ${init}`, state: 'info' as const }] : []),
  ];
}

export const gm: GmGame = {
  id: 'kuro',
  orderTitle: 'Game turn',
  orderView: () => import('./order-view.tsx').then((m) => ({ default: m.KuroOrder })),
  canReorder: true,
  initiativeDice: { placeholder: 'each die', title: 'Type each Kuro die as it shows (a 4 counts 0), and after each 6 the extra die it rolls, e.g. 6, 2, 5' },
  economy: chips,
  diceKeys: (type, command) => (type === 'attack' ? (command.defence && command.defence !== 'none' ? ['attack', 'defence', 'damage'] : ['attack', 'damage']) : undefined),
  // Kuro's damage is plain dice (2d6); its checks are Kuro dice.
  typedDice: (key) => (key !== 'damage' ? 'kuro' : undefined),
};
