/**
 * The story of a fight added up for one reader: the GM reads everything; the player projection
 * (src/server/players/player-story.ts) passes a reader that leaves out what players may not know. Every
 * figure is a sum over the facts the reader sees, so a hidden combatant's part is never inside a number
 * players read. Pure.
 */
import type { StoryCombatant, StoryFact, StoryFacts } from './facts.ts';

/** Who reads the story, and how. */
export interface StoryReader {
  /** Whether the reader may know of `id` in a fact, given whether it was hidden then. */
  sees(id: string, hiddenThen: boolean): boolean;
  /** The id the reader knows the combatant by. */
  id(id: string): string;
  name(id: string): string;
  side(sideId: string): string;
  /** Free text (the title) as the reader reads it. */
  text(text: string): string;
  /** Whether the reader reads this combatant's damage and healing as numbers (NPC HP settings). */
  readsNumbers(id: string): boolean;
  /** A word for the combatant's health instead of numbers (an HP band), if any. */
  health?(id: string): string | undefined;
  /** Shared pools' totals (the GM's: they may include anyone's spending). */
  readonly pools: boolean;
}

export interface StoryRound {
  readonly round: number;
  /** Time on the turns that ended in this round; null when none was timed. */
  readonly ms: number | null;
  readonly turns: number;
}

export interface StoryRow {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly kind: 'pc' | 'npc';
  readonly turns: number;
  /** Time on its turns (a side's or a group's shared turn counts whole for each member); null: not timed. */
  readonly turnMs: number | null;
  /** Damage dealt to those whose numbers the reader reads. */
  readonly dealt: number;
  /** Damaging hits on those whose numbers the reader does not read: counted, not added up. */
  readonly unreadHits: number;
  /** null: the reader does not read this combatant's numbers. */
  readonly taken: number | null;
  readonly healed: number | null;
  readonly health?: string;
  readonly downs: readonly { readonly round: number; readonly by: string | null }[];
  readonly spent: readonly { readonly resource: string; readonly amount: number }[];
  /** Left the fight before it ended. */
  readonly removed?: true;
}

/** The fight's heading, as the facts read it (title, game, what a round is called, ended, timed). */
export interface StorySummary extends Pick<StoryFacts, 'title' | 'rules' | 'rulesTitle' | 'roundName' | 'ended' | 'timed'> {
  /** The time on all the turns the reader saw; null: not timed. */
  readonly totalMs: number | null;
  readonly rounds: readonly StoryRound[];
  readonly combatants: readonly StoryRow[];
  /** Shared pools spent, GM only ("AP, GM's pool: 5"). */
  readonly pools: readonly { readonly resource: string; readonly pool: string; readonly amount: number }[];
}

/** The GM: sees everyone, every number, by the engine's ids. */
export function gmStoryReader(facts: StoryFacts): StoryReader {
  const names = new Map(facts.combatants.map((c) => [c.id, c.name]));
  return {
    sees: () => true,
    id: (id) => id,
    name: (id) => names.get(id) ?? id,
    side: (id) => facts.sides[id] ?? id,
    text: (t) => t,
    readsNumbers: () => true,
    pools: true,
  };
}

export function summariseStory(facts: StoryFacts, reader: StoryReader = gmStoryReader(facts)): StorySummary {
  const seen = (id: string, f: { readonly hidden: readonly string[] }): boolean => reader.sees(id, f.hidden.includes(id));
  const anySeen = (ids: readonly string[], f: { readonly hidden: readonly string[] }): boolean => ids.some((id) => seen(id, f));
  const rounds = new Map<number, { ms: number | null; turns: number }>();
  const round = (n: number) => {
    let r = rounds.get(n);
    if (!r) rounds.set(n, (r = { ms: null, turns: 0 }));
    return r;
  };
  let totalMs: number | null = facts.timed ? 0 : null;
  const pools = new Map<string, { resource: string; pool: string; amount: number }>();
  for (const f of facts.facts) {
    if (f.kind === 'round') round(f.round);
    else if (f.kind === 'turn' && anySeen(f.actors, f)) round(f.round).turns++;
    // No actors: the GM had the table (a decision), which every reader saw as such.
    else if (f.kind === 'timed' && (f.actors.length === 0 || anySeen(f.actors, f))) {
      const r = round(f.round);
      r.ms = (r.ms ?? 0) + f.ms;
      totalMs = (totalMs ?? 0) + f.ms;
    } else if (f.kind === 'spent' && f.pool !== undefined && reader.pools) {
      const key = `${f.resource}\u0000${f.pool}`;
      const p = pools.get(key) ?? { resource: f.resource, pool: f.pool, amount: 0 };
      pools.set(key, { ...p, amount: p.amount + f.amount });
    }
  }
  const combatants = facts.combatants.filter((c) => reader.sees(c.id, false)).map((c) => row(c, facts.facts, reader, seen, facts.timed));
  return {
    title: reader.text(facts.title),
    rules: facts.rules,
    rulesTitle: facts.rulesTitle,
    roundName: facts.roundName,
    ended: facts.ended,
    timed: facts.timed,
    totalMs,
    rounds: [...rounds].sort((a, b) => a[0] - b[0]).map(([n, r]) => ({ round: n, ms: r.ms, turns: r.turns })),
    combatants,
    pools: [...pools.values()],
  };
}

function row(
  c: StoryCombatant,
  facts: readonly StoryFact[],
  reader: StoryReader,
  seen: (id: string, f: { readonly hidden: readonly string[] }) => boolean,
  timed: boolean,
): StoryRow {
  const id = c.id;
  let turns = 0;
  let turnMs = 0;
  let dealt = 0;
  let unreadHits = 0;
  let taken = 0;
  let healed = 0;
  const downs: { round: number; by: string | null }[] = [];
  const spent = new Map<string, number>();
  for (const f of facts) {
    switch (f.kind) {
      case 'turn':
        if (f.actors.includes(id) && seen(id, f)) turns++;
        break;
      case 'timed':
        if (f.actors.includes(id) && seen(id, f)) turnMs += f.ms;
        break;
      case 'damage':
        if (f.by === id && seen(id, f) && seen(f.target, f)) {
          if (reader.readsNumbers(f.target)) dealt += f.amount;
          else unreadHits++;
        }
        if (f.target === id && seen(id, f)) taken += f.amount;
        break;
      case 'heal':
        if (f.target === id && seen(id, f)) healed += f.amount;
        break;
      case 'down':
        if (f.id === id && seen(id, f)) downs.push({ round: f.round, by: f.by !== null && seen(f.by, f) ? reader.name(f.by) : null });
        break;
      case 'spent':
        if (f.by === id && seen(id, f)) spent.set(f.resource, (spent.get(f.resource) ?? 0) + f.amount);
        break;
      default:
        break;
    }
  }
  const numbers = reader.readsNumbers(id);
  const health = reader.health?.(id);
  return {
    id: reader.id(id),
    name: reader.name(id),
    side: reader.side(c.side),
    kind: c.kind,
    turns,
    turnMs: timed ? turnMs : null,
    dealt,
    unreadHits,
    taken: numbers ? taken : null,
    healed: numbers ? healed : null,
    ...(health !== undefined ? { health } : {}),
    downs,
    spent: [...spent].map(([resource, amount]) => ({ resource, amount })),
    ...(c.removed ? { removed: true as const } : {}),
  };
}
