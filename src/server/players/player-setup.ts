/**
 * What the setup still needs, as players read it: the rules' own hint ("2 combatant(s) have no
 * initiative yet", "Game turn 2: everyone rolls initiative; still missing: Kenji"), worded as if the
 * combatants players see were the only ones in the fight. It counts and names the visible only, so it
 * reads the same whoever is hidden, and whether anyone is (a hint that changed its wording whenever
 * someone was hidden would tell players so, at every Kuro game turn). Pure.
 */
import type { Encounter, Engine } from '../../core/index.ts';

/** What players read should the rules not word the setup for the visible alone (no game does today). */
export const SETUP_PAUSE = 'The GM is setting things up.';

/** The setup hint of `encounter` (whose `now` is a setup) over the combatants `visible` says players see. */
export function playerSetupNeeds(engine: Engine, encounter: Encounter, visible: (id: string) => boolean): string {
  const s = encounter.state;
  const roster = s.roster.filter(visible);
  const combatants = Object.fromEntries(roster.map((id) => [id, s.combatants[id]!]));
  try {
    // The rules read the roster for what is missing; the hidden are simply not in it.
    const now = engine.whoMayAct({ ...encounter, state: { ...s, roster, combatants } });
    return now.kind === 'setup' ? now.needs : SETUP_PAUSE;
  } catch {
    return SETUP_PAUSE;
  }
}
