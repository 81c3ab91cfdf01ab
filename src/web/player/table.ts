/**
 * A campaign's lasting link, `/table/:campaignId?key=...` (`&tv=1` for the TV): it shows the campaign's
 * current fight exactly as `/play/:fightId` does (fight-view.ts, with the campaign key for every call
 * and the socket), "Waiting for the next fight" with the party as it stands between fights, and moves
 * on by itself: it reads the table again when the fight shown ends or its socket gives up, and every
 * few seconds otherwise (less often after failures, not while the page is hidden, at once when it shows
 * again). What to show is decided by `followTable` (pure, tested); a key that stops opening the
 * campaign (rotated by the GM) says so and stops asking.
 */
import { call } from '../api/http.ts';
import { h, patch } from './dom.ts';
import { showFight } from './fight-view.ts';
import { takePlayerKey } from './link-key.ts';
import { overlayPage, overlayWaiting, showOverlay } from './overlay.ts';
import { partyRow, plain, rulesTitle } from './render.ts';
import { followTable, nextRead, tableApiPath } from './table-follow.ts';
import type { TableAnswer } from './table-follow.ts';
import { tvMode } from './tv-mode.ts';
import { forgetSeatKey, isSeatKey, keepSeatKey, seatKeyFor } from './seat-keys.ts';
import { claimTableSeat } from '../api/seat-api.ts';

function notice(root: HTMLElement, heading: string, text: string, alert = false): void {
  root.replaceChildren(h('main', { class: 'pv pv-empty' }, h('h1', null, heading), h('p', { role: alert ? 'alert' : 'status' }, text)));
}

/** What the waiting screen lets a phone do: sit at one of the party (null: it sits, or it is the TV). */
interface TableSeating {
  readonly sit: ((pc: string) => Promise<string | null>) | null;
}

/** The waiting screen, built once and then patched, so a re-read that changed nothing moves nothing. */
function waitingScreen(tv: boolean, seating: TableSeating) {
  const note = h('p', { class: 'pv-seat-note', role: 'status', 'aria-live': 'polite' });
  const title = h('h1', { class: 'pv-title' });
  const game = h('span', { class: 'pv-game' });
  const badge = h('span', { class: 'pv-badge pv-badge-live', role: 'status', 'aria-live': 'polite' }, 'live');
  const party = h('ol', { class: 'pv-order-list', 'aria-label': 'The party' });
  const main = h(
    'main',
    { class: tv ? 'pv pv-waiting pv-tv' : 'pv pv-waiting' },
    h('header', { class: 'pv-head' }, h('div', { class: 'pv-head-title' }, title, game), h('div', { class: 'pv-head-meta' }, h('span', { class: 'pv-round' }, 'Between fights'), badge)),
    h('section', { class: 'pv-now pv-rest', 'aria-label': 'Waiting' }, h('div', { class: 'pv-now-who' }, 'Waiting for the next fight'), h('div', { class: 'pv-now-detail' }, 'This screen shows it as soon as the GM starts it.')),
    h('section', { class: 'pv-order pv-party', 'aria-labelledby': 'pv-party-h' }, h('h2', { id: 'pv-party-h' }, 'The party'), note, party),
  );
  // A phone not yet seated may sit at one of the party before the fight starts.
  const sitButton = (name: string) => {
    if (!seating.sit || tv) return null;
    const b = h('button', { type: 'button', class: 'pv-opt pv-sit', 'aria-label': `Take ${name}'s seat` }, 'Sit here');
    b.addEventListener('click', () => {
      note.textContent = 'Taking the seat…';
      void seating.sit?.(name).then((refused) => (note.textContent = refused ?? ''));
    });
    return b;
  };
  return {
    main,
    show(t: TableAnswer): void {
      document.title = `${t.campaign.title || 'Campaign'} · Turnkeeper`;
      title.textContent = t.campaign.title || 'Campaign';
      game.textContent = rulesTitle(t.campaign.rules);
      patch(
        party,
        t.party.length
          ? t.party.map((m) => {
              const sit = sitButton(m.name);
              const mine = t.seat?.name === m.name ? h('span', { class: 'pv-you' }, 'you') : null;
              return h('li', { class: 'pv-slot pv-no-init' }, h('div', { class: 'pv-slot-body' }, partyRow(m), ...[mine, sit].filter((x): x is HTMLElement => x !== null)));
            })
          : [h('li', { class: 'pv-track' }, 'No characters yet.')],
      );
      if (t.seat) note.textContent = `You play ${t.seat.name}.`;
    },
    status(ok: boolean): void {
      badge.textContent = ok ? 'live' : 'reconnecting…';
      badge.className = `pv-badge pv-badge-${ok ? 'live' : 'reconnecting'}`;
    },
  };
}

export function mountTable(root: HTMLElement, campaignId: string, linkKey: string | null): void {
  // `&overlay`: each fight as the stream overlay shows it (overlay.ts), and its card between fights.
  const overlay = overlayPage(window.location.search);
  const show = overlay ? showOverlay : showFight;
  // Kept apart from the encounters' player keys (an id is a campaign's here, not an encounter's).
  const scope = `table:${campaignId}`;
  const taken = takePlayerKey(scope, linkKey);
  if (!taken) return notice(root, 'Turnkeeper', 'This link has no key: ask the GM for the table link.');
  const link: string = taken;
  // A phone seated at one of the party reads the table with its seat's key (a seat link is its own).
  const keyNow = () => (isSeatKey(link) ? link : (seatKeyFor(scope) ?? link));
  const seating: TableSeating = {
    sit:
      isSeatKey(link) || tvMode(window.location.search)
        ? null
        : async (pc) => {
            const r = await claimTableSeat(campaignId, link, pc);
            if (!r.ok) return plain(r.message);
            keepSeatKey(scope, r.data.seatKey);
            waiting = null;
            void read();
            return null;
          },
  };
  notice(root, 'Turnkeeper', 'Looking for the fight…');

  let shown: string | null = null;
  /** The fight on the screen has ended: its story stays up between fights. */
  let shownEnded = false;
  let stopFight: (() => void) | null = null;
  let waiting: ReturnType<typeof waitingScreen> | ReturnType<typeof overlayWaiting> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  /** Times in a row the shown fight's socket gave up: its next try waits longer, so a broken fight is no busy loop. */
  let fightFailures = 0;
  let reading = false;
  let again = false;
  let done = false;

  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (done || document.visibilityState === 'hidden') return;
    timer = setTimeout(() => void read(), ms);
  };
  const leaveFight = () => {
    stopFight?.();
    stopFight = null;
    shown = null;
  };

  async function read(): Promise<void> {
    if (done) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    if (timer) clearTimeout(timer);
    timer = null;
    const key = keyNow();
    const r = await call<TableAnswer>('GET', tableApiPath(campaignId), key);
    reading = false;
    if (done) return;
    // The seat kept here was freed: read again as the link.
    if (!r.ok && [401, 403, 404].includes(r.status) && key !== link) {
      forgetSeatKey(scope);
      return read();
    }
    const step = followTable(r.ok ? { ok: true, table: r.data } : { ok: false, status: r.status }, shown);
    switch (step.kind) {
      case 'replaced':
        done = true;
        leaveFight();
        waiting = null;
        document.removeEventListener('visibilitychange', onVisible);
        return notice(root, 'Turnkeeper', 'This link was replaced: ask the GM for the new one.', true);
      case 'retry':
        failures++;
        waiting?.status(false);
        return schedule(nextRead(failures));
      case 'fight': {
        leaveFight();
        waiting = null;
        shown = step.id;
        let ended = false;
        shownEnded = false;
        stopFight = show(root, step.id, link, {
          scope: `table:${campaignId}`,
          view: (v) => {
            fightFailures = 0;
            // The fight is over: the campaign may already have its next one, or go back to waiting.
            if (v.status === 'ended' && !ended) {
              ended = true;
              shownEnded = true;
              void read();
            }
            if (v.status !== 'ended') shownEnded = false;
          },
          failed: () => {
            // Replaced key, deleted fight: the table says which. Shown again (if still the campaign's) on the next read.
            shown = null;
            fightFailures++;
            if (fightFailures === 1) void read();
            else schedule(nextRead(fightFailures));
          },
        });
        break;
      }
      case 'waiting':
        // The fight just ended stays, with its story, until the next one begins (the overlay moves on).
        if (shown !== null && shownEnded && !overlay) break;
        leaveFight();
        if (!waiting) {
          waiting = overlay ? overlayWaiting() : waitingScreen(tvMode(window.location.search), isSeatKey(keyNow()) ? { sit: null } : seating);
          root.replaceChildren(waiting.main);
        }
        waiting.status(true);
        waiting.show(step.table);
        break;
      case 'keep':
        break;
    }
    failures = 0;
    if (again) {
      again = false;
      return read();
    }
    schedule(nextRead(0));
  }

  function onVisible(): void {
    if (document.visibilityState === 'hidden') {
      if (timer) clearTimeout(timer);
      timer = null;
    } else void read();
  }
  document.addEventListener('visibilitychange', onVisible);
  void read();
}
