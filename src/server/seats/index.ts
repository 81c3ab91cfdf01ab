/**
 * Seats: which phone plays which player character (seat-service.ts). Above `campaigns/` (a campaign's
 * PCs keep their seats from fight to fight), below `pages/` and `http/` (the routes and auth use it).
 */
export { SeatService } from './seat-service.ts';
export type { Claimed, GmSeat, SeatDeps } from './seat-service.ts';
