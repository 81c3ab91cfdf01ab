/** The setup tools, one chunk: quick add (with saved parties and the stat forms) and initiative. */
export { QuickAdd } from './quick-add.tsx';
export { InitiativePanel } from './initiative-panel.tsx';
