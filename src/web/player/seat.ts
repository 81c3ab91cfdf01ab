/**
 * The phone's seat, before seats exist: "Who do you play?" (remembered per link), a banner saying
 * when that character is up, on deck or may interrupt (your-turn.ts), and the player's opt-ins to a
 * vibration and a short beep on the turn coming to them (remembered per phone). Nothing buzzes or
 * sounds until the player opted in; the beep's AudioContext is made on a click, as browsers require.
 * Also keeps the screen awake while a fight runs, where the browser has a Wake Lock (`keepAwake`).
 */
import type { PlayerView } from '../../server/players/index.ts';
import { browserStorage, readStored, writeStored } from '../shared/local-storage.ts';
import { h } from './dom.ts';
import { turnFor } from './your-turn.ts';

const MINE = 'turnkeeper.player.mine.v1';
/** The one choice before links were told apart: still read when this link has none. */
const LEGACY = 'turnkeeper.player.character';
const ALERTS = 'turnkeeper.player.alerts.v1';

type Alerts = { vibrate?: boolean; sound?: boolean };

type AudioCtor = typeof AudioContext;
const audioCtor = (): AudioCtor | undefined => (window as unknown as { AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor }).AudioContext ?? (window as unknown as { webkitAudioContext?: AudioCtor }).webkitAudioContext;

export class Seat {
  readonly el: HTMLElement;
  readonly who: HTMLSelectElement;
  private readonly banner: HTMLElement;
  private alerts: Alerts = readStored<boolean>(ALERTS) as Alerts;
  private audio: AudioContext | null = null;
  private lastUp: string | null | undefined = undefined;
  private view: PlayerView | null = null;

  /** `scope`: the link (a fight's id, or a campaign's table) the choice is remembered for. */
  constructor(private readonly scope: string) {
    this.who = h('select', { id: 'pv-who', 'aria-label': 'My character: who do you play?' }) as HTMLSelectElement;
    this.banner = h('p', { class: 'pv-banner', role: 'status', 'aria-live': 'polite', hidden: true });
    const toggles = [
      typeof navigator.vibrate === 'function' ? this.toggle('vibrate', 'Vibrate') : null,
      audioCtor() ? this.toggle('sound', 'Sound') : null,
    ];
    this.who.addEventListener('change', () => {
      const all = readStored<{ id: string; name: string }>(MINE);
      all[scope] = { id: this.who.value, name: this.who.selectedOptions[0]?.textContent ?? '' };
      writeStored(MINE, all);
      // A new choice is not a turn arriving: no alert for it.
      this.lastUp = undefined;
      if (this.view) this.update(this.view);
    });
    // A remembered sound opt-in: the browser lets the beep play after the next touch on the page.
    document.addEventListener('pointerdown', () => this.alerts.sound && this.ctx(), { once: true });
    this.el = h(
      'section',
      { class: 'pv-me', 'aria-label': 'Your turn' },
      h('div', { class: 'pv-me-row' }, h('label', { for: 'pv-who', class: 'pv-me-label' }, 'Who do you play?'), this.who, ...toggles),
      this.banner,
    );
  }

  private toggle(kind: keyof Alerts, label: string): HTMLElement {
    const b = h('button', { type: 'button', class: 'pv-opt', 'aria-pressed': String(!!this.alerts[kind]), title: `${label} when your turn comes` }, label);
    b.addEventListener('click', () => {
      this.alerts = { ...this.alerts, [kind]: !this.alerts[kind] };
      writeStored(ALERTS, this.alerts);
      b.setAttribute('aria-pressed', String(!!this.alerts[kind]));
      // Made on the click (a user gesture), so the beep may play later; one now says it works.
      if (kind === 'sound' && this.alerts.sound) this.beep();
    });
    return b;
  }

  /** The chosen character's player id ('' before the player chose). */
  get mine(): string {
    return this.who.value;
  }

  update(view: PlayerView): void {
    this.view = view;
    const pcs = view.combatants.filter((c) => c.kind === 'pc');
    const opts = pcs.map((c) => `${c.id}:${c.name}`).join('|');
    if (this.who.dataset.opts !== opts) {
      const kept = this.who.value ? { id: this.who.value, name: this.who.selectedOptions[0]?.textContent ?? '' } : (readStored<{ id: string; name: string }>(MINE)[this.scope] ?? { id: browserStorage()?.getItem(LEGACY) ?? '', name: '' });
      this.who.dataset.opts = opts;
      // By id and name (ids are per fight: a table link follows fights), else by name.
      const pick = pcs.find((c) => c.id === kept.id && (!kept.name || c.name === kept.name)) ?? pcs.find((c) => c.name === kept.name);
      this.who.replaceChildren(...(pick ? [] : [h('option', { value: '' }, 'Choose…')]), ...pcs.map((c) => h('option', { value: c.id }, c.name)));
      this.who.value = pick?.id ?? '';
    }
    this.el.hidden = pcs.length === 0;
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
    if (this.alerts.sound) this.beep();
  }

  private ctx(): AudioContext | null {
    const Ctor = audioCtor();
    if (!this.audio && Ctor) this.audio = new Ctor();
    void this.audio?.resume().catch(() => {});
    return this.audio;
  }

  /** A short two-tone beep made here (an oscillator): no sound file. */
  private beep(): void {
    const ctx = this.ctx();
    if (!ctx) return;
    const t = ctx.currentTime;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.setValueAtTime(660, t);
    osc.frequency.setValueAtTime(880, t + 0.12);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.3, t + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.3);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + 0.32);
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
