/**
 * The trust boundary: everything that decides what a player may see or ask. Pure: no I/O, no clock.
 * - redact.ts: the player projection (playerView, playerMessage): the only way state reaches a player.
 * - secrets.ts, text-match.ts, roster-history.ts: what players may not learn, and how names are found.
 * - player-log.ts, player-ids.ts, player-order.ts, player-game.ts, player-setup.ts, hp-band.ts: the
 *   log, ids, order, game state and setup hint as a player reads them; player-story.ts: the story of
 *   the fight as players read it.
 * - requests.ts, request-view.ts: what players may ask for (an allow-list per kind and game), and a
 *   request as each reader sees it. settings.ts: the GM's choices about what players see;
 *   discord-setting.ts: the GM's Discord webhook (Discord's https addresses only; never sent to players).
 * Imports only src/core, src/rules, src/store's types and ../shared.
 */
export { engineIds } from './player-ids.ts';
export { playerLine, playerReader } from './player-log.ts';
export type { PlayerLogEntry } from './player-log.ts';
export { playerStory, playerStoryMarkdown } from './player-story.ts';
export type { StorySource } from './player-story.ts';
export { playerMessage, playerView } from './redact.ts';
export { portraitSubjects } from './portrait-subjects.ts';
export type { PortraitSubject } from './portrait-subjects.ts';
export type { PlayerCombatant, PlayerNow, PlayerSlot, PlayerView } from './redact.ts';
export { playerRequestView, playerWords, requestView } from './request-view.ts';
export type { RequestView } from './request-view.ts';
export { buildRequest, kindsInGame, kindsOffered, requestInputSchema, visibleRef } from './requests.ts';
export type { RequestInput } from './requests.ts';
export { RosterHistory } from './roster-history.ts';
export { seatChoice, seatView } from './seat-view.ts';
export { fold } from './text-match.ts';
export type { SeatChoice, SeatView } from './seat-view.ts';
export { secretsOf } from './secrets.ts';
export type { Secrets } from './secrets.ts';
export { DISCORD_HOSTS, webhookProblem } from './discord-setting.ts';
export type { DiscordSetting } from './discord-setting.ts';
export { playerTimer, TIMER_MAX_SECONDS, TIMER_MIN_SECONDS, timerSecondsProblem } from './timer-setting.ts';
export type { PlayerTimer, TimerSetting } from './timer-setting.ts';
export { defaultSettings, mergeSettings, readSettings, requestKinds, settingsPatchSchema, settingsSchema } from './settings.ts';
export type { EncounterSettings, SettingsPatch } from './settings.ts';
