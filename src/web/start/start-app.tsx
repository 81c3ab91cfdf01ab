import { useCallback, useEffect, useState } from 'react';
import { ownerApi } from '../api/gm-api.ts';
import type { Summary } from '../api/gm-api.ts';
import { gameTitle } from '../shared/games.ts';
import { keysFor, ownerToken, setOwnerToken } from '../shared/keys.ts';
import { gmPath } from '../shared/routes.ts';
import { CreateForm } from './create-form.tsx';
import './start.css';

/** The start page: the owner token once, then the list of encounters and the form for a new one. */
export function StartApp() {
  const [token, setToken] = useState<string | null>(() => {
    // `npm start` prints the address with the token in the fragment (never sent to the server): /#owner=...
    const fromLink = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('owner') ?? new URLSearchParams(window.location.search).get('owner');
    if (fromLink) {
      setOwnerToken(fromLink);
      window.history.replaceState(null, '', '/');
    }
    return fromLink ?? ownerToken();
  });
  const [list, setList] = useState<Summary[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (t: string) => {
    const r = await ownerApi.list(t);
    if (r.ok) {
      setList(r.data.encounters);
      setError(null);
    } else {
      setList(null);
      setError(r.status === 401 ? 'That is not the owner token of this server.' : r.message);
    }
  }, []);
  useEffect(() => {
    document.title = 'Turnkeeper';
    if (token) void load(token);
  }, [token, load]);

  return (
    <div className="start">
      <header className="start-header">
        <h1>
          <span className="logo" aria-hidden="true">
            ◉
          </span>{' '}
          Turnkeeper
        </h1>
        <p className="muted">A combat tracker that knows the rules: the GM runs the fight here, the players watch on their phones or the TV.</p>
      </header>
      {!token || (error && !list) ? (
        <TokenForm
          error={error}
          onToken={(t) => {
            setOwnerToken(t);
            setToken(t);
          }}
        />
      ) : (
        <main className="start-main">
          <CreateForm token={token} />
          <section className="panel" aria-labelledby="list-h">
            <h2 id="list-h">Encounters</h2>
            {list === null ? (
              <p className="muted">Loading…</p>
            ) : list.length === 0 ? (
              <p className="muted">None yet: create the first one.</p>
            ) : (
              <ul className="encounters">
                {[...list].reverse().map((e) => (
                  <li key={e.id}>
                    {keysFor(e.id) ? <a href={gmPath(e.id)}>{e.title || 'Untitled'}</a> : <span title="This browser does not have its GM key">{e.title || 'Untitled'}</span>}{' '}
                    <span className="muted">
                      {gameTitle(e.rules)} · {new Date(e.createdAt).toLocaleString()} · {e.version} events
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <button
              type="button"
              className="link"
              onClick={() => {
                setOwnerToken(null);
                setToken(null);
              }}
            >
              Forget the owner token
            </button>
          </section>
        </main>
      )}
    </div>
  );
}

function TokenForm({ onToken, error }: { onToken: (t: string) => void; error: string | null }) {
  const [value, setValue] = useState('');
  return (
    <main className="start-main">
      <form
        className="panel token"
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim()) onToken(value.trim());
        }}
      >
        <h2>Owner token</h2>
        <p>
          Paste the owner token <code>npm start</code> printed (it is also in the file <code>owner-token</code> of the data folder). This browser keeps it.
        </p>
        <label className="sr-only" htmlFor="owner">
          Owner token
        </label>
        <input id="owner" type="password" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} placeholder="tko_…" />
        <button type="submit" className="primary">
          Continue
        </button>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
