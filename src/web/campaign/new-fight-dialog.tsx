import { Suspense, lazy, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Dialog, FormFooter } from '../shared/dialog.tsx';
import { gameOf } from '../games/index.ts';
import { saveKeys } from '../shared/keys.ts';
import { gmPath } from '../shared/routes.ts';
import { countOf, countProblem, fightLine, matchTemplates, metersOf, newFightBody, pcsOf, templatesOf } from './campaign-model.ts';
import { useCampaign } from './context.ts';

// The forecast's line (and its worker) load with the dialog, not with the page.
const FightForecast = lazy(() => import('./fight-forecast.tsx').then((m) => ({ default: m.FightForecast })));

/**
 * A new fight from the campaign: the PCs (all ticked) with their tracks as they stand, opponents from
 * the bestiary with counts ("3 × Raider"), prepared for the GM screen or started at once.
 */
export function NewFightDialog({ onClose }: { onClose: () => void }) {
  const c = useCampaign();
  const { state } = c.page;
  const pcs = pcsOf(state);
  const templates = templatesOf(state);
  const [title, setTitle] = useState('');
  const [ticked, setTicked] = useState<readonly string[]>(() => pcs.map((p) => p.id));
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [query, setQuery] = useState('');
  const [start, setStart] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A count refused ("-2"): said next to its box, on submit, until it is changed.
  const [countErrors, setCountErrors] = useState<Record<string, string>>({});
  const list = useRef<HTMLUListElement>(null);
  const [busy, setBusy] = useState(false);

  const numbers = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, countOf(v)]));
  const shown = matchTemplates(templates, query);
  const chosen = templates.filter((t) => ((numbers[t.id] ?? 0) > 0 || countErrors[t.id]) && !shown.includes(t));
  const fightNo = state.fightOrder.length + 1;
  // A game started on the GM screen (Fallout's opening turn, popcorn's first pass): the GM's choice, made there.
  const game = gameOf(state.rules);
  const canStart = game?.startsOnScreen !== true;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const choice = { title, pcs: ticked, counts: numbers, start: canStart && start, hidden };
    const refused: Record<string, string> = {};
    for (const t of templates) {
      const problem = countProblem(counts[t.id] ?? '', t.name);
      if (problem) refused[t.id] = problem;
    }
    setCountErrors(refused);
    const first = Object.keys(refused)[0];
    if (first) {
      setError(null);
      list.current?.querySelector<HTMLInputElement>(`[data-template="${CSS.escape(first)}"]`)?.focus();
      return;
    }
    if (ticked.length === 0 && Object.values(numbers).every((n) => n === 0)) return setError('Tick at least one character or choose an opponent.');
    setBusy(true);
    setError(null);
    const r = await c.api.newFight(
      c.id,
      newFightBody(
        choice,
        pcs.map((p) => p.id),
      ),
    );
    if (!r.ok) {
      setBusy(false);
      return setError(r.message);
    }
    saveKeys(r.data.id, { gmKey: r.data.gmKey, playerKey: r.data.playerKey });
    window.location.assign(gmPath(r.data.id));
  };

  const countRow = (t: (typeof templates)[number]) => {
    const problem = countErrors[t.id];
    const problemId = `nf-count-error-${t.id}`;
    return (
      <li key={t.id} className="count-row">
        <input
          type="text"
          inputMode="numeric"
          className="count-input"
          aria-label={`How many ${t.name}`}
          data-template={t.id}
          placeholder="0"
          value={counts[t.id] ?? ''}
          onChange={(e) => {
            setCounts({ ...counts, [t.id]: e.target.value });
            if (problem) setCountErrors(Object.fromEntries(Object.entries(countErrors).filter(([k]) => k !== t.id)));
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        />
        <span>
          × <strong>{t.name}</strong>
          {t.tags.map((tag) => (
            <span key={tag} className="tag">
              {tag}
            </span>
          ))}
          {t.hidden && <span className="tag">hidden</span>}
          {problem && (
            <span id={problemId} className="error count-error">
              {problem}
            </span>
          )}
        </span>
      </li>
    );
  };

  return (
    <Dialog title="New fight" onClose={onClose} wide>
      <form onSubmit={submit} className="campaign-form new-fight" aria-label="New fight">
        <div className="sf-row">
          <label htmlFor="nf-title">Title</label>
          <input id="nf-title" type="text" placeholder={`${state.title}: fight ${fightNo}`} value={title} onChange={(e) => setTitle(e.target.value)} autoComplete="off" />
        </div>
        <div className="nf-columns">
          <fieldset className="nf-pcs">
            <legend>Characters</legend>
            {pcs.length === 0 && <p className="muted">The party is empty.</p>}
            {pcs.map((p) => {
              const hp = metersOf(p.tracks).find((m) => m.key === 'hp');
              return (
                <label key={p.id} className="nf-pc">
                  <input type="checkbox" checked={ticked.includes(p.id)} onChange={(e) => setTicked(e.target.checked ? pcs.map((x) => x.id).filter((x) => x === p.id || ticked.includes(x)) : ticked.filter((x) => x !== p.id))} />{' '}
                  {p.name}
                  {hp && (
                    <span className="muted small">
                      {' '}
                      HP {hp.value}
                      {hp.max !== null ? `/${hp.max}` : ''}
                    </span>
                  )}
                </label>
              );
            })}
          </fieldset>
          <fieldset className="nf-templates">
            <legend>Opponents from the bestiary</legend>
            {templates.length === 0 ? (
              <p className="muted">The bestiary is empty: add templates to it first, or add opponents on the GM screen.</p>
            ) : (
              <>
                {templates.length > 6 && (
                  <input type="search" className="nf-search" placeholder="Search by name or tag" aria-label="Search the bestiary" value={query} onChange={(e) => setQuery(e.target.value)} />
                )}
                <ul className="counts" ref={list}>
                  {shown.map(countRow)}
                  {chosen.map(countRow)}
                </ul>
                <label className="nf-hidden">
                  <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} /> Hide them from the players
                </label>
              </>
            )}
          </fieldset>
        </div>
        <p className="nf-line">
          <span className="muted">In this fight:</span> {fightLine(state, { pcs: ticked, counts: numbers })}
        </p>
        <Suspense fallback={<p className="nf-forecast muted">Forecast: …</p>}>
          <FightForecast campaignId={c.id} version={c.page.campaign.version} state={state} pcs={ticked} counts={numbers} hidden={hidden} />
        </Suspense>
        {canStart ? (
          <fieldset className="nf-start">
            <legend className="sr-only">Prepared or started</legend>
            <label>
              <input type="radio" name="nf-start" checked={!start} onChange={() => setStart(false)} /> Prepare it: roll initiative and start on the GM screen
            </label>
            <label>
              <input type="radio" name="nf-start" checked={start} onChange={() => setStart(true)} /> Start it at once: Turnkeeper rolls initiative
            </label>
          </fieldset>
        ) : (
          <p className="muted small">The fight is prepared: on the GM screen, choose who {game?.opensWith ?? 'has the initiative'} and start it.</p>
        )}
        <FormFooter error={error} onClose={onClose} submit={busy ? 'Creating…' : 'Create and open the GM screen'} disabled={busy} />
      </form>
    </Dialog>
  );
}
