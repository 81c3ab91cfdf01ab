/**
 * Everything the roster has been, for redaction: every name a combatant or side has carried (renames,
 * undone renames) and whether players could see it under that name, and for combatants no longer in the fight (removed, or their joining undone) whether
 * they were hidden, on which side and of which kind when last seen; and the ids players know them by
 * (player-ids.ts). Fed every event with the state after it, in order. Pure.
 */
import type { CombatantKind, EncounterState, EngineEvent } from '../../core/index.ts';
import { PlayerBook } from './player-ids.ts';

export interface KnownCombatant {
  /** Every name it has carried, and whether players could see it under that name (ever). */
  readonly names: ReadonlyMap<string, boolean>;
  /** Hidden when last seen. */
  readonly hidden: boolean;
  readonly side: string;
  readonly kind: CombatantKind;
}

interface Entry {
  names: Map<string, boolean>;
  hidden: boolean;
  side: string;
  kind: CombatantKind;
}

const ROSTER_EVENTS = new Set(['combatant-added', 'combatant-updated', 'combatant-removed', 'side-added', 'side-updated', 'undone', 'redone', 'encounter-created']);

export class RosterHistory {
  private readonly people = new Map<string, Entry>();
  private readonly sideNames = new Map<string, Set<string>>();
  /** The ids players know combatants by. */
  readonly players = new PlayerBook();
  /** Bumped whenever what this history says may have changed (for caches). */
  stamp = 0;

  /** Whether the event can change names, hidden flags or sides. */
  static touches(event: EngineEvent): boolean {
    return ROSTER_EVENTS.has(event.type);
  }

  observe(event: EngineEvent, after: EncounterState): void {
    if (!RosterHistory.touches(event)) return;
    this.stamp++;
    const e = event as { type: string; id?: string; combatant?: { id: string }; side?: { id: string } };
    switch (e.type) {
      case 'combatant-added':
        this.see(after, e.combatant?.id);
        return;
      case 'combatant-updated':
        this.see(after, e.id);
        return;
      case 'combatant-removed':
        return;
      case 'side-added':
        this.seeSide(after, e.side?.id);
        return;
      case 'side-updated':
        this.seeSide(after, e.id);
        return;
      default:
        // Undo and redo restore a whole earlier state: look at everyone in it.
        for (const id of Object.keys(after.combatants)) this.see(after, id);
        for (const id of Object.keys(after.sides)) this.seeSide(after, id);
    }
  }

  private see(s: EncounterState, id: string | undefined): void {
    if (id === undefined || !Object.hasOwn(s.combatants, id)) return;
    const c = s.combatants[id]!;
    this.players.see(s, id);
    const known = this.people.get(id);
    if (known) {
      known.names.set(c.name, known.names.get(c.name) === true || !c.hidden);
      known.hidden = c.hidden;
      known.side = c.side;
      known.kind = c.kind;
    } else {
      this.people.set(id, { names: new Map([[c.name, !c.hidden]]), hidden: c.hidden, side: c.side, kind: c.kind });
    }
    this.seeSide(s, c.side);
  }

  private seeSide(s: EncounterState, id: string | undefined): void {
    if (id === undefined || !Object.hasOwn(s.sides, id)) return;
    const name = s.sides[id]!.name;
    const known = this.sideNames.get(id);
    if (known) known.add(name);
    else this.sideNames.set(id, new Set([name]));
  }

  combatant(id: string): KnownCombatant | undefined {
    return this.people.get(id);
  }

  combatants(): IterableIterator<[string, KnownCombatant]> {
    return this.people.entries();
  }

  /** Every name a side has carried. */
  sideNamesOf(id: string): ReadonlySet<string> {
    return this.sideNames.get(id) ?? new Set();
  }

  sides(): IterableIterator<string> {
    return this.sideNames.keys();
  }
}
