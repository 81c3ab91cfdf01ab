/**
 * The turn timer on a phone and the TV, beside "who is up": counting up or down as the GM set it, from
 * the turn's start the server sent (`view.timer`), redrawn every 250 ms while the page shows. Paused
 * reads as paused; at zero it turns red (no sound here, nothing automatic). While players see no one's
 * turn (the GM's table) the server sends no start, and it shows a dash.
 */
import type { PlayerView } from '../../server/players/index.ts';
import { readTimer } from '../shared/turn-timer.ts';
import { serverNow } from '../shared/server-clock.ts';
import { h } from './dom.ts';

export class TurnTimerBox {
  readonly el: HTMLElement;
  private readonly time: HTMLElement;
  private readonly state: HTMLElement;
  private view: PlayerView | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly visibility = () => this.draw();

  constructor() {
    this.time = h('span', { class: 'pv-timer-time', role: 'timer', 'aria-label': 'Turn timer' });
    this.state = h('span', { class: 'pv-timer-state' });
    this.el = h('div', { class: 'pv-timer', hidden: true, 'data-testid': 'turn-timer' }, this.time, this.state);
    document.addEventListener('visibilitychange', this.visibility);
  }

  update(view: PlayerView): void {
    this.view = view;
    this.draw();
  }

  private draw(): void {
    const t = this.view?.status === 'running' ? this.view.timer : undefined;
    this.el.hidden = t === undefined;
    if (!t) return this.tick(false);
    const r = readTimer(t, serverNow());
    if (this.time.textContent !== r.text) this.time.textContent = r.text;
    const state = r.paused ? 'paused' : '';
    if (this.state.textContent !== state) this.state.textContent = state;
    this.el.className = ['pv-timer', r.over ? 'pv-timer-over' : '', r.paused ? 'pv-timer-paused' : '', t.startedAt === null ? 'pv-timer-idle' : ''].filter(Boolean).join(' ');
    this.tick(r.running && document.visibilityState === 'visible');
  }

  private tick(on: boolean): void {
    if (on && this.timer === null) this.timer = setInterval(() => this.draw(), 250);
    if (!on && this.timer !== null) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  stop(): void {
    this.tick(false);
    document.removeEventListener('visibilitychange', this.visibility);
  }
}
