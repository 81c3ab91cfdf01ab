/**
 * The phone's seat: "Who do you play?" and "Take this seat" (the server seats the phone: one phone per
 * seat), or "You play Vasquez" once seated; a banner saying
 * when that character is up, on deck or may interrupt (your-turn.ts), and the player's opt-ins to a
 * vibration and a short beep on the turn coming to them (remembered per phone). Nothing buzzes or
 * sounds until the player opted in; the beep's AudioContext is made on a click, as browsers require.
 * Also keeps the screen awake while a fight runs, where the browser has a Wake Lock (`keepAwake`).
 */
import type { PlayerView } from '../../server/players/index.ts';
import { browserStorage, readStored, writeStored } from '../shared/local-storage.ts';
import { h } from './dom.ts';
import { turnFor } from './your-turn.ts';
import { Beeper, audioCtor } from '../shared/beep.ts';

/** "You're up" rises; the timer's zero falls. */
const RISING = [660, 880] as const;

const MINE = 'turnkeeper.player.mine.v1';
/** The one choice before links were told apart: still read when this link has none. */
const LEGACY = 'turnkeeper.player.character';
const ALERTS = 'turnkeeper.player.alerts.v1';

type Alerts = { vibrate?: boolean; sound?: boolean };

/** What the page does when the player sits or stands up (fight-view.ts; the server decides). */
export interface SeatActions {
  /** Sit at this character (its player id and name): the refusal's words, or null once seated. */
  readonly sit?: (combatant: string, name: string) => Promise<string | null>;
  /** Stand up. Absent where the link is the seat's own (it would stop opening anything). */
  readonly leave?: () => Promise<void>;
}

/** The seat's character as this fight shows it (its player id, null when not in it) and its name. */
export interface SeatInfo {
  readonly combatant: string | null;
  readonly name: string;
}

export class Seat {
  readonly el: HTMLElement;
  readonly who: HTMLSelectElement;
  private readonly banner: HTMLElement;
  private readonly row: HTMLElement;
  private readonly note: HTMLElement;
  private readonly toggles: (HTMLElement | null)[];
  private alerts: Alerts = readStored<boolean>(ALERTS) as Alerts;
  private readonly beeper = new Beeper();
  private lastUp: string | null | undefined = undefined;
  private view: PlayerView | null = null;
  /** Seated: the seat as the server says it (null until it has); not seated: undefined. */
  private seat: SeatInfo | null | undefined;

  /**
   * `scope`: the link (a fight's id, or a campaign's table) the choice is remembered for. `seated`: the
   * page holds a seat key (the character then comes from the server, `seated(info)`).
   */
  constructor(
    private readonly scope: string,
    private readonly actions: SeatActions = {},
    seated = false,
  ) {
    this.seat = seated ? null : undefined;
    this.who = h('select', { id: 'pv-who', 'aria-label': 'My character: who do you play?' }) as HTMLSelectElement;
    this.banner = h('p', { class: 'pv-banner', role: 'status', 'aria-live': 'polite', hidden: true });
    this.note = h('p', { class: 'pv-seat-note', role: 'status', 'aria-live': 'polite' });
    this.toggles = [typeof navigator.vibrate === 'function' ? this.toggle('vibrate', 'Vibrate') : null, audioCtor() ? this.toggle('sound', 'Sound') : null];
    this.who.addEventListener('change', () => {
      const all = readStored<{ id: string; name: string }>(MINE);
      all[scope] = { id: this.who.value, name: this.who.selectedOptions[0]?.textContent ?? '' };
      writeStored(MINE, all);
      // A new choice is not a turn arriving: no alert for it.
      this.lastUp = undefined;
      if (this.view) this.update(this.view);
    });
    // A remembered sound opt-in: the browser lets the beep play after the next touch on the page.
    document.addEventListener('pointerdown', () => this.alerts.sound && this.beeper.unlock(), { once: true });
    this.row = h('div', { class: 'pv-me-row' });
    this.el = h('section', { class: 'pv-me', 'aria-label': 'Your seat and turn' }, this.row, this.note, this.banner);
    this.drawRow();
  }

  /** The row: "Who do you play? [choice] [Take this seat]", or "You play Vasquez [Leave seat]". */
  private drawRow(): void {
    if (this.seat === undefined) {
      const sit = this.actions.sit ? h('button', { type: 'button', class: 'pv-btn pv-sit' }, 'Take this seat') : null;
      sit?.addEventListener('click', () => void this.sit());
      this.row.replaceChildren(h('label', { for: 'pv-who', class: 'pv-me-label' }, 'Who do you play?'), this.who, ...[sit, ...this.toggles].filter((x): x is HTMLElement => x !== null));
      return;
    }
    const name = this.seat?.name ?? '…';
    const leave = this.actions.leave ? h('button', { type: 'button', class: 'pv-opt pv-leave' }, 'Leave seat') : null;
    leave?.addEventListener('click', () => void this.actions.leave?.());
    const away = this.seat && this.seat.combatant === null ? h('span', { class: 'pv-seat-away' }, ' (not in this fight)') : null;
    this.row.replaceChildren(h('span', { class: 'pv-me-label' }, 'You play ', h('strong', { class: 'pv-seat-name' }, name), ...(away ? [away] : [])), ...[leave, ...this.toggles].filter((x): x is HTMLElement => x !== null));
  }

  private async sit(): Promise<void> {
    const id = this.who.value;
    if (!id || !this.actions.sit) return this.say('Choose who you play first.');
    this.say('Taking the seat…');
    const refused = await this.actions.sit(id, this.who.selectedOptions[0]?.textContent ?? '');
    if (refused) this.say(refused);
  }

  say(text: string): void {
    this.note.textContent = text;
  }

  /** The server told the seat's character (on each connection: a moved seat reads its new place). */
  seated(info: SeatInfo): void {
    if (this.seat === undefined) return;
    const changed = this.seat?.combatant !== info.combatant || this.seat?.name !== info.name;
    this.seat = info;
    if (!changed) return;
    this.lastUp = undefined;
    this.drawRow();
    if (this.view) this.update(this.view);
  }

  private toggle(kind: keyof Alerts, label: string): HTMLElement {
    const b = h('button', { type: 'button', class: 'pv-opt', 'aria-pressed': String(!!this.alerts[kind]), title: `${label} when your turn comes` }, label);
    b.addEventListener('click', () => {
      this.alerts = { ...this.alerts, [kind]: !this.alerts[kind] };
      writeStored(ALERTS, this.alerts);
      b.setAttribute('aria-pressed', String(!!this.alerts[kind]));
      // Made on the click (a user gesture), so the beep may play later; one now says it works.
      if (kind === 'sound' && this.alerts.sound) this.beeper.beep(RISING);
    });
    return b;
  }

  /** The character's player id: the seat's when seated, else the one chosen ('' before any). */
  get mine(): string {
    if (this.seat !== undefined) return this.seat?.combatant ?? '';
    return this.who.value;
  }

  /** Whether the page sits at a character (its requests are then for that character only). */
  get isSeated(): boolean {
    return this.seat !== undefined;
  }

  update(view: PlayerView): void {
    this.view = view;
    const pcs = view.combatants.filter((c) => c.kind === 'pc');
    const opts = pcs.map((c) => `${c.id}:${c.name}`).join('|');
    if (this.seat === undefined && this.who.dataset.opts !== opts) {
      const kept = this.who.value ? { id: this.who.value, name: this.who.selectedOptions[0]?.textContent ?? '' } : (readStored<{ id: string; name: string }>(MINE)[this.scope] ?? { id: browserStorage()?.getItem(LEGACY) ?? '', name: '' });
      this.who.dataset.opts = opts;
      // By id and name (ids are per fight: a table link follows fights), else by name.
      const pick = pcs.find((c) => c.id === kept.id && (!kept.name || c.name === kept.name)) ?? pcs.find((c) => c.name === kept.name);
      this.who.replaceChildren(...(pick ? [] : [h('option', { value: '' }, 'Choose…')]), ...pcs.map((c) => h('option', { value: c.id }, c.name)));
      this.who.value = pick?.id ?? '';
    }
    this.el.hidden = pcs.length === 0 && this.seat === undefined;
    const turn = turnFor(view, this.mine || null);
    if (this.banner.textContent !== turn.words) this.banner.textContent = turn.words;
    this.banner.className = `pv-banner pv-banner-${turn.kind}`;
    this.banner.hidden = turn.kind === 'none';
    const up = turn.kind === 'up' ? (turn.at ?? '') : null;
    // Only on the turn coming to me: not on every update, a reconnect, the page opening or a new choice.
    if (up !== null && this.lastUp !== undefined && up !== this.lastUp) this.alert();
    this.lastUp = up;
  }

  private alert(): void {
    if (this.alerts.vibrate) navigator.vibrate?.([180, 80, 180]);
    if (this.alerts.sound) this.beeper.beep(RISING);
  }
}

/**
 * Keeps the screen awake while `running()` says a fight runs and the page shows: asked again when the
 * page shows again (the browser lets go of it when hidden), let go when the fight ends. Says nothing
 * where the browser has no Wake Lock or refuses it. Call the result on each view; it returns a stop.
 */
export function keepAwake(running: () => boolean): { check(): void; stop(): void } {
  type Sentinel = { release(): Promise<void>; released?: boolean };
  const wl = (navigator as unknown as { wakeLock?: { request(type: 'screen'): Promise<Sentinel> } }).wakeLock;
  let lock: Sentinel | null = null;
  let asking = false;
  const check = () => {
    if (!wl) return;
    const want = running() && document.visibilityState === 'visible';
    if (want && (!lock || lock.released) && !asking) {
      asking = true;
      wl.request('screen').then(
        (l) => {
          asking = false;
          lock = l;
          if (!running()) check();
        },
        () => (asking = false),
      );
    } else if (!want && lock) {
      void lock.release().catch(() => {});
      lock = null;
    }
  };
  document.addEventListener('visibilitychange', check);
  return {
    check,
    stop: () => {
      document.removeEventListener('visibilitychange', check);
      void lock?.release().catch(() => {});
      lock = null;
    },
  };
}
