/**
 * Live sockets: the hub that fans committed batches out per encounter (publish only after append), and
 * the socket protocol's messages. What each socket receives is decided in ../encounters (live-feed.ts)
 * through ../players, never here.
 */
export { Hub } from './hub.ts';
export type { LiveClient } from './hub.ts';
export { CLOSE, PROTOCOL_VERSION, clientMessageSchema, message } from './protocol.ts';
export type { Mark, Role, ServerMessage } from './protocol.ts';
