/**
 * The player projection. Players never receive engine events or the module's raw state: they get a
 * view built field by field from what the table may know (visible combatants, their conditions, PC
 * tracks, NPC HP as the GM chose, the order of visible combatants, who acts now if visible), with free
 * text people typed (notes, condition names) read through the secrets ("someone" for a secret name).
 * The log players read is built in player-log.ts. Pure.
 */
import { describeDuration } from '../core/index.ts';
import type { Combatant, Condition, Encounter, EncounterState, Engine, Side, WhoMayAct } from '../core/index.ts';
import type { EncounterSettings } from './settings.ts';
import { hpBand } from './hp-band.ts';
import { noSecrets } from './secrets.ts';
import type { Secrets } from './secrets.ts';
import { orderOf } from './player-order.ts';
import type { PlayerSlot } from './player-order.ts';

export type { PlayerSlot } from './player-order.ts';
export type { PlayerLogEntry } from './player-log.ts';
export { hpBand } from './hp-band.ts';

export interface PlayerTrack {
  readonly value: number;
  readonly max?: number;
  readonly label?: string;
  readonly rising?: boolean;
}

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
  | ({ readonly kind: 'actor'; readonly round: number; readonly actor: string } & Phase)
  | ({ readonly kind: 'side'; readonly round: number; readonly side: string; readonly active: string | null; readonly waiting: readonly string[] } & Phase)
  | ({ readonly kind: 'group'; readonly round: number; readonly actors: readonly string[] } & Phase)
  | { readonly kind: 'pass'; readonly round: number; readonly from: string | null; readonly candidates: readonly string[]; readonly label?: string }
  | { readonly kind: 'decision'; readonly round: number; readonly question: string; readonly options: readonly string[] }
  /** Someone the players cannot see is acting. */
  | { readonly kind: 'unseen'; readonly round: number }
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
}

function tracksFor(c: Combatant, settings: EncounterSettings): { tracks: Record<string, PlayerTrack>; health?: string } {
  const all = (): Record<string, PlayerTrack> => {
    const out: Record<string, PlayerTrack> = {};
    for (const [k, t] of Object.entries(c.tracks)) {
      out[k] = {
        value: t.value,
        ...(t.max !== undefined ? { max: t.max } : {}),
        ...(t.label !== undefined ? { label: t.label } : {}),
        ...(t.rising ? { rising: true } : {}),
      };
    }
    return out;
  };
  if (c.kind === 'pc' || settings.npcHp === 'exact') return { tracks: all() };
  const hp = c.tracks.hp;
  if (settings.npcHp === 'bands' && hp) return { tracks: {}, health: hpBand(hp, settings.bands) };
  return { tracks: {} };
}

function conditionFor(k: Condition, state: EncounterState, secrets: Secrets): PlayerCondition {
  const name = (id: string): string => {
    const c = Object.hasOwn(state.combatants, id) ? state.combatants[id] : undefined;
    return c && !c.hidden && !secrets.ids.has(id) ? c.name : 'someone';
  };
  return {
    id: k.id,
    name: secrets.scrub(k.name),
    lasts: describeDuration(k.duration, name),
    ...(k.note !== undefined ? { note: secrets.scrub(k.note) } : {}),
  };
}

function projectNow(now: WhoMayAct, visible: (id: string) => boolean, visibleSide: (id: string) => boolean, secrets: Secrets): PlayerNow {
  const safe = (label: string | undefined): { label?: string } => (label !== undefined && !secrets.mentions(label) ? { label } : {});
  const phase = (p: number | undefined): { phase?: number } => (p !== undefined ? { phase: p } : {});
  const interrupts = (now.kind === 'ended' ? [] : (now.interrupts ?? []))
    .filter((i) => visible(i.combatant) && !secrets.mentions(i.label))
    .map((i) => ({ combatant: i.combatant, command: i.command, label: i.label }));
  const extra = interrupts.length > 0 ? { interrupts } : {};
  switch (now.kind) {
    case 'setup':
      // What is missing may count hidden combatants ("3 combatant(s) have no initiative"): say less.
      return {
        kind: 'setup',
        needs: secrets.ids.size > 0 || secrets.mentions(now.needs) ? 'The GM is setting things up.' : now.needs,
        ...(now.round !== undefined ? { round: now.round } : {}),
        ...extra,
      };
    case 'actor':
      return visible(now.actor)
        ? { kind: 'actor', round: now.round, actor: now.actor, ...phase(now.phase), ...safe(now.label), ...extra }
        : { kind: 'unseen', round: now.round, ...extra };
    case 'side': {
      if (!visibleSide(now.side)) return { kind: 'unseen', round: now.round, ...extra };
      const active = now.active !== null && visible(now.active) ? now.active : null;
      return { kind: 'side', round: now.round, side: now.side, active, waiting: now.waiting.filter(visible), ...phase(now.phase), ...safe(now.label), ...extra };
    }
    case 'group': {
      const actors = now.actors.filter(visible);
      if (actors.length === 0) return { kind: 'unseen', round: now.round, ...extra };
      return { kind: 'group', round: now.round, actors, ...phase(now.phase), ...safe(now.label), ...extra };
    }
    case 'pass':
      return {
        kind: 'pass',
        round: now.round,
        from: now.from !== null && visible(now.from) ? now.from : null,
        candidates: now.candidates.filter(visible),
        ...safe(now.label),
        ...extra,
      };
    case 'decision': {
      const d = now.decision;
      const leaks = secrets.mentions(d.question) || d.options.some((o) => secrets.ids.has(o.value) || secrets.mentions(o.label));
      return leaks
        ? { kind: 'decision', round: now.round, question: 'The GM is deciding.', options: [] }
        : { kind: 'decision', round: now.round, question: d.question, options: d.options.map((o) => o.label), ...extra };
    }
    case 'ended':
      return { kind: 'ended' };
  }
}

/** The player view of an encounter; `secrets`: what players may not know (secrets.ts). */
export function playerView(engine: Engine, encounter: Encounter, settings: EncounterSettings, secrets: Secrets = noSecrets): PlayerView {
  const s = encounter.state;
  const visible = (id: string): boolean => Object.hasOwn(s.combatants, id) && !s.combatants[id]!.hidden && !secrets.ids.has(id);
  const shown: Combatant[] = s.roster.filter(visible).map((id) => s.combatants[id]!);
  const sidesWithSomeone = new Set(shown.map((c) => c.side).filter((id) => !secrets.sides.has(id)));
  const { slots, initiative, done } = orderOf(s, visible, secrets);
  return {
    title: s.title,
    rules: s.rules.id,
    status: s.status,
    round: s.round,
    version: encounter.version,
    now: projectNow(engine.whoMayAct(encounter), visible, (side) => sidesWithSomeone.has(side), secrets),
    sides: s.sideOrder.filter((id) => sidesWithSomeone.has(id)).map((id) => ({ ...s.sides[id]! })),
    combatants: shown.map((c) => ({
      id: c.id,
      name: c.name,
      side: c.side,
      kind: c.kind,
      defeated: c.defeated,
      notes: secrets.scrub(c.notes),
      conditions: c.conditions.map((k) => conditionFor(k, s, secrets)),
      ...tracksFor(c, settings),
      initiative: initiative.get(c.id) ?? null,
      done: done.has(c.id),
    })),
    order: slots,
    npcHp: settings.npcHp,
  };
}

/** An engine message for a player: unchanged unless it names a hidden combatant. */
export function playerMessage(message: string, secrets: Secrets): string {
  return secrets.mentions(message) ? 'That is not possible right now.' : message;
}
