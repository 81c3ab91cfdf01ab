/** TODO header */
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
