import { createContext, useContext } from 'react';
import type { Command, Encounter, EncounterView, FoldEngine } from '../../core/index.ts';
import type { FoldKit, GameKit } from '../games/index.ts';
import type { GmApi } from '../api/gm-api.ts';
import type { EncounterStore, Snapshot } from './data/encounter-store.ts';
import type { Sent } from './data/store-transport.ts';
import type { TargetChoice } from './turn/action-groups.ts';

/** A dialog the GM screen can open: a command form, or one of the screen's own dialogs. */
export type DialogRequest =
  | {
      readonly kind: 'command';
      readonly command: string;
      readonly preset: Readonly<Record<string, unknown>>;
      readonly title: string;
      /** Clicked before the game's whole rules came: sent as it is once they have, if its preset says everything. */
      readonly runIfQuick?: boolean;
    }
  | { readonly kind: 'edit'; readonly combatant: string }
  | { readonly kind: 'condition'; readonly combatants: readonly string[] }
  | { readonly kind: 'help' }
  | { readonly kind: 'share' }
  | { readonly kind: 'seats' }
  | { readonly kind: 'settings' }
  | { readonly kind: 'end-fight' }
  /** The story of the fight: opened when it ends, and again from the ended fight. */
  | { readonly kind: 'story' }
  | { readonly kind: 'remove'; readonly combatant: string }
  /** Fallout's "Attack with <weapon>": the target to choose (action-groups.ts), then its action as its own button did (`form`: always as a form). */
  | { readonly kind: 'targets'; readonly title: string; readonly who: string; readonly choices: readonly TargetChoice[]; readonly form?: boolean };

/** The outcome of the last command: its log lines and the dice that came up. */
export interface LastResult {
  readonly title: string;
  readonly cmd: number;
  readonly version: number;
}

export interface Gm {
  readonly store: EncounterStore;
  readonly api: GmApi;
  readonly snap: Snapshot;
  /** The game's fold half: enough for everything the screen shows. */
  readonly fold: FoldKit;
  /**
   * The game's whole rules (forms, odds, dry runs): null for the moment after the screen first shows,
   * while they load (`store.wholeKit()` waits for them).
   */
  readonly kit: GameKit | null;
  readonly engine: FoldEngine;
  readonly view: EncounterView;
  readonly encounter: Encounter;
  readonly id: string;
  readonly gmKey: string;
  readonly playerKey: string | null;
  setPlayerKey(key: string): void;
  /** Send a command; a refusal is shown in the screen's message bar (and returned). */
  send(command: Command, title?: string): Promise<Sent>;
  /** Say something in the screen's message bar (why a key cannot do anything yet). */
  say(text: string): void;
  open(dialog: DialogRequest): void;
  /** The combatant whose actions the actions panel shows (null: whoever acts now). */
  readonly focus: string | null;
  setFocus(id: string | null): void;
  /** Whether the GM pinned the picked combatant: shown even when the turn moves on (else the pick follows the turn). */
  readonly pinned: boolean;
  setPinned(on: boolean): void;
  /** Combatants ticked in the roster, for damage, heal and conditions on several at once. */
  readonly selected: ReadonlySet<string>;
  setSelected(ids: ReadonlySet<string>): void;
}

export const GmContext = createContext<Gm | null>(null);

export function useGm(): Gm {
  const gm = useContext(GmContext);
  if (!gm) throw new Error('useGm outside the GM screen');
  return gm;
}

/** A combatant's name, for labels. */
export function nameOf(view: EncounterView, id: string): string {
  return view.combatants.find((c) => c.id === id)?.name ?? id;
}
