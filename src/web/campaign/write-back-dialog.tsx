import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { WriteBackProposal } from '../api/campaign-api.ts';
import { Dialog, FormFooter } from '../shared/dialog.tsx';
import { changeText, trackLabel } from './campaign-model.ts';
import { useCampaign } from './context.ts';

const STALE = new Set(['campaign/review-stale', 'campaign/stale', 'campaign/version-conflict']);

/**
 * After a fight: what changed for each PC (HP, Luck, ...) between the campaign and the fight, for the GM
 * to review and confirm as a whole. One undoable step; refused if the campaign or the fight changed
 * since the review (the list is then shown again, as it now is).
 */
export function WriteBackDialog({ fight, onClose }: { fight: string; onClose: () => void }) {
  const c = useCampaign();
  const title = c.page.state.fights[fight]?.title || 'this fight';
  const [proposal, setProposal] = useState<WriteBackProposal | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const r = await c.api.proposal(c.id, fight);
    if (r.ok) setProposal(r.data);
    else setError(r.message);
  }, [c.api, c.id, fight]);
  useEffect(() => {
    void load();
  }, [load]);

  const count = proposal ? proposal.changes.length + (proposal.pools ? 1 : 0) : 0;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!proposal || count === 0) return onClose();
    setBusy(true);
    setError(null);
    const r = await c.api.writeBack(c.id, fight, {
      expectedVersion: proposal.campaignVersion,
      changes: proposal.changes.map(({ pc, track, from, to }) => ({ pc, track, from, to })),
    });
    setBusy(false);
    if (r.ok) {
      c.accept(r.data);
      c.notify(`Written back from “${title}”: ${count} change${count === 1 ? '' : 's'}.`);
      onClose();
      return;
    }
    if (r.status === 409 || STALE.has(r.code)) {
      setProposal(null);
      await c.reload();
      await load();
      setError(`${r.message} The list now shows the fight as it is: check it and confirm again.`);
    } else setError(r.message);
  };

  return (
    <Dialog title={`Write back “${title}”`} onClose={onClose} wide>
      <form onSubmit={submit} className="campaign-form write-back" aria-label="Write back">
        {!proposal ? (
          !error && <p className="muted">Comparing the fight with the campaign…</p>
        ) : count === 0 ? (
          <p>Nothing to write back: the party in the campaign already stands as it does in the fight.</p>
        ) : (
          <>
            <p className="muted">What the fight changed. Confirm to keep it in the campaign: the next fight starts from there. Undo in the campaign log takes it back.</p>
            <ul className="changes">
              {proposal.changes.map((x) => (
                <li key={`${x.pc}/${x.track}`} className="change" aria-label={changeText(x)}>
                  <strong>{x.name}</strong> <span className="muted">{x.label || trackLabel(x.track)}</span> {x.from} <span aria-hidden="true">→</span> <strong className="change-to">{x.to}</strong>
                </li>
              ))}
              {proposal.pools && (
                <li className="change">
                  <strong>Party AP</strong> {proposal.pools.party.from} → <strong className="change-to">{proposal.pools.party.to}</strong>, <strong>GM AP</strong> {proposal.pools.gm.from} →{' '}
                  <strong className="change-to">{proposal.pools.gm.to}</strong>
                </li>
              )}
            </ul>
          </>
        )}
        {proposal && proposal.missing.length > 0 && (
          <p className="muted small">Not in the fight any more, so unchanged: {proposal.missing.map((m) => m.name).join(', ')}.</p>
        )}
        <FormFooter error={error} onClose={onClose} submit={count === 0 ? 'Close' : `Write back ${count} change${count === 1 ? '' : 's'}`} disabled={busy || !proposal} />
      </form>
    </Dialog>
  );
}
