/** TODO header */
export { CampaignService } from './campaign-service.ts';
