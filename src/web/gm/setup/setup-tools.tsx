/**
 * The setup tools, one chunk: quick add (with saved parties and the stat forms) and initiative; and a
 * campaign fight's links to its campaign (back to it, and writing the party back after the fight).
 */
export { QuickAdd } from './quick-add.tsx';
export { InitiativePanel } from '../order/initiative-panel.tsx';
// The default export: `lazy` takes it as it is.
export { CampaignLinks as default } from '../share/campaign-links.tsx';
