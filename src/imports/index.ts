/** Imports: characters and statblocks from other tools, reviewed before anything is stored. Pure: no I/O. */
export { importText, importJson, MAX_IMPORT_CHARS } from './import-text.ts';
export { importFoundry, isFoundryExport, foundrySystem } from './foundry-actor.ts';
export { importStatblockLines } from './statblock-lines.ts';
export { importImprovedInitiative, isImprovedInitiative } from './improved-initiative.ts';
export { attributeModifier } from './foundry-sine-nomine.ts';
export { importCommand } from './command.ts';
export { combineResults } from './combine.ts';
export type { ImportItem, ImportRejection, ImportResult, ImportReview, ImportTarget } from './review.ts';
