import type { PlayerLogEntry, PlayerView } from '../../server/players/index.ts';
import type { ServerMessage } from '../../server/live/index.ts';
import { call, encounterPath } from '../api/http.ts';
import { openLive } from '../api/live.ts';
import type { LinkStatus } from '../api/live.ts';
import { liveUrl } from '../api/player-api.ts';
import { h, patch } from './dom.ts';
import { gameBox, logItems, nowText, orderList, plain, rulesTitle } from './render.ts';
import { RequestBox } from './requests.ts';
import { keepAwake, Seat } from './seat.ts';
import { forgetSeatKey, isSeatKey, keepSeatKey, seatKeyFor } from './seat-keys.ts';
import { claimSeat, leaveSeat } from '../api/seat-api.ts';
import { tvMode, withTv } from './tv-mode.ts';
import { playerGame } from './games.ts';
import { TurnTimerBox } from './turn-timer.ts';
import { StoryBox, storyLine } from './story-box.ts';
import { noteServerNow } from '../shared/server-clock.ts';
import { playerPortraits } from './portraits.ts';
import './player.css';

/** What the game calls a round, capitalised ("Game turn" for Kuro). */
function roundWord(rules: string): string {
  const w = playerGame(rules)?.roundWord ?? 'round';
  return w[0]!.toUpperCase() + w.slice(1);
}

/** What the table link (table.ts) hears from the fight it shows. */
export interface FightHooks {
  /** Every view as it comes: the table looks again once the fight has ended. */
  readonly view?: (view: PlayerView) => void;
  /** The socket gave up (key refused or replaced, encounter deleted): the table asks what to show now. */
  readonly failed?: (why: string) => void;
  /** The link the phone's "Who do you play?" is remembered for (the fight's id unless told). */
  readonly scope?: string;
}

/**
 * One fight's player view in `root`, with `key` (the fight's player key, or its campaign's table key)
 * for every call and the socket: what the server's projection says, large, for a phone or the table's
 * TV (`?tv`: no requests, the page fits the screen: tv-mode.ts). It follows the live socket, and after a
 * dropped connection asks for what it missed. Returns what stops it (socket, listeners).
 */
export function showFight(root: HTMLElement, id: string, linkKey: string, hooks: FightHooks = {}): () => void {
  let stop: () => void = () => {};
  // Sitting down or standing up opens the fight again with the other key (the seat's, or the link's).
  const open = (note?: string) => {
    stop();
    stop = openFight(root, id, linkKey, hooks, open, note);
  };
  open();
  return () => stop();
}

function openFight(root: HTMLElement, id: string, linkKey: string, hooks: FightHooks, reopen: (note?: string) => void, note?: string): () => void {
  const scope = hooks.scope ?? id;
  // The seat's key when the phone sits (kept per link, or the link is a seat's own): every call and the socket use it.
  const ownSeatLink = isSeatKey(linkKey);
  const seatKey = ownSeatLink ? linkKey : seatKeyFor(scope);
  const key = seatKey ?? linkKey;
  const title = h('h1', { class: 'pv-title' }, 'Turnkeeper');
  const game = h('span', { class: 'pv-game' });
  const round = h('span', { class: 'pv-round' });
  // In the header's flow (not floating over the page), so it never covers a line of text.
  const badge = h('span', { class: 'pv-badge', role: 'status', 'aria-live': 'polite' }, 'connecting…');
  const tvButton = h('button', { type: 'button', class: 'pv-tv-toggle', title: 'TV mode: no request buttons, the page fits the screen with the newest log lines in view' }, 'TV');
  const who = h('div', { class: 'pv-now-who' }, '…');
  const detail = h('div', { class: 'pv-now-detail' }, '\u00a0');
  const timer = new TurnTimerBox();
  // The game's own state (Fallout's party AP, Kuro's phases): shown only in games that have one.
  const gameState = h('section', { class: 'pv-game-state', 'aria-label': 'Game state', hidden: true });
  const order = h('ol', { class: 'pv-order-list', 'aria-label': 'Order' });
  const orderBox = h('section', { class: 'pv-order' }, order);
  // Focusable, so the keyboard can scroll it too.
  const log = h('ol', { class: 'pv-log-list', 'aria-label': 'Log lines', tabindex: '0' });
  const logBox = h('section', { class: 'pv-log', 'aria-label': 'Log' }, h('h2', null, 'Log'), log);
  const side = h('section', { class: 'pv-side-col' });
  const seat = new Seat(
    scope,
    {
      ...(seatKey
        ? {}
        : {
            sit: async (combatant: string) => {
              const r = await claimSeat(id, linkKey, combatant);
              if (!r.ok) return plain(r.message);
              keepSeatKey(scope, r.data.seatKey);
              reopen();
              return null;
            },
          }),
      ...(seatKey && !ownSeatLink
        ? {
            leave: async () => {
              await leaveSeat(id, seatKey);
              forgetSeatKey(scope);
              reopen('You left the seat: anyone may take it.');
            },
          }
        : {}),
    },
    seatKey !== null,
  );
  if (note) seat.say(note);
  const requests = new RequestBox(id, key, seat);
  const main = h(
    'main',
    { class: 'pv' },
    h('header', { class: 'pv-head' }, h('div', { class: 'pv-head-title' }, title, game), h('div', { class: 'pv-head-meta' }, round, badge, tvButton)),
    seat.el,
    h('section', { class: 'pv-now', 'aria-live': 'polite', 'aria-label': 'Whose turn' }, h('div', { class: 'pv-now-row' }, who, timer.el), detail),
    gameState,
    orderBox,
    side,
  );
  root.replaceChildren(main);

  // TV mode leaves the requests out (a phone keeps them); the button switches and keeps it in the address.
  const setTv = (on: boolean) => {
    main.classList.toggle('pv-tv', on);
    // A TV plays nobody: no "Who do you play?", no banner.
    main.classList.toggle('pv-seated', !on);
    if (on) seat.el.remove();
    else if (!seat.el.isConnected) main.insertBefore(seat.el, main.children[1]!);
    tvButton.setAttribute('aria-pressed', String(on));
    side.replaceChildren(...(on ? [] : [requests.el]), logBox);
    keepNewest(true);
  };
  tvButton.addEventListener('click', () => {
    const on = !main.classList.contains('pv-tv');
    window.history.replaceState(window.history.state, '', withTv(window.location.href, on));
    setTv(on);
  });

  /** The newest log line stays in view unless the reader scrolled up to read older ones. */
  let pinned = true;
  log.addEventListener('scroll', () => {
    pinned = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
  });
  function keepNewest(force = false): void {
    if (force || pinned) log.scrollTop = log.scrollHeight;
  }
  /** On the TV the order may scroll inside its box: then the keyboard can scroll it, and the current slot stays in view. */
  const showCurrent = () => {
    const scrolls = orderBox.scrollHeight > orderBox.clientHeight;
    if (scrolls) orderBox.setAttribute('tabindex', '0');
    else orderBox.removeAttribute('tabindex');
    const cur = order.querySelector('.pv-current');
    if (!cur || !scrolls) return;
    const r = cur.getBoundingClientRect();
    const box = orderBox.getBoundingClientRect();
    if (r.top < box.top || r.bottom > box.bottom) orderBox.scrollTop += r.top - box.top - 8;
  };
  const resized = () => {
    keepNewest();
    showCurrent();
  };
  window.addEventListener('resize', resized);
  setTv(tvMode(window.location.search));

  let seq = 0;
  let lines: PlayerLogEntry[] = [];
  let view: PlayerView | null = null;
  // The screen stays on while the fight runs, where the browser allows it.
  const awake = keepAwake(() => view?.status === 'running');
  // Once the fight has ended: its story in place of "The fight is over" and the order (story-box.ts).
  const story = new StoryBox(id, key, () => render());
  // A campaign's fight: portraits beside the names in the order (portraits.ts).
  const portraits = playerPortraits(id, key, () => render());

  const render = () => {
    if (!view) return;
    document.title = `${view.title || 'Encounter'} · Turnkeeper`;
    title.textContent = view.title || 'Encounter';
    game.textContent = rulesTitle(view.rules);
    round.textContent = view.status === 'setup' ? 'Before the fight' : view.status === 'ended' ? 'Ended' : `${roundWord(view.rules)} ${view.round}`;
    const now = nowText(view);
    who.textContent = now.who;
    detail.textContent = now.detail || '\u00a0';
    timer.update(view);
    const ownState = gameBox(view);
    patch(gameState, ownState);
    gameState.hidden = ownState.length === 0;
    main.classList.toggle('pv-has-game', ownState.length > 0);
    portraits.update(view);
    patch(order, orderList(view, portraits.urls()));
    const told = story.update(view);
    if (told) {
      who.textContent = 'Story of the fight';
      detail.textContent = storyLine(told);
    }
    const shown = told ? story.el : order;
    if (orderBox.firstChild !== shown || orderBox.childNodes.length !== 1) orderBox.replaceChildren(shown);
    showCurrent();
    patch(log, logItems(lines));
    keepNewest();
    seat.update(view);
    requests.update(view);
    awake.check();
  };

  let stopped = false;
  let gaveUp = false;
  const status = (s: LinkStatus, why?: string) => {
    if (stopped) return;
    if (s === 'failed' && !gaveUp) {
      gaveUp = true;
      hooks.failed?.(why ?? 'link refused');
    }
    badge.textContent = s === 'live' ? 'live' : s === 'failed' ? (why ?? 'link refused') : s === 'reconnecting' ? 'reconnecting…' : 'connecting…';
    badge.className = `pv-badge pv-badge-${s}`;
  };

  const stopLive = openLive({
    url: (after) => liveUrl(id, key, after),
    after: () => seq,
    status,
    check: async () => {
      const r = await call('GET', encounterPath(id), key);
      if (r.ok || ![401, 403, 404].includes(r.status)) return null;
      // A seat kept from before that no longer opens the fight (freed meanwhile): back to the link.
      if (seatKey && !ownSeatLink) {
        forgetSeatKey(scope);
        setTimeout(() => reopen('Your seat was freed: take one again.'), 0);
        return null;
      }
      return ownSeatLink ? 'This seat link no longer opens the fight: ask the GM for a new one.' : 'This player link does not open an encounter (it may have been replaced).';
    },
    message: (data) => {
      const m = data as ServerMessage;
      if ('now' in m) noteServerNow(m.now);
      if (m.type === 'update') {
        if (m.reset) lines = [];
        const seen = new Set(lines.map((l) => `${l.seq}:${l.text}`));
        lines = [...lines, ...m.log.filter((l) => !seen.has(`${l.seq}:${l.text}`))];
        if (m.marks.length) {
          const undone = new Map(m.marks.map((k) => [k.cmd, k.undone]));
          lines = lines.map((l) => (undone.has(l.cmd) ? { ...l, undone: undone.get(l.cmd)! } : l));
        }
        lines = lines.slice(-200);
        seq = m.seq;
        view = m.view;
        render();
        hooks.view?.(m.view);
      } else if (m.type === 'view') {
        view = m.view;
        render();
        hooks.view?.(m.view);
      } else if (m.type === 'request') {
        requests.answered(m.request);
      } else if (m.type === 'seat') {
        seat.seated(m.seat);
        if (view) render();
      } else if (m.type === 'closed' && m.reason === 'seat-freed') {
        if (ownSeatLink) status('failed', 'The GM gave this seat a new link, or freed it: ask the GM for yours.');
        else {
          forgetSeatKey(scope);
          setTimeout(() => reopen('The GM freed your seat: take one again, or ask the GM.'), 0);
        }
      } else if (m.type === 'closed' && (m.reason === 'deleted' || m.reason === 'key-rotated')) {
        status('failed', m.reason === 'deleted' ? 'The encounter was deleted.' : 'This link was replaced: ask the GM for the new one.');
      }
    },
  });

  void call<{ requestKinds?: string[] }>('GET', encounterPath(id), key).then((r) => {
    if (!stopped && r.ok && Array.isArray(r.data.requestKinds)) {
      requests.setKinds(r.data.requestKinds);
      if (view) requests.update(view);
    }
  });
  return () => {
    stopped = true;
    stopLive();
    timer.stop();
    awake.stop();
    portraits.stop();
    window.removeEventListener('resize', resized);
  };
}
