/** The shapes the Foundry VTT readers share: an actor as read from its export, and one reader's answer. */
import type { JsonObject } from './read.ts';
import type { ImportItem, ImportRejection } from './review.ts';

/** One actor as read: its data (`system` or `data`), its items, its game system, and the path prefix of each. */
export interface FoundryActor {
  readonly name: string;
  readonly type: string;
  readonly data: JsonObject;
  /** "system" or "data": where the actor's data is, for paths in messages. */
  readonly dataKey: 'system' | 'data';
  readonly items: readonly JsonObject[];
  /** The items' data key ("system" or "data"), per item. */
  readonly itemData: (item: JsonObject) => JsonObject;
  /** A path in the file: the list index first when the file holds several actors. */
  readonly path: (rest: string) => string;
}

/** One actor read: the item to review, or why it cannot be. */
export type Mapped = { readonly ok: true; readonly item: ImportItem } | ImportRejection;
