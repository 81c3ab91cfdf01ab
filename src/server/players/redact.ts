/**
 * The player projection. Players never receive engine events or the module's raw state: they get a
 * view built field by field from what the table may know (visible combatants, their conditions, PC
 * tracks, NPC HP as the GM chose, the order of visible combatants, who acts now if visible), with free
 * text people typed (notes, condition names, track names and labels) read through the secrets
 * ("someone" for a secret name). Nothing in it varies with the hidden combatants: combatants go by the
 * ids players know them by (player-ids.ts), conditions are numbered among the visible ones, and a hidden
 * combatant's turn reads like any other moment the GM has the table ("The GM is deciding."). The log
 * players read is built in player-log.ts. Pure.
 */
import { describeDuration } from '../../core/index.ts';
import type { Combatant, Condition, Encounter, EncounterState, Engine, Side, WhoMayAct } from '../../core/index.ts';
import type { EncounterSettings } from './settings.ts';
import { tracksFor } from './player-tracks.ts';
import type { PlayerTrack } from './player-tracks.ts';
import { noSecrets } from './secrets.ts';
import type { Secrets } from './secrets.ts';
import { orderOf } from './player-order.ts';
import type { PlayerSlot } from './player-order.ts';
import { playerSetupNeeds } from './player-setup.ts';
import { betweenTurns, playerGame } from './player-game.ts';
import type { PlayerGame } from './player-game.ts';
import { initiativeOpen, kindsOffered } from './requests.ts';
import type { RequestKind } from './settings.ts';
import { playerTimer } from './timer-setting.ts';
import type { PlayerTimer } from './timer-setting.ts';

export type { PlayerSlot } from './player-order.ts';
export type { PlayerTrack } from './player-tracks.ts';
export type { PlayerGame, PlayerPhase, PlayerPhaseMember } from './player-game.ts';
export type { PlayerLogEntry } from './player-log.ts';
export { hpBand } from './hp-band.ts';

export interface PlayerCondition {
  readonly id: string;
  readonly name: string;
  /** How long it lasts, in words ("until the end of Kade's next turn"). */
  readonly lasts: string;
  readonly note?: string;
}

export interface PlayerCombatant {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly kind: 'pc' | 'npc';
  readonly defeated: boolean;
  readonly notes: string;
  readonly conditions: readonly PlayerCondition[];
  /** PCs: every track. NPCs: every track in `exact` mode, none otherwise. */
  readonly tracks: Readonly<Record<string, PlayerTrack>>;
  /** NPCs in `bands` mode: the band label of their HP. */
  readonly health?: string;
  readonly initiative: number | null;
  /** Has acted (or cannot act) this round. */
  readonly done: boolean;
}

export interface PlayerInterrupt {
  readonly combatant: string;
  readonly command: string;
  readonly label: string;
}

type Phase = { readonly phase?: number; readonly label?: string };
export type PlayerNow = (
  | { readonly kind: 'setup'; readonly needs: string; readonly round?: number }
  /** `next`: Fallout between turns: the actor's turn begins with its first action (it is next, not acting yet). */
  | ({ readonly kind: 'actor'; readonly round: number; readonly actor: string; readonly next?: true } & Phase)
  | ({ readonly kind: 'side'; readonly round: number; readonly side: string; readonly active: string | null; readonly waiting: readonly string[] } & Phase)
  | ({ readonly kind: 'group'; readonly round: number; readonly actors: readonly string[] } & Phase)
  | { readonly kind: 'pass'; readonly round: number; readonly from: string | null; readonly candidates: readonly string[]; readonly label?: string }
  /**
   * The GM has the table: a decision only the GM answers, or the turn of someone players cannot see;
   * both read the same (`GM_PAUSE`, no options).
   */
  | { readonly kind: 'decision'; readonly round: number; readonly question: string; readonly options: readonly string[] }
  | { readonly kind: 'ended' }
) & { readonly interrupts?: readonly PlayerInterrupt[] };

export interface PlayerView {
  readonly title: string;
  readonly rules: string;
  readonly status: string;
  readonly round: number;
  readonly version: number;
  readonly now: PlayerNow;
  readonly sides: readonly Side[];
  readonly combatants: readonly PlayerCombatant[];
  /** Initiative order of the visible combatants (empty in games without one, such as popcorn). */
  readonly order: readonly PlayerSlot[];
  readonly npcHp: EncounterSettings['npcHp'];
  /** The game's own state in players' words: Fallout's party AP pool, Kuro's game turn and phases (player-game.ts). */
  readonly game?: PlayerGame;
  /** The requests players may send now: the game's kinds, initiative only while `initiativeFor` names someone. */
  readonly requestKinds: readonly RequestKind[];
  /** The player characters whose initiative roll the rules accept now (requests.ts `initiativeOpen`). */
  readonly initiativeFor: readonly string[];
  /** The turn timer, when the GM shows one (timer-setting.ts): running only for a turn players see someone take. */
  readonly timer?: PlayerTimer;
}

/** What the GM says while having the table: a decision, or a turn players cannot see. */
export const GM_PAUSE = 'The GM is deciding.';

function conditionFor(k: Condition, id: string, state: EncounterState, secrets: Secrets): PlayerCondition {
  const { name } = {
    name(id: string): string {
      const c = Object.hasOwn(state.combatants, id) ? state.combatants[id] : undefined;
      return c && !c.hidden && !secrets.ids.has(id) ? c.name : 'someone';
    },
  };
  return {
    id,
    name: secrets.scrub(k.name),
    lasts: describeDuration(k.duration, name),
    ...(k.note !== undefined ? { note: secrets.scrub(k.note) } : {}),
  };
}

function projectNow(
  now: WhoMayAct,
  visible: (id: string) => boolean,
  pid: (id: string) => string,
  visibleSide: (id: string) => boolean,
  secrets: Secrets,
  setupNeeds: () => string,
  between = false,
): PlayerNow {
  const { safe } = {
    safe(label: string | undefined): { label?: string } {
      return label !== undefined && !secrets.mentions(label) ? { label } : {};
    },
  };
  const interrupts = (now.kind === 'ended' ? [] : (now.interrupts ?? []))
    .filter((i) => visible(i.combatant) && !secrets.mentions(i.label))
    .map((i) => ({ combatant: pid(i.combatant), command: i.command, label: i.label }));
  const extra = interrupts.length > 0 ? { interrupts } : {};
  // The GM has the table. A decision reads the same whatever it is about, so that a hidden
  // combatant's turn, which reads this way too, cannot be told from one.
  const { pause } = {
    pause(round: number): PlayerNow {
      return { kind: 'decision', round, question: GM_PAUSE, options: [], ...extra };
    },
  };
  switch (now.kind) {
    case 'setup':
      // What is missing, counted and named among the visible only (player-setup.ts): the rules' hint
      // would count the hidden ("3 combatant(s) have no initiative"), or name them.
      return {
        kind: 'setup',
        needs: setupNeeds(),
        ...(now.round !== undefined ? { round: now.round } : {}),
        ...extra,
      };
    case 'actor':
      return visible(now.actor)
        ? { kind: 'actor', round: now.round, actor: pid(now.actor), ...(between ? { next: true as const } : {}), ...phaseOf(now.phase), ...safe(now.label), ...extra }
        : pause(now.round);
    case 'side': {
      if (!visibleSide(now.side)) return pause(now.round);
      const active = now.active !== null && visible(now.active) ? pid(now.active) : null;
      return { kind: 'side', round: now.round, side: now.side, active, waiting: now.waiting.filter(visible).map(pid), ...phaseOf(now.phase), ...safe(now.label), ...extra };
    }
    case 'group': {
      const actors = now.actors.filter(visible).map(pid);
      if (actors.length === 0) return pause(now.round);
      // One visible member of a tied group acts like anyone acting alone: the group would tell of the other
      // (its label too: "Game turn 1, phase 1 of 3: equal initiative, acting at the same time").
      if (actors.length === 1) {
        const alone = now.label?.replace(/:[^:]*\bat the same time\b[^:]*$/u, '');
        return { kind: 'actor', round: now.round, actor: actors[0]!, ...phaseOf(now.phase), ...safe(alone), ...extra };
      }
      return { kind: 'group', round: now.round, actors, ...phaseOf(now.phase), ...safe(now.label), ...extra };
    }
    case 'pass':
      return {
        kind: 'pass',
        round: now.round,
        from: now.from !== null && visible(now.from) ? pid(now.from) : null,
        candidates: now.candidates.filter(visible).map(pid),
        ...safe(now.label),
        ...extra,
      };
    case 'decision':
      return pause(now.round);
    case 'ended':
      return { kind: 'ended' };
  }
}

const phaseOf = (p: number | undefined): { phase?: number } => (p !== undefined ? { phase: p } : {});

/** The number a condition id ends with (the order it was added in). */
const conditionNumber = (id: string): number => Number(/\d+$/.exec(id)?.[0] ?? Number.MAX_SAFE_INTEGER);

/** Condition ids numbered among the conditions players see, in the order they were added ("k1", "k2", ...). */
function conditionIds(shown: readonly Combatant[]): Map<string, string> {
  const all = shown.flatMap((c) => c.conditions.map((k) => k.id));
  if (all.length === 0) return new Map();
  all.sort((a, b) => conditionNumber(a) - conditionNumber(b) || (a < b ? -1 : a > b ? 1 : 0));
  return new Map(all.map((id, i) => [id, `k${i + 1}`]));
}

/** Whether `record`'s keys are `keys`, in that order. */
function sameKeys(record: object, keys: readonly string[]): boolean {
  const own = Object.keys(record);
  if (own.length !== keys.length) return false;
  for (let i = 0; i < own.length; i++) if (own[i] !== keys[i]) return false;
  return true;
}

/** The player view of an encounter; `secrets`: what players may not know, and the ids they know the others by (secrets.ts). */
export function playerView(engine: Engine, encounter: Encounter, settings: EncounterSettings, secrets: Secrets = noSecrets): PlayerView {
  const s = encounter.state;
  // Methods taken out of an object rather than arrow functions: the server runs from source through
  // tsx, whose esbuild names every named closure by defining its `name`, each time one is made (here,
  // once per committed batch): a cost on every command.
  const { visible, pid } = {
    visible(id: string): boolean {
      return Object.hasOwn(s.combatants, id) && !s.combatants[id]!.hidden && !secrets.ids.has(id) && secrets.playerIds.of(id) !== undefined;
    },
    pid(id: string): string {
      return secrets.playerIds.of(id)!;
    },
  };
  const shown: Combatant[] = s.roster.filter(visible).map((id) => s.combatants[id]!);
  const sidesWithSomeone = new Set(shown.map((c) => c.side).filter((id) => !secrets.sides.has(id)));
  const { slots, initiative, done } = orderOf(s, visible, pid, secrets);
  const kIds = conditionIds(shown);
  const game = playerGame(s, visible, pid);
  const offered = kindsOffered(s.rules.id, s.options);
  const initiativeFor = offered.includes('initiative')
    ? shown.filter((c) => initiativeOpen(engine, encounter, c.id, initiative.has(c.id))).map((c) => pid(c.id))
    : [];
  const whoNow = engine.whoMayAct(encounter);
  // Players see everyone: the setup worded for the visible alone is the rules' own hint (asked of the
  // same roster and combatants, in the same order), already in hand.
  const seesAll = shown.length === s.roster.length && sameKeys(s.combatants, s.roster);
  const now = projectNow(
    whoNow,
    visible,
    pid,
    (side) => sidesWithSomeone.has(side),
    secrets,
    () => (seesAll && whoNow.kind === 'setup' ? whoNow.needs : playerSetupNeeds(engine, encounter, visible)),
    betweenTurns(s),
  );
  // The timer runs for players only in a turn they see someone take: a pass by someone they cannot see
  // reads as the GM passing, and runs for nobody, like the GM's table.
  const turnShown = now.kind === 'actor' || now.kind === 'side' || now.kind === 'group' || (now.kind === 'pass' && now.from !== null);
  const timer = settings.timer ? playerTimer(settings.timer, s.clock, turnShown) : undefined;
  return {
    // The title is free text the GM typed ("Ambush by Zorblax"), read like any other.
    title: secrets.scrub(s.title),
    rules: s.rules.id,
    status: s.status,
    round: s.round,
    version: encounter.version,
    now,
    sides: s.sideOrder.filter((id) => sidesWithSomeone.has(id)).map((id) => ({ ...s.sides[id]! })),
    combatants: shown.map((c) => ({
      id: pid(c.id),
      name: c.name,
      side: c.side,
      kind: c.kind,
      defeated: c.defeated,
      notes: secrets.scrub(c.notes),
      conditions: c.conditions.map((k) => conditionFor(k, kIds.get(k.id)!, s, secrets)),
      ...tracksFor(c, settings, secrets),
      initiative: initiative.get(c.id) ?? null,
      done: done.has(c.id),
    })),
    order: slots,
    npcHp: settings.npcHp,
    ...(game ? { game } : {}),
    requestKinds: offered.filter((k) => k !== 'initiative' || initiativeFor.length > 0),
    initiativeFor,
    ...(timer ? { timer } : {}),
  };
}

/**
 * An engine message for a player: unchanged unless it names a hidden combatant. `own`: what the player
 * wrote in the request (a label), which the message may quote: it is theirs, so it never counts.
 */
export function playerMessage(message: string, secrets: Secrets, own: readonly string[] = []): string {
  let rest = message;
  for (const words of own) if (words !== '') rest = rest.split(words).join(' ');
  return secrets.mentions(rest) ? 'That is not possible right now.' : message;
}
