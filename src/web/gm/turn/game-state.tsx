import type { ReactElement } from 'react';

type Dict = Record<string, unknown>;
/** Reading the module state as plain data; every field is checked before use. */
export const dict = (x: unknown): Dict => (x && typeof x === 'object' ? (x as Dict) : {});
export const list = <T = Dict,>(x: unknown): T[] => (Array.isArray(x) ? (x as T[]) : []);

/**
 * The panel of what the game keeps beside the order (each game's statePanel, in its folder under
 * src/web/games: Fallout's Action Point pools and readied actions, popcorn's delayed and conditional
 * actions, Cities Without Number's grapples): its title and items, nothing when there are none.
 */
export function GameStateSection({ title, items }: { title: string; items: readonly ReactElement[] }) {
  if (items.length === 0) return null;
  return (
    <section className="panel game-state" aria-labelledby="gs-h">
      <h2 id="gs-h">{title}</h2>
      <ul className="game-state-list">{items}</ul>
    </section>
  );
}
