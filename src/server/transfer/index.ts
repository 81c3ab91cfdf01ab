/**
 * Files in and out: an encounter (transfer.ts) or a campaign with its fights (campaign-transfer.ts) as
 * one JSON file. An import is checked the way commands would have made it (import-event-schemas.ts,
 * import-replay.ts) before anything is stored, and a campaign's import is one transaction.
 */
export { campaignFile, importCampaign } from './campaign-transfer.ts';
export { coreEventSchemas } from './import-event-schemas.ts';
export { checkImport, exportOf, exportSchema } from './transfer.ts';
