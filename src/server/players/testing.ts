/** Test support from the players' folder: fights with hidden combatants, GM notes and GM-only lines. Tests only. */
export { secretFights } from './redaction-fixtures.ts';
