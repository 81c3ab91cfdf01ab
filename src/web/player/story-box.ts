/**
 * The story of the fight on the phones and the TV, once the fight has ended: asked of the server with
 * the link's key (GET /api/encounters/:id/story), which answers with what players may know
 * (src/server/players/player-story.ts). Asked for once the view says "ended", not pushed with every
 * view: it is told from the whole log, which only the end needs, and the socket's messages stay as they
 * are. Asked again if the fight is reopened and ends again. Plain DOM, with its own few formatters (the
 * player page does not load the engine).
 */
import type { StoryRow, StorySummary } from '../../core/index.ts';
import type { PlayerView } from '../../server/players/index.ts';
import { call, encounterPath } from '../api/http.ts';
import { h } from './dom.ts';

export function duration(ms: number): string {
  const total = Math.round(ms / 1000);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

const capital = (s: string): string => (s === '' ? s : `${s[0]!.toUpperCase()}${s.slice(1)}`);

/** "3 rounds · 12:05 on turns", "2 game turns · not timed". */
export function storyLine(story: StorySummary): string {
  const n = story.rounds.filter((r) => r.round > 0).length;
  return `${n} ${story.roundName}${n === 1 ? '' : 's'} · ${story.totalMs === null ? 'not timed' : `${duration(story.totalMs)} on turns`}`;
}

/** The cells of a combatant's row: name, turns, time, dealt, taken, healing, down, spent. */
export function storyCells(r: StoryRow, roundName: string): string[] {
  const hits = r.unreadHits > 0 ? `${r.unreadHits} hit${r.unreadHits === 1 ? '' : 's'}` : '';
  const dealt = hits === '' ? String(r.dealt) : r.dealt > 0 ? `${r.dealt} + ${hits}` : hits;
  const down = r.downs.length === 0 ? '—' : r.downs.map((d) => `${capital(roundName)} ${d.round}${d.by ? `, by ${d.by}` : ''}`).join('; ');
  return [
    `${r.name}${r.removed ? ' (left)' : ''}`,
    String(r.turns),
    r.turnMs === null ? '—' : duration(r.turnMs),
    dealt,
    r.taken !== null ? String(r.taken) : (r.health ?? '—'),
    r.healed === null ? '—' : String(r.healed),
    down,
    r.spent.length === 0 ? '—' : r.spent.map((s) => `${s.resource} ${s.amount}`).join(', '),
  ];
}

/** A combatant's row as one line, for a phone's narrow screen: "2 turns (0:03) · dealt 9 · took 5 · healed 1". */
export function storySentence(r: StoryRow, roundName: string): string {
  const [, turns, time, dealt, taken, healed, down, spent] = storyCells(r, roundName);
  const parts = [`${turns} turn${turns === '1' ? '' : 's'}${time === '—' ? '' : ` (${time})`}`, `dealt ${dealt}`, `took ${taken}`];
  if (healed !== '—' && healed !== '0') parts.push(`healed ${healed}`);
  if (down !== '—') parts.push(`down: ${down}`);
  if (spent !== '—') parts.push(`spent ${spent}`);
  return parts.join(' · ');
}

export class StoryBox {
  readonly el = h('section', { class: 'pv-story', 'aria-label': 'Story of the fight' });
  private story: StorySummary | null = null;
  /** The version the story was asked for (a reopened fight that ends again is told again). */
  private askedAt = -1;

  constructor(
    private readonly id: string,
    private readonly key: string,
    private readonly changed: () => void,
  ) {}

  /** The story to show for this view, if the fight has ended and the server has told it. */
  update(view: PlayerView): StorySummary | null {
    if (view.status !== 'ended') {
      this.story = null;
      this.askedAt = -1;
      return null;
    }
    if (this.askedAt !== view.version) {
      this.askedAt = view.version;
      const asked = view.version;
      void call<{ story: StorySummary }>('GET', encounterPath(this.id, '/story'), this.key).then((r) => {
        if (!r.ok || this.askedAt !== asked) return;
        this.story = r.data.story;
        this.render(r.data.story);
        this.changed();
      });
    }
    return this.story;
  }

  private render(story: StorySummary): void {
    const spends = story.combatants.some((r) => r.spent.length > 0);
    const heads = ['Combatant', 'Turns', 'Time', 'Dealt', 'Taken', 'Healing', 'Down', ...(spends ? ['Spent'] : [])];
    const rows = story.combatants.map((r) => {
      const cells = storyCells(r, story.roundName).slice(0, spends ? 8 : 7);
      return h('tr', { class: r.kind === 'pc' ? 'pv-story-pc' : null }, h('th', { scope: 'row' }, cells[0]!), ...cells.slice(1).map((c) => h('td', null, c)));
    });
    const rounds = story.rounds.map((r) => h('li', null, `${capital(story.roundName)} ${r.round}: ${r.ms === null ? '—' : duration(r.ms)}`));
    const lines = story.combatants.map((r) =>
      h('li', { class: r.kind === 'pc' ? 'pv-story-pc' : null }, h('strong', null, storyCells(r, story.roundName)[0]!), ' ', h('span', null, storySentence(r, story.roundName))),
    );
    this.el.replaceChildren(
      h('ul', { class: 'pv-story-list' }, ...lines),
      h('div', { class: 'pv-story-scroll' }, h('table', { class: 'pv-story-table' }, h('thead', null, h('tr', null, ...heads.map((x) => h('th', { scope: 'col' }, x)))), h('tbody', null, ...rows))),
      ...(story.timed ? [h('ul', { class: 'pv-story-rounds', 'aria-label': 'Time per round' }, ...rounds)] : []),
    );
  }
}
