import { useState } from 'react';
import { loadParties } from '../gm/setup/parties.ts';
import type { Party } from '../gm/setup/parties.ts';
import { gameTitle } from '../games/index.ts';
import { pcsOf } from './campaign-model.ts';
import { useCampaign } from './context.ts';
import { addPcCommands, markOffered, partiesToOffer } from './party-offers.ts';

/**
 * Parties saved in this browser for this game (from the GM screen's "Saved parties"), offered once:
 * add one to the campaign's party, or dismiss the offer.
 */
export function PartiesBanner() {
  const c = useCampaign();
  const { state } = c.page;
  const [offered, setOffered] = useState<Party[]>(() => partiesToOffer(loadParties(state.rules), state.rules));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (offered.length === 0) return null;

  const done = (parties: readonly Party[]) => {
    markOffered(parties);
    setOffered(offered.filter((p) => !parties.includes(p)));
  };
  const add = async (party: Party) => {
    setBusy(true);
    setError(null);
    const commands = addPcCommands(
      party,
      pcsOf(state).map((p) => p.name),
    );
    let added = 0;
    for (const command of commands) {
      const r = await c.run(command);
      if (!r.ok) {
        setBusy(false);
        setError(`${String(command.name)}: ${r.message}`);
        return;
      }
      added++;
    }
    setBusy(false);
    c.notify(added > 0 ? `Added ${added} character${added === 1 ? '' : 's'} from “${party.name}”.` : `Everyone in “${party.name}” is already in the party.`);
    done([party]);
  };

  return (
    <aside className="banner" aria-label="Saved parties">
      <p>
        This browser has {offered.length === 1 ? 'a saved party' : `${offered.length} saved parties`} for {gameTitle(state.rules)}. Add{' '}
        {offered.length === 1 ? 'it' : 'one'} to this campaign’s party? Each is offered once.
      </p>
      <div className="row-buttons">
        {offered.map((p) => (
          <button key={`${p.name}/${p.savedAt}`} type="button" className="primary" disabled={busy} onClick={() => void add(p)}>
            Add “{p.name}” ({p.members.map((m) => m.name).join(', ')})
          </button>
        ))}
        <button type="button" disabled={busy} onClick={() => done(offered)}>
          No, thanks
        </button>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </aside>
  );
}
