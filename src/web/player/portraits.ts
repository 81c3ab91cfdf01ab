/**
 * Portraits in the player view's order (a campaign's fight): read with the page's key, which the server
 * answers for the combatants players may see only, by the ids they know; read again when someone joins,
 * is revealed or renamed, or when the page comes back into view.
 */
import type { PlayerView } from '../../server/players/index.ts';
import { FightPortraits } from '../api/portrait-api.ts';
import type { Portraits } from './render.ts';
import './portraits.css';

export interface PlayerPortraits {
  urls(): Portraits;
  update(view: PlayerView): void;
  stop(): void;
}

/** `changed`: the portraits differ from the last ones (draw the order again). */
export function playerPortraits(id: string, key: string, changed: () => void): PlayerPortraits {
  const reader = new FightPortraits(id, key);
  const unsubscribe = reader.subscribe(changed);
  const again = () => {
    if (document.visibilityState === 'visible') void reader.refresh();
  };
  document.addEventListener('visibilitychange', again);
  return {
    urls: () => reader.urls,
    update: (view) => reader.update(view.combatants.map((c) => `${c.id}:${c.name}`).join('\n')),
    stop: () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', again);
    },
  };
}
