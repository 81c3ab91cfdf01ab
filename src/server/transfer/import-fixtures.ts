/**
 * Encounters made by commands, as export files, for the import tests: each game's property-test setup
 * (its combatants and options) played for some random steps of its plausible commands (legal or not,
 * undo and redo among them). Not used by the server itself.
 */
import { runScript } from '../../core/index.ts';
import type { Encounter, StoredEvent } from '../../core/index.ts';
import * as custom from '../../rules/custom/arbitrary.ts';
import * as cwn from '../../rules/cwn/arbitrary.ts';
import * as fallout from '../../rules/fallout/arbitrary.ts';
import { engine } from '../../rules/index.ts';
import * as kuro from '../../rules/kuro/arbitrary.ts';
import * as popcorn from '../../rules/popcorn/arbitrary.ts';
import * as swn from '../../rules/swn/arbitrary.ts';
import { EXPORT_FORMAT } from './transfer.ts';
import type { ExportFile } from './transfer.ts';

type Pick = <T>(xs: readonly T[]) => T;
type Int = (min: number, max: number) => number;

export interface Game {
  readonly setup: Record<string, unknown>;
  candidates(encounter: Encounter, pick: Pick, int: Int): unknown[];
}

export const GAMES: Readonly<Record<string, Game>> = { custom, cwn, fallout, kuro, popcorn, swn } as unknown as Record<string, Game>;

/** A small deterministic generator from one seed. */
export function chooser(seed: number): { pick: Pick; int: Int } {
  let x = seed >>> 0 || 1;
  const next = (): number => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  const int: Int = (min, max) => min + Math.floor(next() * (max - min + 1));
  return { pick: (xs) => xs[int(0, xs.length - 1)]!, int };
}

/** Play `steps` random commands of the game on its setup; the encounter and its whole log. */
export function play(rules: string, seed: number, steps: number): { encounter: Encounter; events: StoredEvent[] } {
  const game = GAMES[rules]!;
  const started = runScript(engine, { ...game.setup, commands: [] }, seed);
  if (!started.ok) throw new Error(`${rules}: ${started.rejection.message}`);
  let encounter = started.encounter!;
  const events: StoredEvent[] = [...started.events];
  const { pick, int } = chooser(seed);
  for (let i = 0; i < steps; i++) {
    const command = pick([...game.candidates(encounter, pick, int), { type: 'undo' }, { type: 'redo' }]);
    const r = engine.execute(encounter, command);
    if (!r.ok) continue;
    encounter = r.encounter;
    events.push(...r.events);
  }
  return { encounter, events };
}

/** An export file holding these events, as `GET .../export` writes it. */
export function fileOf(rules: string, events: readonly StoredEvent[], title = 'Fixture'): ExportFile {
  return {
    format: EXPORT_FORMAT,
    formatVersion: 1,
    exportedAt: '2026-01-01T00:00:00.000Z',
    encounter: { id: 'fixture', title, rules, createdAt: '2026-01-01T00:00:00.000Z', archived: false, settings: {} },
    events: JSON.parse(JSON.stringify(events)) as ExportFile['events'],
  };
}

type Json = Record<string, unknown>;

/** Every path (as keys) into an object, objects and arrays included, up to a depth. */
function paths(value: unknown, depth = 0, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null || depth > 5) return [];
  const out: (string | number)[][] = [];
  for (const key of Object.keys(value)) {
    const k = Array.isArray(value) ? Number(key) : key;
    out.push([...at, k], ...paths((value as Json)[key], depth + 1, [...at, k]));
  }
  return out;
}

function setAt(root: Json, path: readonly (string | number)[], value: unknown, remove: boolean): void {
  let o = root as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove && !Array.isArray(o)) delete o[last];
  else o[last] = value;
}

const CORE_TYPES = [
  'encounter-created', 'side-added', 'side-updated', 'combatant-added', 'combatant-removed', 'combatant-updated', 'defeated-set',
  'track-changed', 'condition-added', 'condition-removed', 'roster-reordered', 'round-started', 'turn-started', 'turn-ended',
  'encounter-ended', 'encounter-reopened', 'note-added', 'undone', 'redone', 'rng-advanced', 'turn-timed', 'clock-paused', 'clock-resumed',
];

export type Mutation =
  | { kind: 'field'; at: number; pick: number; value: unknown; remove: boolean }
  | { kind: 'repeat'; from: number; to: number }
  | { kind: 'insert'; at: number; type: number; fields: Record<string, unknown> }
  | { kind: 'deep'; at: number; depth: number }
  | { kind: 'long'; at: number; pick: number; length: number };

/** The log with the mutations made, numbered again (seq 1, 2, ...; command numbers never going back). */
export function mutate(events: readonly StoredEvent[], mutations: readonly Mutation[], moduleTypes: readonly string[]): Json[] {
  const out = JSON.parse(JSON.stringify(events)) as Json[];
  // Deep nesting last: copying a 10,000-level event (repeat) would overflow this test's own stack.
  for (const m of [...mutations].sort((a, b) => Number(a.kind === 'deep') - Number(b.kind === 'deep'))) {
    const at = 1 + ((m.kind === 'repeat' ? m.from : m.at) % Math.max(1, out.length - 1));
    switch (m.kind) {
      case 'field': {
        const target = out[Math.min(at, out.length - 1)]!;
        const all = paths(target.event);
        const path = all[m.pick % Math.max(1, all.length)];
        if (path && path[0] !== 'type') setAt(target.event as Json, path, m.value, m.remove);
        break;
      }
      case 'repeat':
        out.splice(1 + (m.to % out.length), 0, JSON.parse(JSON.stringify(out[Math.min(at, out.length - 1)])) as Json);
        break;
      case 'insert': {
        const types = [...CORE_TYPES, ...moduleTypes];
        out.splice(at, 0, { seq: 0, cmd: 0, event: { ...m.fields, type: types[m.type % types.length] } });
        break;
      }
      case 'deep': {
        let v: unknown = 1;
        for (let i = 0; i < m.depth; i++) v = [v];
        (out[Math.min(at, out.length - 1)]!.event as Json).extra = v;
        break;
      }
      case 'long': {
        const target = out[Math.min(at, out.length - 1)]!;
        const strings = paths(target.event).filter((p) => typeof p.reduce<unknown>((o, k) => (o as Json)[k as string], target.event) === 'string' && p[0] !== 'type');
        const path = strings[m.pick % Math.max(1, strings.length)];
        if (path) setAt(target.event as Json, path, 'y'.repeat(m.length), false);
        break;
      }
    }
  }
  let cmd = 1;
  out.forEach((e, i) => {
    e.seq = i + 1;
    cmd = Math.max(cmd, typeof e.cmd === 'number' && e.cmd > 0 ? e.cmd : cmd);
    e.cmd = cmd;
  });
  return out;
}
