/** TODO header */
export { Hub } from './hub.ts';
export type { LiveClient } from './hub.ts';
export { CLOSE, PROTOCOL_VERSION, clientMessageSchema, message } from './protocol.ts';
export type { Mark, Role, ServerMessage } from './protocol.ts';
