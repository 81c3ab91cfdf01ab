/**
 * The story of a fight: what happened, added up (rounds and their time, each combatant's turns, damage
 * dealt and taken, healing, defeats, the game's resources spent), for the GM in full and, through a
 * reader, for players (src/server/players/player-story.ts); and as Markdown. Pure.
 */
import type { StoredEvent } from '../events.ts';
import type { FoldModule } from '../rule-module.ts';
import { storyFacts } from './facts.ts';
import { summariseStory } from './summary.ts';
import type { StorySummary } from './summary.ts';

export { storyFacts, undoneCommands } from './facts.ts';
export type { StoryCombatant, StoryFact, StoryFacts } from './facts.ts';
export { dealtText, downText, formatDuration, markdownText, spentText, storyMarkdown, takenText } from './markdown.ts';
export { gmStoryReader, summariseStory } from './summary.ts';
export type { StoryReader, StoryRound, StoryRow, StorySummary } from './summary.ts';

/** The story of a fight as the GM reads it, from its whole log (undone commands do not count). */
export function fightStory(events: readonly StoredEvent[], module?: FoldModule): StorySummary {
  return summariseStory(storyFacts(events, module));
}
