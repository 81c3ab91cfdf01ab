import type { PlayerCombatant, PlayerLogEntry, PlayerNow, PlayerSlot, PlayerView } from '../../server/players/index.ts';
import { playerGame } from './games.ts';
import type { GameParts } from './games.ts';

export type { GameParts };
import { withoutCommands } from '../shared/words.ts';
import { h } from './dom.ts';
import { nextSlot } from './your-turn.ts';

export function rulesTitle(id: string): string {
  return playerGame(id)?.title ?? id;
}

function names(view: PlayerView, ids: readonly string[]): string {
  return ids.map((id) => view.combatants.find((c) => c.id === id)?.name ?? 'someone').join(' and ');
}

/** The engine's hints name commands for the GM ("Roll initiative (roll-initiative)"): players get the words only. */
export function plain(text: string): string {
  return withoutCommands(text);
}

/**
 * "Whose turn is it": the headline and a line under it, in words written for players (short enough for
 * a phone's headline): "Nora" / "acts now", "Nora" / "is next", "The GM decides". The rules' labels
 * ("Next: Nora: the turn begins with its first action, or with Begin the turn") are the GM's words and
 * are not shown; Kuro's phase shows in the game's own box (`gameParts`).
 */
export function nowText(view: PlayerView): { who: string; detail: string } {
  const now: PlayerNow = view.now;
  const side = (id: string) => view.sides.find((s) => s.id === id)?.name ?? 'A side';
  switch (now.kind) {
    case 'setup':
      return view.status === 'setup' ? { who: 'Getting ready', detail: 'The GM is setting up the fight.' } : { who: 'Waiting', detail: plain(now.needs) };
    case 'actor':
      return { who: names(view, [now.actor]), detail: now.next ? 'is next' : 'acts now' };
    case 'side':
      return now.active ? { who: names(view, [now.active]), detail: `acts for ${side(now.side)}` } : { who: side(now.side), detail: now.waiting.length ? `choose who acts: ${names(view, now.waiting)}` : "the side's turn" };
    case 'group':
      return { who: names(view, now.actors), detail: 'act at the same time' };
    case 'pass':
      return { who: now.from ? names(view, [now.from]) : 'The initiative', detail: now.from ? `passes the initiative${now.candidates.length ? ` (to ${names(view, now.candidates)})` : ''}` : (now.label ?? 'goes to…') };
    case 'decision':
      // Also how the turn of someone the players cannot see reads: the GM has the table.
      return { who: 'The GM decides', detail: now.question };
    case 'ended':
      return { who: 'The fight is over', detail: '' };
  }
}

export function actingIds(now: PlayerNow): readonly string[] {
  switch (now.kind) {
    case 'actor':
      return [now.actor];
    case 'side':
      return now.active ? [now.active] : [];
    case 'group':
      return now.actors;
    case 'pass':
      return now.from ? [now.from] : [];
    default:
      return [];
  }
}

/** A combatant's row as data: what it shows, and how (tested without a DOM). */
export interface RowParts {
  readonly className: string;
  /** "Down" when defeated: the one way a defeated combatant shows (no strike-through, no band repeating it). */
  readonly status: string | null;
  readonly hp: { readonly value: number; readonly max: number; readonly text: string; readonly ratio: number; readonly band: 'ok' | 'low' | 'empty' } | null;
  /** NPC HP as a band ("Hurt"), when the GM shows bands; left out once the combatant is down. */
  readonly health: string | null;
  readonly tracks: readonly string[];
  readonly conditions: readonly { readonly name: string; readonly lasts: string }[];
}

export function rowParts(c: PlayerCombatant, acting: boolean): RowParts {
  const className = ['pv-c', `pv-${c.kind}`, acting ? 'pv-acting' : '', c.defeated ? 'pv-defeated' : '', c.done ? 'pv-done' : ''].filter(Boolean).join(' ');
  const hp = hpParts(c.tracks.hp);
  return {
    className,
    status: c.defeated ? 'Down' : null,
    hp,
    health: !hp && c.health && !c.defeated ? c.health : null,
    tracks: extraTracks(c),
    conditions: c.conditions.map((k) => ({ name: k.name, lasts: k.lasts })),
  };
}

/** HP as a bar's data: "5/12", how full, and its colour band. */
export function hpParts(t: Track | undefined): RowParts['hp'] {
  if (!t) return null;
  const max = t.max ?? Math.max(t.value, 1);
  const ratio = Math.max(0, Math.min(1, t.value / max));
  return { value: t.value, max, text: `${t.value}${t.max !== undefined ? `/${t.max}` : ''}`, ratio, band: ratio > 0.5 ? 'ok' : ratio > 0 ? 'low' : 'empty' };
}

function hpOf(name: string, hp: NonNullable<RowParts['hp']>): HTMLElement {
  return h(
    'span',
    { class: 'pv-hp', role: 'meter', 'aria-label': `${name} hit points`, 'aria-valuenow': hp.value, 'aria-valuemin': 0, 'aria-valuemax': hp.max },
    h('span', { class: `pv-bar pv-${hp.band === 'empty' ? 'down' : hp.band}` }, h('span', { style: `width:${(hp.ratio * 100).toFixed(1)}%` })),
    h('span', { class: 'pv-hp-text' }, hp.text),
  );
}

/** "reactionPool" → "Reaction pool", "ammo:10mm" → "10mm ammo" (when the module gave no label). */
export function trackName(key: string): string {
  const [kind, what] = key.split(':');
  if (what) return `${what} ${kind}`;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A track as the player view has it: a value, perhaps a maximum and the module's label. */
export interface Track {
  readonly value: number;
  readonly max?: number;
  readonly label?: string;
}

/** Every track but HP, in words ("Luck 3/5", "10mm ammo 12"). */
export function extraTracks(c: { readonly tracks: Readonly<Record<string, Track>> }): string[] {
  return Object.entries(c.tracks)
    .filter(([k]) => k !== 'hp')
    .map(([k, t]) => `${t.label ?? trackName(k)} ${t.value}${t.max !== undefined ? `/${t.max}` : ''}`);
}

/** Combatant id (as players know it) -> its portrait's address (a campaign's fight). */
export type Portraits = ReadonlyMap<string, string>;

const noPortraits: Portraits = new Map();

/**
 * One combatant: its portrait (decorative: the name is beside it), name, "Down" when defeated, HP as the
 * GM chose to show it, other tracks (PCs), conditions with how long they last.
 */
export function combatantRow(c: PlayerCombatant, acting: boolean, portrait?: string): HTMLElement {
  const p = rowParts(c, acting);
  return h(
    'div',
    { class: p.className, 'data-name': c.name },
    portrait ? h('img', { class: 'pv-portrait', src: portrait, alt: '', 'aria-hidden': 'true' }) : null,
    h('span', { class: 'pv-name' }, c.name),
    p.status ? h('span', { class: 'pv-status' }, p.status) : null,
    c.notes ? h('span', { class: 'pv-notes' }, c.notes) : null,
    p.hp ? hpOf(c.name, p.hp) : null,
    p.health ? h('span', { class: `pv-health pv-health-${p.health.toLowerCase().replace(/[^a-z]+/g, '-')}` }, p.health) : null,
    ...p.tracks.map((t) => h('span', { class: 'pv-track' }, t)),
    ...p.conditions.map((k) => h('span', { class: 'pv-cond', title: k.lasts }, k.name, h('small', null, ` ${k.lasts}`))),
  );
}

function slotRow(view: PlayerView, s: PlayerSlot, acting: Set<string>, next: boolean, portraits: Portraits): HTMLElement {
  // After the fight no slot is current any more.
  const current = s.current && view.status !== 'ended';
  const members = s.members.map((id) => view.combatants.find((c) => c.id === id)).filter((c): c is PlayerCombatant => c !== undefined);
  const cls = ['pv-slot', current ? 'pv-current' : '', next ? 'pv-next' : '', s.done ? 'pv-slot-done' : '', `pv-slot-${s.kind}`].filter(Boolean).join(' ');
  return h(
    'li',
    { class: cls, title: s.tieBreak ? `Tie-break: ${s.tieBreak}` : null, 'aria-current': current ? 'step' : null },
    h('span', { class: 'pv-init' }, s.initiative ?? '–'),
    // The slot after the current one, in words (not colour alone).
    h('div', { class: 'pv-slot-body' }, next ? h('span', { class: 'pv-next-tag' }, 'Next up') : null, s.kind === 'side' ? h('div', { class: 'pv-side' }, s.label) : null, ...members.map((c) => combatantRow(c, acting.has(c.id), portraits.get(c.id)))),
  );
}

/** The order: slots when the game keeps one, else everyone by side (popcorn: face down or up). */
export function orderList(view: PlayerView, portraits: Portraits = noPortraits): HTMLElement[] {
  const acting = new Set(actingIds(view.now));
  const next = nextSlot(view);
  if (view.order.length > 0) return view.order.map((s, i) => slotRow(view, s, acting, i === next, portraits));
  return view.sides.map((side) =>
    h(
      'li',
      { class: 'pv-slot pv-slot-side pv-no-init' },
      h(
        'div',
        { class: 'pv-slot-body' },
        h('div', { class: 'pv-side' }, side.name),
        ...view.combatants.filter((c) => c.side === side.id).map((c) => combatantRow(c, acting.has(c.id), portraits.get(c.id))),
      ),
    ),
  );
}

export function logItems(log: readonly PlayerLogEntry[]): HTMLElement[] {
  return log.slice(-60).map((l) => h('li', { class: l.undone ? 'pv-undone' : null }, l.undone ? h('s', null, plain(l.text)) : plain(l.text)));
}

/** The game's own state as data (tested without a DOM): a heading and its lines, from the game's player.ts. */
export function gameParts(view: PlayerView): GameParts | null {
  const g = view.game;
  if (!g) return null;
  return playerGame(g.kind)?.gameParts?.(g) ?? null;
}

/** The game's own box (Fallout's party AP pool, Kuro's game turn and who acts in which phase). */
export function gameBox(view: PlayerView): HTMLElement[] {
  const p = gameParts(view);
  if (!p) return [];
  const meter = p.meter
    ? h(
        'span',
        { class: 'pv-ap', role: 'meter', 'aria-label': 'Party Action Points', 'aria-valuenow': p.meter.value, 'aria-valuemin': 0, 'aria-valuemax': p.meter.max },
        ...Array.from({ length: Math.min(p.meter.max, 20) }, (_, i) => h('span', { class: i < p.meter!.value ? 'pv-pip pv-pip-on' : 'pv-pip' })),
      )
    : null;
  return [
    h('div', { class: 'pv-game-head' }, h('span', { class: 'pv-game-heading' }, p.heading), meter),
    ...(p.lines.length > 0
      ? [
          h(
            'ol',
            { class: 'pv-phases', 'aria-label': 'Who acts in which phase' },
            ...p.lines.map((l) =>
              h(
                'li',
                { class: l.current ? 'pv-phase pv-phase-current' : 'pv-phase', 'aria-current': l.current ? 'step' : null },
                h('span', { class: 'pv-phase-n' }, l.text),
                h('span', { class: 'pv-phase-who' }, ...l.members.map((m) => h('span', { class: m.acted ? 'pv-phase-m pv-phase-acted' : 'pv-phase-m' }, m.name))),
              ),
            ),
          ),
        ]
      : []),
  ];
}

/** A PC of the campaign's party between fights: name, HP as a bar, the other tracks (the table link's waiting screen). */
export function partyRow(m: { readonly name: string; readonly tracks: Readonly<Record<string, Track>> }): HTMLElement {
  const hp = hpParts(m.tracks.hp);
  return h(
    'div',
    { class: 'pv-c pv-pc', 'data-name': m.name },
    h('span', { class: 'pv-name' }, m.name),
    hp ? hpOf(m.name, hp) : null,
    ...extraTracks(m).map((t) => h('span', { class: 'pv-track' }, t)),
  );
}
