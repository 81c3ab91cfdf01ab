/**
 * The campaign page's pure pieces: track meters, bestiary search, fight status, the new-fight body,
 * write-back lines and file names. No React, no fetch: unit-tested beside.
 */
import type { Track } from '../../core/index.ts';
import type { CampaignPc, CampaignState, CampaignTemplate, EncounterSummary, NewFight, WriteBackProposal } from '../api/campaign-api.ts';
import { gameOf } from '../games/index.ts';

export interface Meter {
  readonly key: string;
  readonly label: string;
  readonly value: number;
  readonly max: number | null;
  /** 0..1 of the max (1 when there is no max). */
  readonly ratio: number;
  readonly band: 'ok' | 'low' | 'down';
}

/** How the page names a track: its own label, "HP" for hp, else the key in words. */
export function trackLabel(key: string, track?: Track): string {
  if (track?.label) return track.label;
  if (key === 'hp') return 'HP';
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A PC's tracks as meters, HP first, then in the order the module gave them. */
export function metersOf(tracks: Readonly<Record<string, Track>>): Meter[] {
  const keys = Object.keys(tracks).sort((a, b) => (a === 'hp' ? -1 : b === 'hp' ? 1 : 0));
  return keys.map((key) => {
    const t = tracks[key]!;
    const max = t.max ?? null;
    // No maximum: no bar. A maximum of 0 (a sheet from before HP had to be 1 or more): empty at 0, not full.
    const full = max === null ? 1 : max > 0 ? Math.max(0, Math.min(1, t.value / max)) : t.value > 0 ? 1 : 0;
    // A rising track (stress, less-lethal damage) is worse as it fills.
    const health = t.rising ? 1 - full : full;
    const band = health > 0.5 ? 'ok' : health > 0 ? 'low' : 'down';
    return { key, label: trackLabel(key, t), value: t.value, max, ratio: full, band };
  });
}

/** A list in the state's order, skipping ids the record lacks. */
export function ordered<T>(order: readonly string[], all: Readonly<Record<string, T>>): T[] {
  const out: T[] = [];
  for (const id of order) if (Object.hasOwn(all, id)) out.push(all[id]!);
  return out;
}

export const pcsOf = (s: CampaignState): CampaignPc[] => ordered(s.pcOrder, s.pcs);
export const templatesOf = (s: CampaignState): CampaignTemplate[] => ordered(s.templateOrder, s.templates);

/**
 * Bestiary search: every word of the query must match the name (a substring) or a tag (a tag starting
 * with it), case-insensitive; "tag:raider" matches the tag only.
 */
export function matchTemplates(templates: readonly CampaignTemplate[], query: string): CampaignTemplate[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...templates];
  return templates.filter((t) => {
    const name = t.name.toLowerCase();
    const tags = t.tags.map((x) => x.toLowerCase());
    return words.every((w) => {
      if (w.startsWith('tag:')) return tags.includes(w.slice(4));
      return name.includes(w) || tags.some((x) => x.startsWith(w));
    });
  });
}

/** Every tag of the bestiary, sorted, once each (case-insensitive). */
export function allTags(templates: readonly CampaignTemplate[]): string[] {
  const seen = new Map<string, string>();
  for (const t of templates) for (const tag of t.tags) if (!seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}

/** "raider, Human ,, raider" -> ["raider", "Human"]: trimmed, no empties, no repeats. */
export function parseTags(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const t = raw.trim();
    if (t && !out.some((x) => x.toLowerCase() === t.toLowerCase())) out.push(t);
  }
  return out;
}

/** Where a fight stands, in the list's words. */
export function fightStatus(s: Pick<EncounterSummary, 'status' | 'round' | 'archived'> | undefined): string {
  if (!s?.status) return '';
  if (s.status === 'setup') return 'Setup';
  if (s.status === 'ended') return 'Ended';
  return `Round ${s.round ?? 1}`;
}

export interface FightChoice {
  readonly title: string;
  /** PC ids ticked. */
  readonly pcs: readonly string[];
  /** Template id -> how many. */
  readonly counts: Readonly<Record<string, number>>;
  readonly start: boolean;
  /** Every opponent joins hidden from the players (templates marked hidden always do). */
  readonly hidden?: boolean;
}

/** The `POST /fights` body of the New fight dialog (every PC ticked: the server's default, all). */
export function newFightBody(choice: FightChoice, allPcs: readonly string[]): NewFight {
  const templates = Object.entries(choice.counts)
    .filter(([, n]) => Number.isInteger(n) && n > 0)
    .map(([template, count]) => ({ template, count }));
  const everyone = allPcs.length === choice.pcs.length && allPcs.every((p) => choice.pcs.includes(p));
  return {
    ...(choice.title.trim() ? { title: choice.title.trim() } : {}),
    ...(everyone ? {} : { pcs: [...choice.pcs] }),
    ...(templates.length > 0 ? { templates } : {}),
    ...(choice.hidden && templates.length > 0 ? { hidden: true } : {}),
    start: choice.start,
  };
}

/** What the fight will hold, in words: "2 PCs, 3 × Raider, 1 × Boss". */
export function fightLine(state: CampaignState, choice: Pick<FightChoice, 'pcs' | 'counts'>): string {
  const parts: string[] = [];
  if (choice.pcs.length > 0) parts.push(choice.pcs.length === 1 ? (state.pcs[choice.pcs[0]!]?.name ?? '1 PC') : `${choice.pcs.length} PCs`);
  for (const t of templatesOf(state)) {
    const n = choice.counts[t.id] ?? 0;
    if (n > 0) parts.push(`${n} × ${t.name}`);
  }
  return parts.length > 0 ? parts.join(', ') : 'Nobody yet';
}

/** The most of one template a new fight takes (the server's limit). */
export const MAX_COUNT = 50;

/** A count typed in a box: a whole number 0..50, anything else 0 (`countProblem` says what is wrong with it). */
export function countOf(text: string): number {
  const n = Number(text.trim());
  return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_COUNT) : 0;
}

/**
 * What is wrong with a count typed in a box, in the GM's words, or null: empty or 0 is none of them;
 * anything but a whole number from 1 to 50 ("-2", "2.5", "lots", "70") is refused, never taken as none.
 */
export function countProblem(text: string, name: string): string | null {
  const t = text.trim();
  if (!t) return null;
  const n = Number(t);
  if (Number.isInteger(n) && n >= 0 && n <= MAX_COUNT) return null;
  if (Number.isInteger(n) && n > MAX_COUNT) return `At most ${MAX_COUNT} ${name} in one fight.`;
  return `“${t}” is not a number of ${name}: type 1 to ${MAX_COUNT}, or leave it empty for none.`;
}

/** A whole number typed in a box (undefined when empty), or a sentence saying what is wrong with it. */
export function wholeNumber(text: string, what: string): number | string | undefined {
  if (!text.trim()) return undefined;
  const n = Number(text.trim());
  return Number.isInteger(n) && n >= 0 ? n : `${what} must be a whole number (0 or more).`;
}

/**
 * A maximum HP typed in a box (undefined when empty), or what is wrong with it: 0 would be a character
 * (or an opponent) defeated before the fight starts, so it is 1 or more.
 */
export function maxHp(text: string, who: 'character' | 'opponent'): number | string | undefined {
  if (!text.trim()) return undefined;
  const n = Number(text.trim());
  return Number.isInteger(n) && n >= 1 ? n : `HP must be a whole number, 1 or more: a${who === 'opponent' ? 'n opponent' : ' character'} at 0 HP is defeated.`;
}

/** One write-back line: "Vasquez HP 12 → 5". */
export function changeText(c: WriteBackProposal['changes'][number]): string {
  return `${c.name} ${c.label || trackLabel(c.track)} ${c.from} → ${c.to}`;
}

/** A safe file name for a download: "turnkeeper-campaign-the-drowned-coast.json". */
export function fileName(kind: string, title: string, id: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `turnkeeper-${kind}-${slug || id}.json`;
}

/** The New session button's words: what it will do in this game. */
export function newSessionLabel(state: CampaignState): string {
  const next = state.session + 1;
  return gameOf(state.rules)?.sessionButton?.(next) ?? `Start session ${next}`;
}
