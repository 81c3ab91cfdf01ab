/** TODO header */
export { buildApp } from './app.ts';
export type { App, AppOptions } from './app.ts';
export { everywhere, lanAddresses } from './network.ts';
