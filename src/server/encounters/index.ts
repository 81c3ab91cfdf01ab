/**
 * Encounters behind the API: load (replay) → decide → append with the expected version → then publish.
 * Holds the loaded encounter in memory (loaded-encounter.ts), brings it up to the store when another
 * instance wrote (encounter-sync.ts, race-retry.ts), creates and changes encounter rows, duplicates a
 * fight as a template, runs players' requests (request-service.ts), and turns each committed batch into
 * what GM and player sockets receive (live-feed.ts, through ../players).
 */
export { duplicateScript } from './duplicate.ts';
export { prepareEncounter, tooMany } from './encounter-create.ts';
export { rotateKeys, setArchived, updateSettings } from './encounter-row.ts';
export { EncounterService, progressOf } from './encounter-service.ts';
export type { Created } from './encounter-service.ts';
export { summaryOf } from './encounter-summary.ts';
export type { Summary } from './encounter-summary.ts';
export { LoadedEncounter } from './loaded-encounter.ts';
export { RequestService } from './request-service.ts';
export { SerialQueue } from './serial-queue.ts';
