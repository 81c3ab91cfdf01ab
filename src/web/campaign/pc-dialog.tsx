import { useState } from 'react';
import type { FormEvent } from 'react';
import { statFields, statsDraft, statsValue } from '../gm/dialogs/stats-form.ts';
import { useStatsProblem } from '../gm/dialogs/use-stats-problem.ts';
import { Dialog, FormFooter } from '../shared/dialog.tsx';
import { aboutField } from '../shared/plain-message.ts';
import { FieldRow } from './field-row.tsx';
import { SchemaForm } from '../shared/schema-form.tsx';
import { maxHp, metersOf, wholeNumber } from './campaign-model.ts';
import { useCampaign } from './context.ts';
import { PortraitField } from './portrait-field.tsx';

/**
 * Add or edit a player character: name, side, the module's stats (with its defaults and one-sentence
 * docs), notes; when editing, the current value of each track too (HP after the last fight, Luck...).
 */
export function PcDialog({ pcId, onClose }: { pcId: string | null; onClose: () => void }) {
  const c = useCampaign();
  const { state } = c.page;
  const pc = pcId ? state.pcs[pcId] : undefined;
  const fields = statFields(c.kit.module);
  const hasHp = fields.some((f) => f.name === 'hp');
  const [name, setName] = useState(pc?.name ?? '');
  const [side, setSide] = useState(pc && pc.side !== state.partySide ? pc.side : '');
  const hpMax = pc?.tracks.hp?.max;
  const [hp, setHp] = useState(hpMax !== undefined ? String(hpMax) : '');
  const [notes, setNotes] = useState(pc?.notes ?? '');
  const [stats, setStats] = useState(() => statsDraft(fields, pc?.stats));
  const meters = pc ? metersOf(pc.tracks) : [];
  const [current, setCurrent] = useState<Record<string, string>>(() => Object.fromEntries(meters.map((m) => [m.key, String(m.value)])));
  const [error, setError] = useState<string | null>(null);
  // The HP box's problem (a maximum of 0), said next to it.
  const [hpError, setHpError] = useState<string | null>(null);
  // The name's problem (none typed, or another PC's already), said next to it.
  const [nameError, setNameError] = useState<string | null>(null);
  // A stat's problem next to it (the input inside a list marked), as in the GM's add form.
  const statsError = useStatsProblem(fields);
  const [busy, setBusy] = useState(false);
  if (pcId && !pc) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    statsError.clear();
    setHpError(null);
    setNameError(null);
    if (!name.trim()) {
      setError(null);
      document.getElementById('pc-name')?.focus();
      return setNameError('Type the character’s name.');
    }
    let values: Record<string, unknown>;
    try {
      values = statsValue(fields, stats);
    } catch (err) {
      return setError(statsError.show(err));
    }
    const hpN = maxHp(hp, 'character');
    if (typeof hpN === 'string') {
      setError(null);
      document.getElementById('pc-hp')?.focus();
      return setHpError(hpN);
    }
    const commands: Record<string, unknown>[] = [];
    if (!pc) {
      commands.push({ type: 'add-pc', name: name.trim(), ...(side.trim() ? { side: side.trim() } : {}), stats: values, ...(hpN !== undefined ? { hp: hpN } : {}), ...(notes.trim() ? { notes } : {}) });
    } else {
      const changes: Record<string, unknown> = {};
      if (name.trim() !== pc.name) changes.name = name.trim();
      const newSide = side.trim() || state.partySide;
      if (newSide !== pc.side) changes.side = newSide;
      if (notes !== pc.notes) changes.notes = notes;
      if (JSON.stringify(values) !== JSON.stringify(pc.stats)) changes.stats = values;
      if (!hasHp && hpN !== undefined && hpN !== hpMax) changes.hp = hpN;
      if (Object.keys(changes).length > 0) commands.push({ type: 'update-pc', pc: pc.id, ...changes });
      for (const m of meters) {
        const v = wholeNumber(current[m.key] ?? '', m.label);
        if (typeof v === 'string') return setError(v);
        if (v !== undefined && v !== m.value) commands.push({ type: 'set-pc-track', pc: pc.id, track: m.key, value: v });
      }
    }
    if (commands.length === 0) return onClose();
    setBusy(true);
    setError(null);
    for (const command of commands) {
      const r = await c.run(command, pc ? `${name.trim()} saved` : `${name.trim()} joins the party`);
      if (!r.ok) {
        setBusy(false);
        const named = aboutField(r.message, 'name');
        if (named) {
          document.getElementById('pc-name')?.focus();
          return setNameError(named);
        }
        // A stat refused: named with the label the form shows ("Weapon 1 › Combat dice").
        return setError(statsError.show(new Error(r.message)));
      }
    }
    setBusy(false);
    onClose();
  };

  return (
    <Dialog title={pc ? `Edit ${pc.name}` : 'Add a character'} onClose={onClose} wide>
      <form onSubmit={submit} className="campaign-form" aria-label={pc ? `Edit ${pc.name}` : 'Add a character'}>
        <div className="sf-grid">
          <FieldRow
            id="pc-name"
            label="Name"
            value={name}
            onChange={(v) => {
              setName(v);
              setNameError(null);
            }}
            error={nameError}
          />
          <div className="sf-row">
            <label htmlFor="pc-side">Side</label>
            <input id="pc-side" type="text" placeholder={state.partySide} value={side} onChange={(e) => setSide(e.target.value)} />
          </div>
          {!hasHp && (
            <FieldRow
              id="pc-hp"
              label={pc ? 'HP (maximum)' : 'HP'}
              numeric
              value={hp}
              onChange={(v) => {
                setHp(v);
                setHpError(null);
              }}
              error={hpError}
            />
          )}
        </div>
        <PortraitField kind="pc" owner={pc?.id ?? null} name={pc?.name ?? name} />
        {meters.length > 0 && (
          <fieldset className="current">
            <legend>Now (after the last fight)</legend>
            {meters.map((m) => (
              <label key={m.key}>
                {m.label}{' '}
                <input
                  type="text"
                  inputMode="numeric"
                  className="sf-num"
                  value={current[m.key] ?? ''}
                  onChange={(e) => setCurrent({ ...current, [m.key]: e.target.value })}
                  aria-label={`${m.label} now`}
                />
                {m.max !== null && <span className="muted"> of {m.max}</span>}
              </label>
            ))}
          </fieldset>
        )}
        <h3>{c.kit.module.title} stats</h3>
        <SchemaForm fields={fields} draft={stats} onChange={setStats} docs={c.kit.module.statDocs} moreTitle="More" errors={statsError.errors} errorPaths={statsError.paths} />
        <div className="sf-row sf-block">
          <label htmlFor="pc-notes">Notes (players see them in fights)</label>
          <textarea id="pc-notes" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </div>
        <FormFooter error={error} onClose={onClose} submit={pc ? 'Save' : 'Add to the party'} disabled={busy} />
      </form>
    </Dialog>
  );
}
