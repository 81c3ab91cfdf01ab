import type { StoredEvent } from '../../../core/index.ts';
import { loadFold } from '../../games/index.ts';
import { gameOf } from './early-events.ts';
import type { FoldKit } from '../../games/index.ts';

/** The encounter's first events with its game's fold half (FoldKit), loaded: what the GM screen's first render needs. */
export interface FirstData {
  readonly events: readonly StoredEvent[];
  readonly kit: FoldKit;
}

/**
 * The entry's early events (early-events.ts) and the fold half of the rules of the game the first one names, once both
 * are here, so the GM screen can fold them before it draws anything (EncounterStore.prime) and show
 * the fight in its first render. Null when there are no events, no game or no rules, or when they take
 * longer than `waitMs`: the screen then starts without them and folds them as they come, as before.
 */
export async function firstData(early: Promise<readonly StoredEvent[]>, waitMs: number, load: (id: string) => Promise<FoldKit> = loadFold): Promise<FirstData | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  const both = (async (): Promise<FirstData | null> => {
    const events = await early;
    const game = gameOf(events);
    return game ? { events, kit: await load(game) } : null;
  })().catch(() => null);
  try {
    return await Promise.race([both, late]);
  } finally {
    clearTimeout(timer);
  }
}
