/** TODO header */
export { engineIds } from './player-ids.ts';
export { playerLine, playerReader } from './player-log.ts';
export type { PlayerLogEntry } from './player-log.ts';
export { playerMessage, playerView } from './redact.ts';
export type { PlayerCombatant, PlayerNow, PlayerSlot, PlayerView } from './redact.ts';
export { playerRequestView, playerWords, requestView } from './request-view.ts';
export type { RequestView } from './request-view.ts';
export { buildRequest, kindsOffered, requestInputSchema } from './requests.ts';
export type { RequestInput } from './requests.ts';
export { RosterHistory } from './roster-history.ts';
export { secretsOf } from './secrets.ts';
export type { Secrets } from './secrets.ts';
export { defaultSettings, mergeSettings, readSettings, requestKinds, settingsPatchSchema, settingsSchema } from './settings.ts';
export type { EncounterSettings, SettingsPatch } from './settings.ts';
