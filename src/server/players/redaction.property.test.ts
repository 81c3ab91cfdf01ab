/**
 * The redaction property, through the real server: for random fights in all six rule modules (random
 * hidden combatants, renames, hiding and revealing, revealing and renaming in one edit, newcomers
 * taking names already in the fight, removals, conditions, notes, track names and labels naming anyone
 * in any spelling, GM notes, damage, undo and redo, the rules' own commands, player requests with their
 * own words and the GM's answers, auto-accept turned on and off, npcHp changes, the turn timer and its
 * pause), no byte a player key can read names a hidden combatant
 * by id or by any name it has had (in any spelling), carries a GM note, shows an NPC's exact HP unless
 * the GM shows it, or shows a hidden combatant's turn other than as the GM deciding: the HTTP view, log
 * (from any `after`) and requests, request answers, a socket listening all along, sockets from any
 * `after`, and the story of the fight (JSON and Markdown). Players know the visible by ids numbered in the order they saw them, read back what they
 * wrote as they wrote it (in requests and, once a reaction is accepted or auto-accepted, in the log),
 * and see a newcomer numbered among the visible only; a combatant keeps the name players knew it by in
 * every line, also after it is renamed or leaves ("Goblin 2 leaves the fight." beside a "Goblin" hidden
 * since names the one that leaves). The posts to a GM's Discord webhook are checked
 * the same way, with this kit, in ../announce/discord-redaction.property.test.ts.
 *
 * Runs: REDACTION_RUNS=n fights per module (6 by default). A failure is reported with fast-check's seed
 * and path: REDACTION_SEED=<seed> REDACTION_PATH=<path> npx vitest run <this file> -t <module> replays that
 * fight alone. Counterexamples found before are replayed at the end of the file (FOUND).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../core/index.ts';
import type { Encounter, StoredEvent } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
import * as custom from '../../rules/custom/arbitrary.ts';
import * as cwn from '../../rules/cwn/arbitrary.ts';
import * as fallout from '../../rules/fallout/arbitrary.ts';
import * as kuro from '../../rules/kuro/arbitrary.ts';
import * as popcorn from '../../rules/popcorn/arbitrary.ts';
import * as swn from '../../rules/swn/arbitrary.ts';
import { NAME_COUNT, Names, NPC_HP_MIN, Truth, disguise, normal, spell, withHp } from './redaction-property-kit.ts';
import { connect, listen, testApp } from '../test-kit.ts';
import type { Created, Recorder, TestApp } from '../test-kit.ts';

type Candidates = (e: Encounter, pick: <T>(xs: readonly T[]) => T, int: (min: number, max: number) => number) => unknown[];
const modules: readonly { rules: string; setup: Record<string, unknown>; candidates: Candidates }[] = [
  { rules: 'custom', ...custom },
  { rules: 'swn', ...swn },
  { rules: 'cwn', ...cwn },
  { rules: 'kuro', ...kuro },
  { rules: 'fallout', ...fallout },
  { rules: 'popcorn', ...popcorn },
];

/** More with REDACTION_RUNS=n (a deeper search than the suite can afford). */
const RUNS = Number(process.env.REDACTION_RUNS ?? 6);
/**
 * A failure replayed: REDACTION_SEED=<seed> REDACTION_PATH=<path> (both as fast-check reports them) runs
 * that one fight; with `-t <module>`, in the module that failed only. REDACTION_SEED alone: runs from that seed.
 */
const REPLAY =
  process.env.REDACTION_SEED === undefined
    ? {}
    : { seed: Number(process.env.REDACTION_SEED), ...(process.env.REDACTION_PATH !== undefined ? { path: process.env.REDACTION_PATH, numRuns: 1 } : {}) };
const STEPS = 30;

let t: TestApp;
let base: string;
beforeAll(async () => {
  const lots = 1_000_000;
  t = await testApp({
    limits: { requestsPerSecond: lots, requestBurst: lots, commandsPerSecond: lots, commandBurst: lots, wsMessagesPerSecond: lots, wsBurst: lots, ...({ readsPerSecond: lots, readBurst: lots } as object) },
  });
  base = await listen(t);
});
afterAll(async () => {
  await t.close();
  // REDACTION_STATS=1 prints what the fights did (accepted commands by kind), to tune the mix.
  if (process.env.REDACTION_STATS) console.log(JSON.stringify(Object.fromEntries([...tally].sort((a, b) => b[1] - a[1]))));
});

const tally = new Map<string, number>();
const count = (what: string): void => void tally.set(what, (tally.get(what) ?? 0) + 1);

/** Waits until the socket has received everything published before now (frames arrive in order). */
async function flush(s: Recorder): Promise<void> {
  const n = s.messages.filter((m) => m.type === 'pong').length;
  s.ws.send(JSON.stringify({ type: 'ping' }));
  await s.waitFor(() => s.messages.filter((m) => m.type === 'pong').length > n);
}

async function fight(rules: string, setup: Record<string, unknown>, candidates: Candidates, seed: number, choices: number[]): Promise<void> {
  let i = 0;
  const next = (): number => choices[i++ % choices.length]!;
  const pick = <T,>(xs: readonly T[]): T => xs[next() % xs.length]!;
  const int = (min: number, max: number): number => min + (next() % (max - min + 1));
  const names = new Names(seed % NAME_COUNT);
  const truth = new Truth();
  const { script, npcTemplate } = disguise(setup, names, int);
  let npcHp = pick(['bands', 'hidden', 'bands', 'exact'] as const);
  // The turn timer on or off: a hidden combatant's turn must not show through it either.
  const timer = { mode: pick(['down', 'up', 'off'] as const), seconds: 30 };
  const c: Created = await t.create({ ...script, seed, settings: { npcHp, timer } });

  // The GM's side: the events, folded here as the engine folds them.
  const events = (await t.call('GET', `/api/encounters/${c.id}/events`, { key: c.gmKey })).json<{ events: StoredEvent[] }>().events;
  let encounter = engine.replay([]);
  const take = (stored: readonly StoredEvent[]): void => {
    for (const s of stored) {
      encounter = engine.evolve(encounter, s);
      truth.observe(encounter.state);
    }
  };
  take(events);
  /** Takes what the server applied without answering with its events (a player's request auto-accepted). */
  const catchUp = async (): Promise<StoredEvent[]> => {
    const more = (await t.call('GET', `/api/encounters/${c.id}/events?after=${encounter.version}`, { key: c.gmKey })).json<{ events: StoredEvent[] }>().events;
    take(more);
    return more;
  };

  const check = (what: string, text: string): void => {
    const leaks = truth.leaks(text, npcHp === 'exact');
    expect(leaks, `${rules}, ${what}: ${text.slice(0, 2000)}`).toEqual([]);
  };
  // What players wrote comes back exactly as they wrote it (never scrubbed: that would confirm a guess).
  const checkWords = (what: string, text: string): void => {
    for (const label of requestLabels(JSON.parse(text))) expect(truth.wrote(label), `${rules}, ${what}: "${label}" is not what a player wrote`).toBe(true);
  };
  const asPlayer = async (method: string, url: string, body?: unknown): Promise<Record<string, unknown>> => {
    const r = await t.call(method, url, { key: c.playerKey, body });
    expect(r.status, `${method} ${url}: ${r.body}`).toBeLessThan(500);
    check(`${method} ${url} ${JSON.stringify(body ?? '')}`, r.body);
    checkWords(`${method} ${url}`, r.body);
    return { status: r.status, ...r.json() };
  };
  const live = await connect(base, c.id, c.playerKey, 0);
  let seen = 0;
  const checkLive = async (what: string): Promise<void> => {
    await flush(live);
    for (; seen < live.frames.length; seen++) {
      check(`socket after ${what}`, live.frames[seen]!);
      checkWords(`socket after ${what}`, live.frames[seen]!);
    }
  };
  await checkLive('connecting');
  /** Accepted (by the GM or auto-accepted), a reaction's line reads the player's words as written, while its PC is visible. */
  const readsAsWritten = async (label: string, stored: readonly StoredEvent[]): Promise<void> => {
    const reacted = stored.find((e) => (e.event as { label?: unknown }).label === label);
    expect(reacted, `${rules}: an accepted reaction records "${label}"`).toBeDefined();
    const actor = (reacted!.event as unknown as { actor: string }).actor;
    if (encounter.state.combatants[actor]?.hidden !== false) return;
    const log = (await asPlayer('GET', `/api/encounters/${c.id}/log?after=${stored[0]!.seq - 1}`)).log as { text: string }[];
    expect(log.some((l) => l.text.includes(label)), `${rules}: "${label}" as written in ${JSON.stringify(log)}`).toBe(true);
    const naming = truth.secretNames().some((n) => normal(label).includes(normal(n)));
    count(`accepted reactions read as written${naming ? ', naming someone secret' : ''}`);
  };
  const kinds = (await t.call('GET', `/api/encounters/${c.id}`, { key: c.playerKey })).json<{ requestKinds: string[] }>().requestKinds;

  for (let step = 0; step < STEPS; step++) {
    const s = encounter.state;
    const roster = s.roster.map((id) => s.combatants[id]!.name);
    const someone = roster.length > 0 ? pick(roster) : 'Nobody';
    const anyName = (): string => pick([...truth.allNames(), 'Nobody']);
    // A name as people may write it in free text: in any spelling.
    const written = (): string => spell(anyName(), int);
    const visibleBefore = s.roster.filter((id) => !s.combatants[id]!.hidden).map((id) => s.combatants[id]!.name);
    const npcSide = pick([...new Set(Object.values(s.combatants).filter((x) => x.kind !== 'pc').map((x) => x.side))]) ?? 'Foes';
    const gmSecret = `GMONLY-${names.fresh()}`;
    const hiddenOnes = roster.filter((n) => Object.values(s.combatants).some((x) => x.name === n && x.hidden));
    const shown = roster.filter((n) => !hiddenOnes.includes(n));
    const aHidden = hiddenOnes.length > 0 ? pick(hiddenOnes) : someone;
    const extras: unknown[] = [
      { type: 'update-combatant', combatant: someone, name: names.fresh() },
      { type: 'update-combatant', combatant: aHidden, name: names.fresh() },
      { type: 'update-combatant', combatant: shown.length > 0 ? pick(shown) : someone, hidden: true },
      { type: 'update-combatant', combatant: aHidden, hidden: false },
      { type: 'update-combatant', combatant: aHidden, name: names.fresh(), hidden: false },
      { type: 'update-combatant', combatant: someone, gmNotes: `GMSECRET-${names.fresh()}` },
      // A newcomer may take a name already in the fight (hidden or not).
      { type: 'add-combatant', ...withHp(JSON.parse(JSON.stringify(npcTemplate)) as never, int(NPC_HP_MIN, 9999)), name: int(0, 2) === 0 ? someone : names.fresh(), side: npcSide, hidden: int(0, 1) === 0, gmNotes: `GMSECRET-${names.fresh()}` },
      // A PC whose track label names anyone.
      { type: 'add-combatant', ...withHp(JSON.parse(JSON.stringify(npcTemplate)) as never, int(1, 30)), kind: 'pc', name: names.fresh(), hidden: int(0, 2) === 0, tracks: { mark: { value: 1, label: `Mark of ${written()}` } } },
      { type: 'set-track', combatant: someone, track: `${written()} venom`, value: int(1, 9) },
      { type: 'remove-combatant', combatant: someone },
      { type: 'add-condition', combatants: [someone], name: `Cursed by ${written()}`, duration: 'until-removed', note: `${written()} did it` },
      { type: 'note', text: `${written()} and ${anyName()} whisper` },
      { type: 'note', text: gmSecret, gmOnly: true },
      { type: 'damage', combatants: [someone], amount: int(1, 30) },
      { type: 'heal', combatants: [someone], amount: int(1, 30) },
      { type: 'undo' },
      { type: 'redo' },
      { type: 'pause-clock' },
      { type: 'resume-clock' },
    ];
    const command = pick([...candidates(encounter, pick, int).map((x) => renamed(x, names)), ...extras]) as Record<string, unknown>;
    if (command.type === 'note' && command.gmOnly) truth.secretText(gmSecret);
    const r = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: command });
    if (r.status === 200) take(r.json<{ events: StoredEvent[] }>().events);
    else expect(r.status, r.body).toBe(422);
    if (r.status === 200 && command.type === 'add-combatant' && command.hidden !== true) {
      // Numbered among the visible only: what it would be had the hidden never been there.
      let taken = visibleBefore;
      for (const e of r.json<{ events: StoredEvent[] }>().events) {
        if (e.event.type !== 'combatant-added') continue;
        const name = (e.event as unknown as { combatant: { name: string } }).combatant.name;
        expect(name, `${rules}: a newcomer's name`).toBe(uniqueName(String(command.name), taken));
        taken = [...taken, name];
      }
    }
    count(`${r.status === 200 ? 'accepted' : 'refused'} ${String(command.type)}${command.type === 'update-combatant' ? ` ${Object.keys(command).filter((k) => k !== 'type' && k !== 'combatant').join()}${command.hidden !== undefined ? `=${String(command.hidden)}` : ''}` : ''}`);
    if (Object.values(encounter.state.combatants).some((x) => x.hidden)) count('steps with someone hidden');
    await checkLive(JSON.stringify(command));

    // What a player does and reads meanwhile.
    const version = encounter.version;
    const view = (await asPlayer('GET', `/api/encounters/${c.id}`)).view as { combatants: { id: string; name: string }[]; now: { kind: string }; timer?: Record<string, unknown> };
    // The GM's table (a decision, or a hidden combatant's turn): the timer runs for nobody, with no start to compare.
    if (timer.mode === 'off') expect(view.timer, `${rules}: the timer is off`).toBeUndefined();
    else if (view.now.kind !== 'actor' && view.now.kind !== 'side' && view.now.kind !== 'group' && view.now.kind !== 'pass') {
      expect({ startedAt: view.timer?.startedAt, pausedAt: view.timer?.pausedAt, pausedMs: view.timer?.pausedMs }, `${rules}: the timer at the GM's table`).toEqual({ startedAt: null, pausedAt: null, pausedMs: 0 });
    }
    // The visible, by the ids players know them by: c1, c2, ... in the order they first saw them.
    expect(view.combatants.map((x) => [x.id, x.name]), `${rules}: the ids and names players see`).toEqual(truth.visible(encounter.state));
    await asPlayer('GET', `/api/encounters/${c.id}/log?after=${int(0, version)}`);
    await asPlayer('GET', `/api/encounters/${c.id}/requests`);
    if (kinds.length > 0 && int(0, 2) === 0) {
      // Reactions twice as often: their words reach the log once accepted.
      const kind = pick([...kinds, ...kinds.filter((k) => k === 'reaction')]);
      const who = pick([...truth.allNames(), 'c1', 'c3', 'Nobody']);
      const label = `${pick(['dodges', 'I shout at'])} ${written()} ${pick(['', 'c1 ', 'c2 ', 'c3 '])}#w${step}`;
      truth.playerText(label);
      const made = await asPlayer('POST', `/api/encounters/${c.id}/requests`, requestBody(kind, int(0, 3) === 0 ? spell(who, int) : who, anyName(), int(1, 6), label));
      count(`request ${kind} ${String(made.status)}`);
      if (made.status === 201 && kind === 'reaction') expect((made.request as { command: { label: string } }).command.label).toBe(label);
      if (made.status === 201 && (made.request as { status: string }).status === 'accepted') {
        const applied = await catchUp();
        if (kind === 'reaction') await readsAsWritten(label, applied);
      }
    }
    if (int(0, 4) === 0) {
      const pending = (await t.call('GET', `/api/encounters/${c.id}/requests?status=pending`, { key: c.gmKey })).json<{ requests: { id: number; kind: string; command: { label?: string } }[] }>().requests;
      if (pending.length > 0) {
        const { id, kind, command: asked } = pick(pending);
        const answer = int(0, 1) === 0 ? await t.call('POST', `/api/encounters/${c.id}/requests/${id}/accept`, { key: c.gmKey }) : await t.call('POST', `/api/encounters/${c.id}/requests/${id}/reject`, { key: c.gmKey, body: { reason: `${written()} says no` } });
        const result = answer.status === 200 ? answer.json<{ result?: { events: StoredEvent[] } }>().result : undefined;
        if (result) take(result.events);
        if (result && kind === 'reaction') await readsAsWritten(asked.label!, result.events);
      }
    }
    await checkLive('the player\'s reads');
    if (kinds.length > 0 && int(0, 7) === 0) {
      // Requests of a kind applied at once, without the GM (a reaction's words then reach the log unseen by the GM).
      const autoAccept = { [pick(kinds)]: int(0, 2) > 0 };
      await t.call('PATCH', `/api/encounters/${c.id}/settings`, { key: c.gmKey, body: { autoAccept } });
      await checkLive(`autoAccept ${JSON.stringify(autoAccept)}`);
    }
    if (int(0, 9) === 0) {
      // Frames sent before the change were read under the old setting (checked just above).
      npcHp = pick(['bands', 'hidden', 'exact'] as const);
      await t.call('PATCH', `/api/encounters/${c.id}/settings`, { key: c.gmKey, body: { npcHp } });
      await checkLive(`npcHp set to ${npcHp}`);
    }
  }
  // Reconnecting players, from anywhere.
  for (const after of [0, int(0, encounter.version), encounter.version, encounter.version + 5]) {
    const s = await connect(base, c.id, c.playerKey, after);
    await flush(s);
    s.close();
    for (const f of s.frames) check(`socket from after=${after}`, f);
  }
  await asPlayer('GET', `/api/encounters/${c.id}/log`);
  // The story of the fight, as JSON and as Markdown (issue 23): its times are milliseconds, not HP.
  const story = await t.call('GET', `/api/encounters/${c.id}/story`, { key: c.playerKey });
  expect(story.status, story.body).toBe(200);
  check('the story', story.body.replace(/"(turnMs|ms|totalMs)":\d+/g, ''));
  const markdown = await t.call('GET', `/api/encounters/${c.id}/story?format=markdown`, { key: c.playerKey });
  expect(markdown.status, markdown.body).toBe(200);
  check('the story as Markdown', markdown.body);
  live.close();
}

/** A module's candidate command, with any combatant it adds given a fresh made-up name. */
function renamed(command: unknown, names: Names): unknown {
  const c = command as Record<string, unknown>;
  if (c.type !== 'add-combatant') return command;
  const { count: _count, ...rest } = c;
  return { ...rest, name: names.fresh() };
}

/** The labels of the reaction requests in a JSON answer or frame. */
function requestLabels(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) requestLabels(x, out);
  else if (typeof v === 'object' && v !== null) {
    const o = v as Record<string, unknown>;
    const label = (o.command as { label?: unknown } | undefined)?.label;
    if (o.kind === 'reaction' && typeof label === 'string') out.push(label);
    for (const x of Object.values(o)) requestLabels(x, out);
  }
  return out;
}

function requestBody(kind: string, combatant: string, other: string, die: number, label: string): Record<string, unknown> {
  switch (kind) {
    case 'initiative':
      return { kind, combatant, dice: [die] };
    case 'pass':
    case 'hold':
      return { kind, combatant, to: other };
    case 'reaction':
      return { kind, combatant, label };
    default:
      return { kind, combatant };
  }
}

describe('redaction property: nothing hidden reaches a player key, in any module, whatever the GM does', () => {
  for (const m of modules) {
    it(`${m.rules}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), fc.array(fc.nat({ max: 1_000_000 }), { minLength: 400, maxLength: 400 }), (seed, choices) =>
          fight(m.rules, m.setup, m.candidates, seed, choices),
        ),
        // A failure is reported at once with its seed and path (shrinking a fight over HTTP takes minutes).
        { numRuns: RUNS, endOnFailure: true, ...REPLAY },
      );
    }, 20_000 * Math.max(6, RUNS));
  }
});

/**
 * Counterexamples found before, replayed (fast-check's seed and path; the same fight only while this file
 * draws its commands as it does now: redaction-newcomer-names.test.ts builds them by hand, in every module).
 */
const FOUND: readonly { rules: string; seed: number; path: string; what: string }[] = [
  // "Ñarrinn 2", numbered beside a "Ñarrinn" in plain sight, hidden later; its "Ñarrinn 2 leaves the fight." was taken for the hidden one.
  { rules: 'popcorn', seed: -494509692, path: '5', what: 'a newcomer numbered beside one hidden later leaves the fight' },
  // "Myrmok 2" likewise, renamed since: the lines written before the rename read "Myrmok 2" (GET /log?after=2).
  { rules: 'popcorn', seed: 1294084338, path: '22', what: 'a newcomer numbered beside one hidden later is renamed' },
];

describe('redaction property: the counterexamples found before', () => {
  for (const f of FOUND) {
    const m = modules.find((x) => x.rules === f.rules)!;
    it(`${f.rules}, seed ${f.seed}, path ${f.path}: ${f.what}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), fc.array(fc.nat({ max: 1_000_000 }), { minLength: 400, maxLength: 400 }), (seed, choices) =>
          fight(m.rules, m.setup, m.candidates, seed, choices),
        ),
        { seed: f.seed, path: f.path, numRuns: 1, endOnFailure: true },
      );
    }, 120_000);
  }
});
