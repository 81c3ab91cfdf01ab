import { useState } from 'react';
import { useGm } from '../context.ts';
import { addCommandOf, deleteParty, loadParties, memberOf, saveParty } from './parties.ts';

/** Saved parties: add one to this fight, or save this fight's player characters as one. */
export function PartiesMenu() {
  const gm = useGm();
  const { view } = gm;
  const rules = view.rules;
  const [parties, setParties] = useState(() => loadParties(rules));
  const [note, setNote] = useState<string | null>(null);
  const pcs = view.combatants.filter((c) => c.kind === 'pc');
  const sideName = (id: string) => view.sides.find((s) => s.id === id)?.name ?? id;

  // The party's name is asked for in the menu itself (never window.prompt).
  const [naming, setNaming] = useState<string | null>(null);
  const save = () => {
    const name = naming?.trim();
    if (!name) return;
    saveParty({ name, rules, members: pcs.map((c) => memberOf(c, sideName(c.side))), savedAt: new Date().toISOString() });
    setParties(loadParties(rules));
    setNaming(null);
    setNote(`Saved "${name}" (${pcs.length} characters) in this browser.`);
  };
  const add = async (name: string) => {
    const party = parties.find((p) => p.name === name);
    if (!party) return;
    for (const m of party.members) {
      const sent = await gm.send(addCommandOf(m) as never, `Add ${m.name}`);
      if (!sent.ok) break;
    }
  };
  return (
    <details className="menu parties">
      <summary>Saved parties</summary>
      <div className="menu-body">
        {parties.length === 0 && <p className="muted">No party saved for {rules} in this browser yet.</p>}
        <ul>
          {parties.map((p) => (
            <li key={p.name}>
              <button type="button" onClick={() => void add(p.name)}>
                Add {p.name} ({p.members.length})
              </button>
              <button
                type="button"
                className="icon danger"
                aria-label={`Forget ${p.name}`}
                onClick={() => {
                  deleteParty(p.name, rules);
                  setParties(loadParties(rules));
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        {naming === null ? (
          <button type="button" disabled={pcs.length === 0} onClick={() => setNaming(view.title ? `${view.title} party` : 'My party')}>
            Save this fight's PCs as a party
          </button>
        ) : (
          <div className="party-name">
            <label className="sr-only" htmlFor="party-name">
              Party name
            </label>
            <input
              id="party-name"
              type="text"
              value={naming}
              onChange={(e) => setNaming(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  save();
                }
              }}
              autoFocus
            />
            <button type="button" className="primary" disabled={!naming.trim()} onClick={save}>
              Save
            </button>
          </div>
        )}
        {note && <p className="muted">{note}</p>}
        <p className="muted small">Kept in this browser's local storage.</p>
      </div>
    </details>
  );
}
