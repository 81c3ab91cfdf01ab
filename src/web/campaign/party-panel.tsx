import { metersOf, pcsOf } from './campaign-model.ts';
import { useCampaign } from './context.ts';
import { MeterView } from './meters.tsx';

/** The party: each PC with its tracks as they stand between fights; add, edit, remove. */
export function PartyPanel() {
  const c = useCampaign();
  const { state } = c.page;
  const pcs = pcsOf(state);
  return (
    <section className="panel party" aria-labelledby="party-h">
      <div className="panel-head">
        <h2 id="party-h">
          Party <span className="muted count">{pcs.length}</span>
        </h2>
        <div className="row-actions">
          <button type="button" onClick={() => c.open({ kind: 'import' })} aria-label="Import characters (Foundry VTT, Improved Initiative, statblock lines)">
            Import
          </button>
          <button type="button" className="primary" onClick={() => c.open({ kind: 'pc', pc: null })}>
            + Add a character
          </button>
        </div>
      </div>
      {pcs.length === 0 ? (
        <p className="muted">No characters yet. Add the player characters once: every fight of the campaign starts with them, as they left the last one.</p>
      ) : (
        <ul className="pcs">
          {pcs.map((pc) => (
            <li key={pc.id} className="pc">
              <div className="pc-who">
                <strong>{pc.name}</strong>
                {pc.side !== state.partySide && <span className="tag">{pc.side}</span>}
                {pc.notes && <small className="muted pc-notes">{pc.notes}</small>}
              </div>
              <div className="pc-tracks">
                {metersOf(pc.tracks).map((m) => (
                  <MeterView key={m.key} m={m} who={pc.name} />
                ))}
              </div>
              <div className="row-actions">
                <button type="button" className="small" aria-label={`Edit ${pc.name}`} onClick={() => c.open({ kind: 'pc', pc: pc.id })}>
                  Edit
                </button>
                <button type="button" className="small danger" aria-label={`Remove ${pc.name}`} onClick={() => c.open({ kind: 'remove-pc', pc: pc.id })}>
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
