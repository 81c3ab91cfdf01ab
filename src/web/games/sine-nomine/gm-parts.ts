/**
 * What Stars and Cities Without Number share on the GM screen (as src/rules/sine-nomine/ shares their
 * rules): the surprise step before the fight (surprise-*.ts), the note above the order, the Main/Move
 * chips, sides rolling in group initiative, the order the module keeps before round 1. Not a game (no
 * index.ts, gm.ts or player.ts, so no registry finds it): swn/gm.ts
 * and cwn/gm.ts build on it.
 */
import type { EncounterView } from '../../../core/index.ts';
import type { Chip, GmGame, Roller } from '../screen-game.ts';
import { SineNomineOrderNote } from './order-note.tsx';
import { surpriseOf } from './surprise-words.ts';

type Dict = Record<string, unknown>;
const dict = (x: unknown): Dict => (x && typeof x === 'object' ? (x as Dict) : {});
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);

/** Main and Move used or free, On Turn and Instant actions, and surprise's Instant-only. */
export function sineNomineChips(view: EncounterView, id: string): Chip[] {
  const spent = dict(dict(dict(view.module).spent)[id]);
  const mains = list(spent.mains).map(String);
  const moves = list(spent.moves).map(String);
  const surprised = surpriseOf(view, id);
  return [
    ...(surprised ? [{ label: 'Surprised: Instant actions only', state: 'warn' as const, title: surprised }] : []),
    { label: 'Main', state: mains.length ? 'used' : 'free', ...(mains.length ? { title: `Used: ${mains.join(', ')}` } : {}) },
    { label: 'Move', state: moves.length ? 'used' : 'free', ...(moves.length ? { title: `Used: ${moves.join(', ')}` } : {}) },
    ...(surprised ? [] : [{ label: 'On Turn: any', state: 'info' as const }]),
    { label: 'Instant: any', state: 'info' },
  ];
}

/** In group (side) initiative: the sides roll, and those with automatic initiative are listed first. */
export function sideRollers(view: EncounterView): Roller[] {
  const sides = view.sides.map((s) => ({ key: s.name, label: `${s.name} (side)` }));
  const auto = view.combatants.filter((c) => c.stats.autoInitiative === true).map((c) => ({ key: c.name, label: `${c.name} (automatic initiative)`, combatant: c.id }));
  return [...auto, ...sides];
}

/** The GM screen parts both games share. */
export const sineNomineGm: Omit<GmGame, 'id'> = {
  orderNote: SineNomineOrderNote,
  moduleOrder: true,
  canReorder: true,
  setupStep: () => import('./surprise-step.tsx').then((m) => ({ default: m.SurpriseStep })),
  economy: sineNomineChips,
};
