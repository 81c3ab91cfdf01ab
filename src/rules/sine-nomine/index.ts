/**
 * The Sine Nomine family library: what Stars Without Number and Cities Without Number share (1d8
 * initiative with PCs winning ties, sides, surprise, the Main / Move / On Turn / Instant economy, attack
 * rolls with Shock, opposed skill checks). Depends only on src/core and src/dice.
 */
export { sineNomineModule } from './module.ts';
export { sineNomineFold } from './fold-module.ts';
export type { SnModuleSpec } from './module.ts';
export type { SnGame, InitiativeMode } from './game.ts';
export { swnModifiers, cwnModifiers } from './cover.ts';
export type { ModifierDef, ModifierTable } from './cover.ts';
export { statsSchema, baseStatDocs, weaponSchema, armourSchema, armourDoc } from './stat-schemas.ts';
export { unarmed, statsOf } from './stats.ts';
export type { Attribute, ArmourTech } from './stat-enums.ts';
export type { SnStats, Weapon, Armour } from './stats.ts';
export type { SnState, SnSlot, SnEncounter, Spent, Grapple, OwedAttacks } from './state.ts';
export { candidatesFor, allowanceViolation } from './arbitrary.ts';
