/**
 * Test support for redaction: an encounter loaded as the server holds it (LoadedEncounter), fed one
 * command's events at a time, with what players would receive after each batch (the view and the new
 * log lines, as in a socket update) and from scratch (as a reconnecting socket or GET /log reads).
 */
import { storyMarkdown } from '../../core/index.ts';
import type { Encounter, Engine, StoredEvent } from '../../core/index.ts';
import type { EncounterRecord } from '../../store/index.ts';
import { LoadedEncounter } from '../encounters/index.ts';
import type { EncounterSettings } from './settings.ts';

export function recordFor(rules: string, settings: EncounterSettings, version = 0): EncounterRecord {
  return { id: 'test', title: '', rules, createdAt: '2026-01-01T00:00:00.000Z', archived: false, gmKeyHash: '', playerKeyHash: '', version, settings: { ...settings }, campaignId: null, progress: { status: 'setup', round: 0 } };
}

/** The events of each command, in order. */
export function batches(events: readonly StoredEvent[]): StoredEvent[][] {
  const out: StoredEvent[][] = [];
  for (const e of events) {
    const last = out[out.length - 1];
    if (last && last[0]!.cmd === e.cmd) last.push(e);
    else out.push([e]);
  }
  return out;
}

/**
 * Everything players receive while the fight is played batch by batch (socket updates), then at the
 * end from scratch (GET view and log, a socket catching up from 0, the story of the fight): strings to search.
 */
export function playerBytes(engine: Engine, rules: string, events: readonly StoredEvent[], settings: EncounterSettings): string[] {
  const out: string[] = [];
  const all = batches(events);
  const l = new LoadedEncounter(engine, recordFor(rules, settings), all[0] ?? []);
  l.log();
  for (const batch of all.slice(1)) {
    const { encounter: next } = applyBatch(engine, l.encounter, batch);
    l.applied(batch, next);
    const lines = l.log().filter((x) => x.seq >= batch[0]!.seq);
    out.push(JSON.stringify({ update: l.playerLines(lines), view: l.playerView() }));
  }
  const fresh = new LoadedEncounter(engine, recordFor(rules, settings, events.length), [...events]);
  out.push(JSON.stringify({ catchUp: fresh.playerLines(fresh.log()), view: fresh.playerView() }));
  // The story of the fight players read (player-story.ts), and its Markdown.
  const story = fresh.playerStory();
  out.push(JSON.stringify({ story, markdown: storyMarkdown(story) }));
  return out;
}

function applyBatch(engine: Engine, from: Encounter, batch: readonly StoredEvent[]): { encounter: Encounter } {
  let e = from;
  for (const s of batch) e = engine.evolve(e, s);
  return { encounter: e };
}
