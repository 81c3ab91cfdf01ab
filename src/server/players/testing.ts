/** Test support from the players' folder: fights with hidden combatants, GM notes and GM-only lines, and the redaction property's kit. Tests only. */
export { secretFights } from './redaction-fixtures.ts';
export { NAME_COUNT, NPC_HP_MIN, Names, Truth, disguise, spell, withHp } from './redaction-property-kit.ts';
export { batches, recordFor } from './redaction-kit.ts';
