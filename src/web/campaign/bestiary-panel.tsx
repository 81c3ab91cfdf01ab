import { useState } from 'react';
import { allTags, matchTemplates, templatesOf } from './campaign-model.ts';
import { useCampaign } from './context.ts';

/** The bestiary: the campaign's opponents as templates, searched by name or tag; new fights draw on it. */
export function BestiaryPanel() {
  const c = useCampaign();
  const { state } = c.page;
  const [query, setQuery] = useState('');
  const all = templatesOf(state);
  const shown = matchTemplates(all, query);
  const tags = allTags(all);
  const hpOf = (stats: Readonly<Record<string, unknown>>, hp: number | null) => (typeof stats.hp === 'number' ? stats.hp : hp);

  return (
    <section className="panel bestiary" aria-labelledby="bestiary-h">
      <div className="panel-head">
        <h2 id="bestiary-h">
          Bestiary <span className="muted count">{all.length}</span>
        </h2>
        <div className="row-actions">
          <button type="button" onClick={() => c.open({ kind: 'import' })} aria-label="Import statblocks (Foundry VTT, Improved Initiative, statblock lines)">
            Import
          </button>
          <button type="button" className="primary" onClick={() => c.open({ kind: 'template', template: null })}>
            + New template
          </button>
        </div>
      </div>
      {all.length > 0 && (
        <div className="bestiary-search">
          <label className="sr-only" htmlFor="bestiary-q">
            Search the bestiary
          </label>
          <input id="bestiary-q" type="search" placeholder="Search by name or tag" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
          {tags.length > 0 && (
            <div className="tag-filter" role="group" aria-label="Tags">
              {tags.map((t) => {
                const on = query.trim().toLowerCase() === `tag:${t.toLowerCase()}`;
                return (
                  <button key={t} type="button" className={on ? 'chip-tag on' : 'chip-tag'} aria-pressed={on} onClick={() => setQuery(on ? '' : `tag:${t}`)}>
                    {t}
                  </button>
                );
              })}
            </div>
          )}
        </div>
      )}
      {all.length === 0 ? (
        <p className="muted">No templates yet. A template is an opponent written once (“Raider”, with its stats, notes and tags) and put in any fight, as many as needed.</p>
      ) : shown.length === 0 ? (
        <p className="muted">Nothing matches “{query}”.</p>
      ) : (
        <ul className="templates">
          {shown.map((t) => {
            const hp = hpOf(t.stats, t.hp);
            return (
              <li key={t.id} className="template">
                <div className="template-who">
                  <strong>{t.name}</strong>
                  {t.hidden && <span className="tag">hidden</span>}
                  {t.side && <span className="tag">{t.side}</span>}
                  {hp !== null && hp !== undefined && <span className="muted small"> HP {String(hp)}</span>}
                  <div className="template-tags">
                    {t.tags.map((tag) => (
                      <span key={tag} className="tag hot">
                        {tag}
                      </span>
                    ))}
                  </div>
                  {(t.notes || t.gmNotes) && (
                    <small className="muted template-notes">
                      {t.notes}
                      {t.notes && t.gmNotes ? ' · ' : ''}
                      {t.gmNotes && <em>GM: {t.gmNotes}</em>}
                    </small>
                  )}
                </div>
                <div className="row-actions">
                  <button type="button" className="small" aria-label={`Edit ${t.name}`} onClick={() => c.open({ kind: 'template', template: t.id })}>
                    Edit
                  </button>
                  <button type="button" className="small danger" aria-label={`Remove ${t.name}`} onClick={() => c.open({ kind: 'remove-template', template: t.id })}>
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
