/**
 * Announcing the fight outside Turnkeeper: posts to the GM's Discord webhook (round starts, whose turn
 * it is, the end), worded from the player side only (../players), never from the GM's data.
 * - announcements.ts: what a batch posts, from the player view before and after it and the lines players read. Pure.
 * - discord-poster.ts: the posting itself: a queue per webhook, one post a second at most, 429s waited out, a timeout.
 * - announcer.ts: the encounter service's listener for committed batches, and what the GM sees of it (status, a test message).
 * Imports ../encounters (types), ../players and ../shared.
 */
export { Announcer, TEST_MESSAGE } from './announcer.ts';
export type { DiscordStatus } from './announcer.ts';
export type { Fetch, PostResult, PosterOptions } from './discord-poster.ts';
