import type { PlayerView } from '../../server/players/index.ts';
import type { RequestView } from '../../server/players/index.ts';
import { sendRequest } from '../api/player-api.ts';
import type { RequestInput } from '../api/player-api.ts';
import { h } from './dom.ts';
import { plain } from './render.ts';
import { turnFor } from './your-turn.ts';

/** Whose requests these are: the seat's character, or the one chosen at the top (seat.ts). */
export interface Asker {
  readonly who: HTMLSelectElement;
  /** The character's player id ('' before any). */
  readonly mine: string;
  /** Seated: only the moves the rules give that character now are offered. */
  readonly isSeated: boolean;
}

const LABEL: Record<string, string> = {
  initiative: 'Roll initiative',
  'end-turn': 'End my turn',
  'take-turn': 'Take our side\'s turn',
  pass: 'Pass the initiative',
  hold: 'Hold',
  luck: 'Spend Luck: act now',
  reaction: 'React',
};

/**
 * The requests players may send (the kinds the server offers for this game) for the character chosen
 * at the top of the page ("Who do you play?", seat.ts), or the seat's own (then only the moves its
 * character has now): press what you want; the GM accepts or rejects (or the GM let that kind apply
 * at once), and the answer shows here.
 */
export class RequestBox {
  readonly el: HTMLElement;
  private readonly to: HTMLSelectElement;
  private readonly text: HTMLInputElement;
  private readonly faces: HTMLInputElement;
  private readonly status: HTMLElement;
  private readonly buttons: HTMLElement;
  private kinds: string[] = [];
  /** The characters whose initiative the rules take now: the button shows for them only. */
  private initiativeFor: Set<string> | null = null;
  private initiativeRow: HTMLElement | null = null;
  private mine = new Set<number>();
  private readonly who: HTMLSelectElement;
  private rows = new Map<string, HTMLElement>();

  constructor(
    private readonly id: string,
    private readonly key: string,
    private readonly asker: Asker,
  ) {
    this.who = asker.who;
    this.to = h('select', { 'aria-label': 'Pass to' }) as HTMLSelectElement;
    this.text = h('input', { type: 'text', placeholder: 'what you do', 'aria-label': 'Reaction' }) as HTMLInputElement;
    this.faces = h('input', { type: 'text', inputmode: 'numeric', placeholder: 'rolled (optional)', 'aria-label': 'Initiative rolled at the table', class: 'pv-faces' }) as HTMLInputElement;
    this.status = h('p', { class: 'pv-req-status', role: 'status', 'aria-live': 'polite' });
    this.buttons = h('div', { class: 'pv-req-buttons' });
    this.who.addEventListener('change', () => this.showInitiative());
    this.el = h('section', { class: 'pv-ask', 'aria-labelledby': 'pv-ask-h', hidden: true }, h('h2', { id: 'pv-ask-h' }, 'Ask the GM'), this.buttons, this.status);
  }

  setKinds(kinds: string[]): void {
    this.kinds = kinds;
    this.rows = new Map();
    const passing = kinds.includes('pass') || kinds.includes('hold');
    this.buttons.replaceChildren(
      // One "to whom" choice, shared by passing and holding (popcorn).
      ...(passing ? [h('div', { class: 'pv-req' }, h('span', { class: 'pv-label' }, 'Pass or hold to'), this.to)] : []),
      ...kinds.map((k) => {
        const b = h('button', { type: 'button', class: 'pv-btn' }, LABEL[k] ?? k);
        b.addEventListener('click', () => void this.send(k));
        const extra = k === 'reaction' ? this.text : k === 'initiative' ? this.faces : null;
        const row = h('div', { class: 'pv-req', 'data-kind': k }, b, extra);
        if (k === 'initiative') this.initiativeRow = row;
        this.rows.set(k, row);
        return row;
      }),
    );
    if (!kinds.includes('initiative')) this.initiativeRow = null;
    this.el.hidden = kinds.length === 0;
    this.showInitiative();
  }

  private showInitiative(): void {
    if (this.initiativeRow && this.initiativeFor) this.initiativeRow.hidden = !this.initiativeFor.has(this.asker.mine);
  }

  /**
   * A seat is offered only what the rules give its character now: ending its turn when it is up,
   * passing or holding when it holds the initiative (popcorn), Luck when the interrupt is legal; a
   * reaction while the fight runs. Answers whether anything is offered.
   */
  private showLegal(view: PlayerView): boolean {
    if (!this.asker.isSeated) return true;
    const me = this.asker.mine;
    const turn = turnFor(view, me || null);
    const legal: Record<string, boolean> = {
      'end-turn': turn.kind === 'up' && (view.now.kind !== 'side' || view.now.active === me),
      'take-turn': view.now.kind === 'side' && view.now.active === null && view.now.waiting.includes(me),
      pass: turn.kind === 'holds' || (turn.kind === 'up' && view.rules === 'popcorn'),
      hold: turn.kind === 'holds' || (turn.kind === 'up' && view.rules === 'popcorn'),
      luck: (view.now.interrupts ?? []).some((i) => i.combatant === me && i.command === 'luck-interrupt'),
      reaction: view.status === 'running' && me !== '',
      initiative: this.initiativeFor?.has(me) ?? false,
    };
    let any = false;
    for (const [k, row] of this.rows) {
      row.hidden = !(legal[k] ?? false);
      any ||= !row.hidden;
    }
    const passRow = this.buttons.querySelector<HTMLElement>('.pv-req:not([data-kind])');
    if (passRow) passRow.hidden = !(legal.pass || legal.hold);
    return any;
  }

  update(view: PlayerView): void {
    // What the rules allow now (the projection's kinds: no "Roll initiative" once the rules take none).
    if (Array.isArray(view.requestKinds) && view.requestKinds.join('|') !== this.kinds.join('|')) this.setKinds([...view.requestKinds]);
    this.initiativeFor = new Set(view.initiativeFor ?? []);
    const pcs = view.combatants.filter((c) => c.kind === 'pc');
    const targets = view.now.kind === 'pass' ? view.now.candidates : view.combatants.filter((c) => !c.defeated).map((c) => c.id);
    const topts = targets.join('|');
    if (this.to.dataset.opts !== topts) {
      this.to.dataset.opts = topts;
      const prev = this.to.value;
      this.to.replaceChildren(h('option', { value: '' }, 'anyone (GM picks)'), ...targets.map((id) => h('option', { value: id }, view.combatants.find((c) => c.id === id)?.name ?? id)));
      if (targets.includes(prev)) this.to.value = prev;
    }
    this.showInitiative();
    const offered = this.showLegal(view);
    this.el.hidden = this.kinds.length === 0 || pcs.length === 0 || view.status === 'ended' || !offered;
  }

  /** A request changed (the GM answered): say so if it was one of ours. */
  answered(r: RequestView): void {
    if (!this.mine.has(r.id) || r.status === 'pending') return;
    const reason = typeof r.result?.reason === 'string' ? `: ${plain(r.result.reason)}` : '';
    this.say(r.status === 'accepted' ? `The GM accepted: ${LABEL[r.kind] ?? r.kind}.` : `The GM said no${reason}.`, r.status === 'accepted' ? 'ok' : 'bad');
  }

  private say(text: string, kind: 'ok' | 'bad' | 'wait'): void {
    this.status.textContent = text;
    this.status.className = `pv-req-status pv-${kind}`;
  }

  private async send(kind: string): Promise<void> {
    const combatant = this.asker.mine;
    if (!combatant) return this.say('Choose who you play first (at the top).', 'bad');
    let input: RequestInput;
    if (kind === 'pass' || kind === 'hold') input = { kind, combatant, ...(this.to.value ? { to: this.to.value } : {}) };
    else if (kind === 'reaction') {
      if (!this.text.value.trim()) return this.say('Say what you do first.', 'bad');
      input = { kind, combatant, label: this.text.value.trim() };
    } else if (kind === 'initiative') {
      const faces = this.faces.value.split(/[\s,]+/).filter(Boolean).map(Number);
      if (faces.some((f) => !Number.isInteger(f))) return this.say('Type the faces you rolled, e.g. 5 or 5, 3.', 'bad');
      input = { kind, combatant, ...(faces.length ? { dice: faces } : {}) };
    } else input = { kind, combatant } as RequestInput;
    this.say('Sending…', 'wait');
    const r = await sendRequest(this.id, this.key, input);
    // The rules' words name commands for API users ("(set-initiative)"): the player reads the words only.
    if (!r.ok) return this.say(plain(r.message), 'bad');
    this.mine.add(r.data.request.id);
    this.text.value = '';
    this.faces.value = '';
    if (r.data.request.status === 'accepted') this.say('Done.', 'ok');
    else this.say('Sent: waiting for the GM.', 'wait');
  }
}
