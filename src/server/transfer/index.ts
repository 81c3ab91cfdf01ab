/** TODO header */
export { campaignFile, importCampaign } from './campaign-transfer.ts';
export { coreEventSchemas } from './import-event-schemas.ts';
export { checkImport, exportOf, exportSchema } from './transfer.ts';
