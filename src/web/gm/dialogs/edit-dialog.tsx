import { useState } from 'react';
import type { FormEvent } from 'react';
import { Dialog, FormFooter } from '../../shared/dialog.tsx';
import { plainMessage } from '../../shared/plain-message.ts';
import { SchemaForm } from '../../shared/schema-form.tsx';
import { useGm } from '../context.ts';
import type { GameKit } from '../../games/index.ts';
import { statFields, statsDraft, statsValue } from './stats-form.ts';
import { useStatsProblem } from './use-stats-problem.ts';

/** Edit a combatant: name, side, PC/NPC, hidden, notes (players see them), GM notes, and the stats. */
export function EditDialog({ id, kit, onClose }: { id: string; kit: GameKit; onClose: () => void }) {
  const gm = useGm();
  const { view } = gm;
  const c = view.combatants.find((x) => x.id === id);
  const fields = statFields(kit.module);
  const [name, setName] = useState(c?.name ?? '');
  const [side, setSide] = useState(view.sides.find((s) => s.id === c?.side)?.name ?? '');
  const [kind, setKind] = useState(c?.kind ?? 'npc');
  const [hidden, setHidden] = useState(c?.hidden ?? false);
  const [notes, setNotes] = useState(c?.notes ?? '');
  const [gmNotes, setGmNotes] = useState(c?.gmNotes ?? '');
  const [stats, setStats] = useState(() => statsDraft(fields, c?.stats));
  const [error, setError] = useState<string | null>(null);
  const statsError = useStatsProblem(fields);
  if (!c) return null;
  const problem = (err: unknown) => setError(statsError.show(err));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let values: Record<string, unknown>;
    try {
      values = statsValue(fields, stats);
    } catch (err) {
      problem(err);
      return;
    }
    const changes: Record<string, unknown> = {};
    if (name.trim() !== c.name) changes.name = name.trim();
    const oldSide = view.sides.find((s) => s.id === c.side)?.name ?? '';
    if (side.trim() && side.trim() !== oldSide) changes.side = side.trim();
    if (kind !== c.kind) changes.kind = kind;
    if (hidden !== c.hidden) changes.hidden = hidden;
    if (notes !== c.notes) changes.notes = notes;
    if (gmNotes !== c.gmNotes) changes.gmNotes = gmNotes;
    if (JSON.stringify(values) !== JSON.stringify(c.stats)) changes.stats = values;
    if (Object.keys(changes).length === 0) return onClose();
    const command = { type: 'update-combatant', combatant: c.id, ...changes };
    // Refused by the rules here: said once, in the dialog, next to the stat (no toast).
    const dry = gm.store.dryRun(command);
    if (dry && !dry.ok) return problem(new Error(dry.rejection.message));
    const sent = await gm.send(command, `Edit ${c.name}`);
    if (sent.ok) onClose();
    else setError(plainMessage(sent.message));
  };

  return (
    <Dialog title={`Edit ${c.name}`} onClose={onClose} wide>
      <form onSubmit={submit} className="command-form">
        <div className="sf-grid">
          <div className="sf-row">
            <label htmlFor="ed-name">Name</label>
            <input id="ed-name" type="text" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="sf-row">
            <label htmlFor="ed-side">Side</label>
            <input id="ed-side" type="text" list="sides" value={side} onChange={(e) => setSide(e.target.value)} />
          </div>
          <div className="sf-row">
            <label htmlFor="ed-kind">PC or NPC</label>
            <select id="ed-kind" value={kind} onChange={(e) => setKind(e.target.value as 'pc' | 'npc')}>
              <option value="pc">PC</option>
              <option value="npc">NPC</option>
            </select>
          </div>
          <div className="sf-row sf-check">
            <label>
              <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} /> Hidden from players
            </label>
          </div>
        </div>
        <div className="sf-row sf-block">
          <label htmlFor="ed-notes">Notes (players see them)</label>
          <textarea id="ed-notes" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </div>
        <div className="sf-row sf-block">
          <label htmlFor="ed-gm">GM notes (never shown to players)</label>
          <textarea id="ed-gm" rows={2} value={gmNotes} onChange={(e) => setGmNotes(e.target.value)} />
        </div>
        <h3>Stats</h3>
        <SchemaForm fields={fields} draft={stats} onChange={setStats} docs={kit.module.statDocs} errors={statsError.errors} errorPaths={statsError.paths} />
        <FormFooter error={error} onClose={onClose} submit="Save" />
      </form>
    </Dialog>
  );
}
