/**
 * Campaigns behind the API: load (replay the campaign's events) → decide (src/campaign) → append with
 * the expected version, one command at a time per campaign; starting a fight creates an encounter
 * through ../encounters and writes the party's state back when the GM accepts.
 */
export { CampaignService } from './campaign-service.ts';
export { TABLE_SCREENS, currentFight } from './table-links.ts';
export type { TableAnswer, TableScreen } from './table-links.ts';
export { PORTRAIT_MAX_BYTES, checkPortrait, tooLarge } from './portrait-check.ts';
export type { PortraitKind } from './portrait-owners.ts';
export { PortraitService, etagOf, noPortrait } from './portrait-service.ts';
export type { PortraitEntry } from './portrait-service.ts';
