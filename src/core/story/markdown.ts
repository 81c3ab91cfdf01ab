/**
 * The story of a fight as Markdown, for campaign notes or a Discord message: a heading, one line of
 * totals, a table of rounds and a table of combatants. Names are escaped so that a name cannot break the
 * tables or format the text. Pure.
 */
import type { StoryRow, StorySummary } from './summary.ts';

/** "0:42", "12:05", "1:02:03". */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number): string => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** Text safe inside a Markdown table cell: no formatting, no cell break, one line. */
export function markdownText(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/([\\`*_~|<>[\]#])/g, '\\$1');
}

const capital = (s: string): string => (s === '' ? s : `${s[0]!.toUpperCase()}${s.slice(1)}`);

/** "3 rounds", "1 game turn". */
function roundsText(story: StorySummary): string {
  const n = story.rounds.filter((r) => r.round > 0).length;
  return `${n} ${story.roundName}${n === 1 ? '' : 's'}`;
}

export function dealtText(r: StoryRow): string {
  if (r.unreadHits === 0) return String(r.dealt);
  const hits = `${r.unreadHits} hit${r.unreadHits === 1 ? '' : 's'}`;
  return r.dealt > 0 ? `${r.dealt} + ${hits}` : hits;
}

export function takenText(r: StoryRow): string {
  if (r.taken !== null) return String(r.taken);
  return r.health ?? '—';
}

export function downText(r: StoryRow, roundName: string): string {
  if (r.downs.length === 0) return '—';
  return r.downs.map((d) => `${roundName} ${d.round}${d.by ? `, by ${d.by}` : ''}`).join('; ');
}

export function spentText(r: StoryRow): string {
  return r.spent.length === 0 ? '—' : r.spent.map((s) => `${s.resource} ${s.amount}`).join(', ');
}

/** The story as Markdown. */
export function storyMarkdown(story: StorySummary): string {
  const lines: string[] = [];
  const title = story.title.trim() === '' ? 'Story of the fight' : `Story of the fight: ${markdownText(story.title)}`;
  lines.push(`## ${title}`, '');
  const time = story.totalMs === null ? 'not timed' : `${formatDuration(story.totalMs)} on turns`;
  lines.push(`${markdownText(story.rulesTitle)} · ${roundsText(story)} · ${time}`, '');
  if (story.rounds.length > 0) {
    lines.push(`| ${capital(story.roundName)} | Time | Turns |`, '| ---: | ---: | ---: |');
    for (const r of story.rounds) lines.push(`| ${r.round} | ${r.ms === null ? '—' : formatDuration(r.ms)} | ${r.turns} |`);
    lines.push('');
  }
  const spends = story.combatants.some((r) => r.spent.length > 0);
  lines.push(
    `| Combatant | Side | Turns | Time | Damage dealt | Damage taken | Healing | Down |${spends ? ' Spent |' : ''}`,
    `| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |${spends ? ' --- |' : ''}`,
  );
  for (const r of story.combatants) {
    const name = `${markdownText(r.name)}${r.kind === 'pc' ? ' (PC)' : ''}${r.removed ? ' (left)' : ''}`;
    const cells = [
      name,
      markdownText(r.side),
      String(r.turns),
      r.turnMs === null ? '—' : formatDuration(r.turnMs),
      dealtText(r),
      markdownText(takenText(r)),
      r.healed === null ? '—' : String(r.healed),
      markdownText(downText(r, capital(story.roundName))),
      ...(spends ? [markdownText(spentText(r))] : []),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  if (story.pools.length > 0) {
    lines.push('', story.pools.map((p) => `${markdownText(p.resource)} from the ${markdownText(p.pool)}: ${p.amount}`).join(' · '));
  }
  if (story.timed) lines.push('', '_Time: the clock runs on turns, pauses left out; a shared turn counts whole for each of its members._');
  return `${lines.join('\n')}\n`;
}
