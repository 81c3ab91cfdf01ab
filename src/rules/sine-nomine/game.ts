import type { ModifierTable } from './cover.ts';

export type InitiativeMode = 'individual' | 'group' | 'side';

/**
 * What differs between the Sine Nomine games this library runs. The swn and cwn modules are this
 * library with one of these.
 */
export interface SnGame {
  readonly id: 'swn' | 'cwn';
  readonly title: string;
  /** The initiative the encounter's options choose. */
  mode(options: Readonly<Record<string, unknown>>): InitiativeMode;
  /** SWN: surprise per combatant (no initiative, Instant actions only in round 1). CWN: per side, a free round. */
  readonly surprise: 'combatant' | 'side';
  /** CWN: the autoInitiative and surpriseImmune stats. */
  readonly autoInitiative: boolean;
  /** CWN draft: shove, grapple, break-free, maintain and release. */
  readonly grapple: boolean;
  /** CWN draft: standing up from prone is an action of its own, a Move (`act` stand-up). */
  readonly standUp: boolean;
  /** CWN draft: less-lethal damage on its own track, unconscious at current HP. */
  readonly lessLethal: boolean;
  /** SWN: primitive weapons against advanced armour, advanced weapons ignoring primitive armour. */
  readonly techLevel: boolean;
  readonly modifiers: ModifierTable;
}

export function eventType(game: SnGame, name: string): `${string}/${string}` {
  return `${game.id}/${name}`;
}

/** The event's name without the game prefix, or null if it is not this game's. */
export function ownName(game: SnGame, type: string): string | null {
  // `type.startsWith(game.id + '/')` without building that string on every event.
  const n = game.id.length;
  return type.charCodeAt(n) === 47 && type.startsWith(game.id) ? type.slice(n + 1) : null;
}
