/**
 * The stream overlay (`/play/:id?tv&overlay`, `/table/:campaignId?key=…&tv=1&overlay`): the TV's view cut
 * down to a compact order on a transparent page, for OBS's browser source. One card in the corner the
 * address names (overlay-options.ts), with the round, who is up and the order (overlay-model.ts); the
 * page around it stays fully transparent. It follows the fight's live socket as the TV does; on a
 * campaign's table link, table.ts shows it for each fight and `overlayWaiting` between fights.
 */
import type { PlayerView } from '../../server/players/index.ts';
import type { ServerMessage } from '../../server/live/index.ts';
import { call, encounterPath } from '../api/http.ts';
import { openLive } from '../api/live.ts';
import type { LinkStatus } from '../api/live.ts';
import { liveUrl } from '../api/player-api.ts';
import { h, patch } from './dom.ts';
import type { FightHooks } from './fight-view.ts';
import { overlayOptions } from './overlay-options.ts';
import type { OverlayOptions } from './overlay-options.ts';
import type { OverlayMember, OverlaySlot } from './overlay-model.ts';
import { overlayParts, overlayWindow } from './overlay-model.ts';
import { hpParts } from './render.ts';
import type { Track } from './render.ts';
import type { TableAnswer } from './table-follow.ts';
import './overlay.css';

export type { OverlayOptions };

/**
 * The overlay's options when the address asks for one, else null. It also marks the page (`ov-page`,
 * its corner and size) so everything shown on it, notices included, sits in a card in that corner.
 */
export function overlayPage(search: string): OverlayOptions | null {
  const o = overlayOptions(search);
  if (o) document.documentElement.classList.add('ov-page', `ov-${o.corner}`, `ov-size-${o.size}`);
  return o;
}

function hpView(name: string, hp: NonNullable<OverlayMember['hp']>): HTMLElement {
  return h(
    'span',
    { class: 'ov-hp', role: 'meter', 'aria-label': `${name} hit points`, 'aria-valuenow': hp.value, 'aria-valuemin': 0, 'aria-valuemax': hp.max },
    h('span', { class: `ov-bar ov-${hp.band}` }, h('span', { style: `width:${(hp.ratio * 100).toFixed(1)}%` })),
    h('span', { class: 'ov-hp-text' }, hp.text),
  );
}

function memberRow(m: OverlayMember, next: boolean): HTMLElement {
  const cls = ['ov-c', m.pc ? 'ov-pc' : 'ov-npc', m.acting ? 'ov-acting' : '', m.status ? 'ov-defeated' : '', m.done ? 'ov-done' : ''].filter(Boolean).join(' ');
  return h(
    'div',
    { class: cls, 'data-name': m.name },
    h('span', { class: 'ov-name' }, m.name),
    next ? h('span', { class: 'ov-next-tag' }, 'Next') : null,
    m.status ? h('span', { class: 'ov-status' }, m.status) : m.hp ? hpView(m.name, m.hp) : m.health ? h('span', { class: 'ov-health' }, m.health) : null,
  );
}

function slotItem(s: OverlaySlot): HTMLElement {
  const cls = ['ov-slot', s.current ? 'ov-current' : '', s.next ? 'ov-next' : '', s.done ? 'ov-slot-done' : ''].filter(Boolean).join(' ');
  return h(
    'li',
    { class: cls, 'aria-current': s.current ? 'step' : null },
    s.label ? h('div', { class: 'ov-side' }, s.label, s.next && s.members.length === 0 ? h('span', { class: 'ov-next-tag' }, 'Next') : null) : null,
    // "Next" on the slot's first row, in words (not colour alone), as the TV's "Next up".
    ...s.members.map((m, i) => memberRow(m, s.next && i === 0)),
  );
}

/** The card: a head line (round, who is up) and the list; `stale` dims it while the link is down. */
function card(label: string) {
  const round = h('span', { class: 'ov-round' });
  const state = h('span', { class: 'ov-state', role: 'status' });
  const who = h('strong', { class: 'ov-who' });
  const detail = h('span', { class: 'ov-detail' });
  const list = h('ol', { class: 'ov-list', 'aria-label': label });
  const main = h('main', { class: 'ov' }, h('header', { class: 'ov-head' }, round, state), h('p', { class: 'ov-now', 'aria-live': 'polite' }, who, ' ', detail), list);
  return { main, round, state, who, detail, list };
}

/** Keeps the current slot in view when the order is longer than the card may grow. */
function showCurrent(list: HTMLElement): void {
  if (list.scrollHeight <= list.clientHeight) return;
  const cur = list.querySelector<HTMLElement>('.ov-current');
  if (!cur) return;
  list.scrollTop = Math.max(0, cur.offsetTop - list.offsetTop - cur.offsetHeight);
}

/** The link's state in a few quiet words: a stream shows it. */
function linkWords(s: LinkStatus, why?: string): string {
  return s === 'live' ? '' : s === 'failed' ? (why ?? 'This link no longer opens the fight.') : s === 'reconnecting' ? 'reconnecting…' : 'connecting…';
}

/** One fight's overlay in `root` (the same `key` and hooks as fight-view.ts's `showFight`). Returns what stops it. */
export function showOverlay(root: HTMLElement, id: string, key: string, hooks: FightHooks = {}): () => void {
  const c = card('Order');
  root.replaceChildren(c.main);
  let view: PlayerView | null = null;
  let seq = 0;
  let stopped = false;
  let gaveUp = false;

  const render = () => {
    if (!view) return;
    document.title = `${view.title || 'Encounter'} · Turnkeeper overlay`;
    const p = overlayParts(view);
    c.round.textContent = p.round;
    c.who.textContent = p.who;
    c.detail.textContent = p.detail;
    const shown = overlayWindow(p.slots);
    patch(c.list, [...shown.slots.map(slotItem), ...(shown.more > 0 ? [h('li', { class: 'ov-more' }, `+${shown.more} more`)] : [])]);
    showCurrent(c.list);
  };
  const status = (s: LinkStatus, why?: string) => {
    if (stopped) return;
    if (s === 'failed' && !gaveUp) {
      gaveUp = true;
      hooks.failed?.(why ?? 'link refused');
    }
    c.state.textContent = linkWords(s, why);
    c.main.classList.toggle('ov-stale', s !== 'live');
  };
  const stopLive = openLive({
    url: (after) => liveUrl(id, key, after),
    after: () => seq,
    status,
    check: async () => {
      const r = await call('GET', encounterPath(id), key);
      return !r.ok && [401, 403, 404].includes(r.status) ? 'This link no longer opens the fight.' : null;
    },
    message: (data) => {
      const m = data as ServerMessage;
      if (m.type === 'update' || m.type === 'view') {
        if (m.type === 'update') seq = m.seq;
        view = m.view;
        render();
        hooks.view?.(m.view);
      } else if (m.type === 'closed' && (m.reason === 'deleted' || m.reason === 'key-rotated')) {
        status('failed', m.reason === 'deleted' ? 'The fight was deleted.' : 'This link was replaced.');
      }
    },
  });
  const resized = () => showCurrent(c.list);
  window.addEventListener('resize', resized);
  return () => {
    stopped = true;
    stopLive();
    window.removeEventListener('resize', resized);
  };
}

function partyMember(m: { readonly name: string; readonly tracks: Readonly<Record<string, Track>> }): OverlayMember {
  return { name: m.name, pc: true, acting: false, done: false, status: null, hp: hpParts(m.tracks.hp), health: null };
}

/** A campaign's table link between fights: the same card, "Between fights" and the party as it stands (table.ts's waiting screen). */
export function overlayWaiting() {
  const c = card('The party');
  c.round.textContent = 'Between fights';
  c.who.textContent = 'Waiting for the next fight';
  return {
    main: c.main,
    show(t: TableAnswer): void {
      document.title = `${t.campaign.title || 'Campaign'} · Turnkeeper overlay`;
      patch(c.list, [slotItem({ label: null, current: false, next: false, done: false, members: t.party.map(partyMember) })]);
    },
    status(ok: boolean): void {
      c.state.textContent = ok ? '' : 'reconnecting…';
      c.main.classList.toggle('ov-stale', !ok);
    },
  };
}
