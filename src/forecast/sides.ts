import type { EncounterState } from '../core/index.ts';
import type { Stance } from './policy.ts';

/** Stances by combatant id (those not listed fight). */
export type Stances = ReadonlyMap<string, Stance>;

/** In the fight: not fled. Standing: in the fight and not defeated. */
export function standing(state: EncounterState, id: string, stances: Stances): boolean {
  const c = state.combatants[id];
  return c !== undefined && !c.defeated && stances.get(id) !== 'flee';
}

/**
 * The sides taking part, in the encounter's side order: those with a combatant who does not flee. The
 * rules' own notion: every combatant belongs to one side (PCs and NPCs by default, or the sides the GM
 * made); sides are foes of each other.
 */
export function fightingSides(state: EncounterState, stances: Stances): string[] {
  const present = new Set<string>();
  for (const id of state.roster) {
    const c = state.combatants[id]!;
    if (stances.get(id) !== 'flee') present.add(c.side);
  }
  const ordered = state.sideOrder.filter((s) => present.has(s));
  for (const s of present) if (!ordered.includes(s)) ordered.push(s);
  return ordered;
}

/**
 * The one side still standing ('' when nobody is), or null while two or more are: what a run asks after
 * every command, without making a list.
 */
export function lastSideStanding(state: EncounterState, stances: Stances): string | null {
  let found: string | undefined;
  const roster = state.roster;
  for (let i = 0; i < roster.length; i++) {
    const id = roster[i]!;
    const c = state.combatants[id]!;
    if (c.side === found || c.defeated || (stances.size > 0 && stances.get(id) === 'flee')) continue;
    if (found !== undefined) return null;
    found = c.side;
  }
  return found ?? '';
}

/** The sides that still have someone standing. */
export function standingSides(state: EncounterState, stances: Stances): string[] {
  const out: string[] = [];
  for (const id of state.roster) {
    const c = state.combatants[id]!;
    if (!out.includes(c.side) && standing(state, id, stances)) out.push(c.side);
  }
  return out;
}

/** The foes `id` may attack: other side, standing, and visible to it (PCs do not see hidden combatants). */
export function foesOf(state: EncounterState, id: string, stances: Stances): string[] {
  const me = state.combatants[id];
  if (!me) return [];
  const out: string[] = [];
  for (const other of state.roster) {
    const c = state.combatants[other]!;
    if (c.side === me.side || !standing(state, other, stances)) continue;
    if (c.hidden && me.kind === 'pc') continue;
    out.push(other);
  }
  return out;
}
