import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { encountersApi } from '../api/owner-api.ts';
import { optionFields, statsValue } from '../gm/dialogs/stats-form.ts';
import { useStatsProblem } from '../gm/dialogs/use-stats-problem.ts';
import { draftOf } from '../shared/form-model.ts';
import type { Draft, NamedField } from '../shared/form-model.ts';
import { GAMES, loadGame } from '../games/index.ts';
import type { GameKit } from '../games/index.ts';
import { saveKeys } from '../shared/keys.ts';
import { gmPath } from '../shared/routes.ts';
import { SchemaForm } from '../shared/schema-form.tsx';

/** A new encounter: the game, its options (each explained in one sentence), a title and the two sides. */
export function CreateForm({ token }: { token: string }) {
  const [rules, setRules] = useState<string>(GAMES[0]?.id ?? '');
  const [kit, setKit] = useState<GameKit | null>(null);
  const [fields, setFields] = useState<readonly NamedField[]>([]);
  const [options, setOptions] = useState<Record<string, Draft | undefined>>({});
  const [title, setTitle] = useState('');
  const [players, setPlayers] = useState('Party');
  const [foes, setFoes] = useState('Enemies');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // An option's problem (typed, or refused by the rules) next to it, as a stat's is.
  const optionsError = useStatsProblem(fields);

  useEffect(() => {
    let live = true;
    setKit(null);
    void loadGame(rules).then((k) => {
      if (!live) return;
      const f = optionFields(k.module);
      setKit(k);
      setFields(f);
      optionsError.clear();
      setOptions(Object.fromEntries(f.map((x) => [x.name, draftOf(x.field)])));
    });
    return () => {
      live = false;
    };
  }, [rules]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    optionsError.clear();
    setError(null);
    let values: Record<string, unknown>;
    try {
      values = statsValue(fields, options);
    } catch (err) {
      setError(optionsError.show(err));
      return;
    }
    setBusy(true);
    const sides = [
      { name: players.trim() || 'Party', players: true },
      { name: foes.trim() || 'Enemies', players: false },
    ];
    const r = await encountersApi(token).create({ rules, title: title.trim(), options: values, sides });
    setBusy(false);
    if (!r.ok) {
      setError(optionsError.show(new Error(r.message)));
      return;
    }
    saveKeys(r.data.id, { gmKey: r.data.gmKey, playerKey: r.data.playerKey });
    window.location.assign(gmPath(r.data.id));
  };

  return (
    <form className="panel create" onSubmit={submit} aria-labelledby="create-h">
      <h2 id="create-h">New encounter</h2>
      <fieldset className="games">
        <legend>Game</legend>
        {GAMES.map((g) => (
          <label key={g.id} className={rules === g.id ? 'game on' : 'game'}>
            <input type="radio" name="rules" value={g.id} checked={rules === g.id} onChange={() => setRules(g.id)} />
            <strong>{g.title}</strong>
            <small>{g.blurb}</small>
          </label>
        ))}
      </fieldset>
      <div className="sf-grid">
        <div className="sf-row">
          <label htmlFor="title">Title</label>
          <input id="title" type="text" placeholder="Ambush in the cargo bay" value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div className="sf-row">
          <label htmlFor="players">Players' side</label>
          <input id="players" type="text" value={players} onChange={(e) => setPlayers(e.target.value)} />
        </div>
        <div className="sf-row">
          <label htmlFor="foes">Opponents' side</label>
          <input id="foes" type="text" value={foes} onChange={(e) => setFoes(e.target.value)} />
        </div>
      </div>
      <h3>Options</h3>
      {kit ? <SchemaForm fields={fields} draft={options} onChange={setOptions} docs={kit.module.optionDocs} errors={optionsError.errors} errorPaths={optionsError.paths} /> : <p className="muted">Loading the rules…</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy || !kit}>
        {busy ? 'Creating…' : 'Create and open the GM screen'}
      </button>
    </form>
  );
}
