/**
 * The story of a fight as players read it (the phones, the TV, a post to the table's channel): the
 * core's story (src/core/story) added up over the facts players may know. A combatant counts only where
 * it was visible when it happened and is not secret now, so no figure includes a hidden combatant's part:
 * hidden combatants have no row; damage they dealt to someone visible counts in that one's damage taken
 * (players saw the HP drop) without saying from whom, exactly as damage the GM applies by hand; damage
 * dealt to someone hidden, and a defeat by someone hidden, are left out or left unnamed; rounds' times are
 * the times of the turns players saw someone visible take (a hidden combatant's turn reads as the GM
 * deciding, and is the GM's time). Combatants go by the ids players know them by. An NPC's damage taken
 * and healing are numbers only in the GM's `exact` NPC HP mode (`bands`: its band now; `hidden`: nothing),
 * and damage dealt to such NPCs is counted in hits, not added up. Shared pools (Fallout's GM pool) are
 * left out. Pure.
 */
import { storyFacts, storyMarkdown, summariseStory } from '../../core/index.ts';
import type { EncounterState, FoldModule, StoredEvent, StoryReader, StorySummary } from '../../core/index.ts';
import { hpBand } from './hp-band.ts';
import type { Secrets } from './secrets.ts';
import type { EncounterSettings } from './settings.ts';

/** A fight's whole log, the state it leads to, and its game's fold half. */
export interface StorySource {
  readonly events: readonly StoredEvent[];
  readonly state: EncounterState;
  readonly module?: FoldModule;
}

/** The story players may read. */
export function playerStory(source: StorySource, settings: EncounterSettings, secrets: Secrets): StorySummary {
  const facts = storyFacts(source.events, source.module);
  const s = source.state;
  const present = (id: string) => (Object.hasOwn(s.combatants, id) ? s.combatants[id] : undefined);
  const last = new Map(facts.combatants.map((c) => [c.id, c]));
  const kind = (id: string) => present(id)?.kind ?? last.get(id)?.kind ?? 'npc';
  const reader: StoryReader = {
    sees: (id, hiddenThen) => !hiddenThen && !secrets.ids.has(id) && secrets.playerIds.of(id) !== undefined,
    id: (id) => secrets.playerIds.of(id) ?? '',
    name: (id) => present(id)?.name ?? last.get(id)?.name ?? '',
    side: (id) => (secrets.sides.has(id) ? '' : (Object.hasOwn(s.sides, id) ? s.sides[id]!.name : (facts.sides[id] ?? ''))),
    text: (t) => secrets.scrub(t),
    // As the player log reads them: a PC's numbers are the table's, an NPC's only in "exact" mode.
    readsNumbers: (id) => settings.npcHp === 'exact' || kind(id) === 'pc',
    health: (id) => {
      const hp = present(id)?.tracks.hp;
      return settings.npcHp === 'bands' && kind(id) === 'npc' && hp ? hpBand(hp, settings.bands) : undefined;
    },
    pools: false,
  };
  return summariseStory(facts, reader);
}

/** The story players may read, as Markdown (for the table's channel). */
export function playerStoryMarkdown(source: StorySource, settings: EncounterSettings, secrets: Secrets): string {
  return storyMarkdown(playerStory(source, settings, secrets));
}
