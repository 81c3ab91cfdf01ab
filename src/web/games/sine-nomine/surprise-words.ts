import type { EncounterView } from '../../../core/index.ts';

type Dict = Record<string, unknown>;

/** "A", "A and B", "A, B and C". */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

const ids = (x: unknown): string[] => (Array.isArray(x) ? x.filter((v): v is string => typeof v === 'string') : []);

/** The SWN combatants surprised now (round 1 or before), by id; none once round 2 has come. */
export function surprisedCombatants(view: EncounterView): string[] {
  if (view.rules !== 'swn' || view.status === 'ended' || view.round >= 2) return [];
  return ids((view.module as Dict | null)?.surprised);
}

/** The CWN sides surprised before the fight or in its free round, by id. */
export function surprisedSides(view: EncounterView): string[] {
  const m = (view.module ?? {}) as Dict;
  if (view.rules !== 'cwn' || !(view.status === 'setup' || m.freeRound === true)) return [];
  return ids(m.surprised);
}

/**
 * Whether a combatant is surprised now and what it may do, in the GM's words (null: it is not): SWN's
 * "can perform only Instant actions while surprised" in round 1; CWN's members of a surprised side during
 * their enemies' free round (those immune to surprise act in it).
 */
export function surpriseOf(view: EncounterView, id: string): string | null {
  if (surprisedCombatants(view).includes(id)) return 'Surprised: only Instant actions in round 1; no initiative until the start of round 2, when it rolls.';
  const c = view.combatants.find((x) => x.id === id);
  if (c && c.stats.surpriseImmune !== true && surprisedSides(view).includes(c.side)) return "Surprised: only Instant actions during the enemies' free round.";
  return null;
}

/**
 * Who is surprised and what it means, in the GM's words, while it matters: SWN's surprised combatants
 * until round 2 ("A surprised target doesn't get to roll initiative until the second round of combat
 * and can perform only Instant actions while surprised"), CWN's surprised sides until their enemies'
 * free round is over ("automatically granting their enemies a full free round of action before
 * initiative can be rolled"), and, before a CWN fight, the sides anticipating combat.
 */
export function surpriseLines(view: EncounterView): string[] {
  const name = (id: string) => view.combatants.find((c) => c.id === id)?.name ?? id;
  const sideName = (id: string) => view.sides.find((s) => s.id === id)?.name ?? id;
  if (view.rules === 'swn') {
    const who = surprisedCombatants(view);
    if (who.length === 0) return [];
    const they = who.length === 1 ? 'it rolls' : 'they roll';
    return [`Surprised: ${andList(who.map(name))}. Only Instant actions in round 1, and no initiative until the start of round 2, when ${they}.`];
  }
  if (view.rules !== 'cwn') return [];
  const out: string[] = [];
  const sides = surprisedSides(view);
  if (sides.length > 0) {
    const live = (sideId: string) => view.combatants.some((c) => c.side === sideId && !c.defeated);
    const enemies = view.sides.filter((s) => !sides.includes(s.id) && live(s.id)).map((s) => `the ${s.name}`);
    const caught = andList(sides.map((s) => `the ${sideName(s)}`));
    const immune = view.combatants.filter((c) => sides.includes(c.side) && !c.defeated && c.stats.surpriseImmune === true).map((c) => c.name);
    out.push(
      `Surprised: ${caught}. ${capital(andList(enemies))} get a full free round before initiative is rolled; ${caught} may take only Instant actions in it.` +
        (immune.length > 0 ? ` Immune to surprise, acting in the free round: ${andList(immune)}.` : ''),
    );
  }
  const anticipating = ids(((view.module ?? {}) as Dict).anticipating);
  if (view.status === 'setup' && anticipating.length > 0) {
    out.push(`Anticipating combat, so they cannot be surprised: ${andList(anticipating.map((s) => `the ${sideName(s)}`))}.`);
  }
  return out;
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
