/**
 * The trust boundary: everything that decides what a player may see or ask. Pure: no I/O, no clock.
 * - redact.ts: the player projection (playerView, playerMessage): the only way state reaches a player.
 * - secrets.ts, text-match.ts, roster-history.ts: what players may not learn, and how names are found.
 * - player-log.ts, player-ids.ts, player-order.ts, player-game.ts, player-setup.ts, hp-band.ts: the
 *   log, ids, order, game state and setup hint as a player reads them.
 * - requests.ts, request-view.ts: what players may ask for (an allow-list per kind and game), and a
 *   request as each reader sees it. settings.ts: the GM's choices about what players see.
 * Imports only src/core, src/rules, src/store's types and ../shared.
 */
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
