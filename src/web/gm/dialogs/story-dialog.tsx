import { useEffect, useState } from 'react';
import { dealtText, downText, formatDuration, spentText, takenText } from '../../../core/index.ts';
import type { StorySummary } from '../../../core/index.ts';
import { call, encounterPath } from '../../api/http.ts';
import { Dialog } from '../../shared/dialog.tsx';
import { downloadText } from '../../shared/download.ts';
import { useGm } from '../context.ts';
import { StoryChart } from './story-chart.tsx';
import './story-dialog.css';

const capital = (s: string): string => (s === '' ? s : `${s[0]!.toUpperCase()}${s.slice(1)}`);

/** "story-ambush-at-the-mill.md". */
export function storyFileName(title: string, id: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `story-${slug || id}.md`;
}

/**
 * The story of the fight (GET /api/encounters/:id/story with the GM key): its rounds and their time as
 * a bar chart, a row a combatant, and its Markdown to copy (campaign notes, Discord) or download.
 * Opens by itself when the fight ends (story-button.tsx), and again from the ended fight's button.
 */
export function StoryDialog({ onClose }: { onClose: () => void }) {
  const gm = useGm();
  const [told, setTold] = useState<{ story: StorySummary; markdown: string } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const version = gm.encounter.version;
  useEffect(() => {
    let live = true;
    void call<{ story: StorySummary; markdown: string }>('GET', encounterPath(gm.id, '/story'), gm.gmKey).then((r) => {
      if (!live) return;
      if (r.ok) setTold(r.data);
      else setNote(r.message);
    });
    return () => {
      live = false;
    };
  }, [gm.id, gm.gmKey, version]);
  if (!told) {
    return (
      <Dialog title="Story of the fight" onClose={onClose} wide>
        <p role="status">{note ?? 'Telling the story…'}</p>
      </Dialog>
    );
  }
  const { story, markdown } = told;
  const round = capital(story.roundName);
  const counted = story.rounds.filter((r) => r.round > 0).length;
  const spends = story.combatants.some((r) => r.spent.length > 0);
  const copy = () =>
    void (navigator.clipboard?.writeText(markdown) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setNote('Copied as Markdown.'),
      () => setNote('This browser would not copy: download the file instead.'),
    );
  return (
    <Dialog title="Story of the fight" onClose={onClose} wide>
      <div className="story">
        <p className="story-line">
          {story.rulesTitle} · {counted} {story.roundName}
          {counted === 1 ? '' : 's'} · {story.totalMs === null ? 'not timed' : `${formatDuration(story.totalMs)} on turns`}
        </p>
        {story.timed && (
          <div className="story-chart-block">
            <StoryChart rounds={story.rounds} roundName={round} />
            <span className="story-chart-caption">Time per {story.roundName}</span>
          </div>
        )}
        <div className="story-scroll">
          <table className="story-table">
            <thead>
              <tr>
                <th scope="col">Combatant</th>
                <th scope="col">Side</th>
                <th scope="col">Turns</th>
                <th scope="col">Time on turns</th>
                <th scope="col">Damage dealt</th>
                <th scope="col">Damage taken</th>
                <th scope="col">Healing</th>
                <th scope="col">Down</th>
                {spends && <th scope="col">Spent</th>}
              </tr>
            </thead>
            <tbody>
              {story.combatants.map((r) => (
                <tr key={r.id} className={r.kind === 'pc' ? 'story-pc' : undefined}>
                  <th scope="row">
                    {r.name}
                    {r.removed ? ' (left)' : ''}
                  </th>
                  <td>{r.side}</td>
                  <td>{r.turns}</td>
                  <td>{r.turnMs === null ? '—' : formatDuration(r.turnMs)}</td>
                  <td>{dealtText(r)}</td>
                  <td>{takenText(r)}</td>
                  <td>{r.healed === null ? '—' : r.healed}</td>
                  <td>{downText(r, round)}</td>
                  {spends && <td>{spentText(r)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {story.pools.length > 0 && <p className="story-pools">{story.pools.map((p) => `${p.resource} from the ${p.pool}: ${p.amount}`).join(' · ')}</p>}
        {story.timed && <p className="story-hint">The clock runs on turns, pauses left out; a side&apos;s shared turn counts whole for each of its members.</p>}
        <div className="dialog-actions story-actions">
          <button type="button" onClick={copy}>
            Copy as Markdown
          </button>
          <button type="button" onClick={() => downloadText(storyFileName(story.title, gm.id), markdown, 'text/markdown;charset=utf-8')}>
            Download .md
          </button>
        </div>
        <p className="story-note" role="status">
          {note ?? '\u00a0'}
        </p>
      </div>
    </Dialog>
  );
}
