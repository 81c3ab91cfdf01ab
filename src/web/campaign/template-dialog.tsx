import { useState } from 'react';
import type { FormEvent } from 'react';
import { statFields, statsDraft, statsValue } from '../gm/dialogs/stats-form.ts';
import { aboutField } from '../shared/plain-message.ts';
import { FieldRow } from './field-row.tsx';
import { useStatsProblem } from '../gm/dialogs/use-stats-problem.ts';
import { Dialog, FormFooter } from '../shared/dialog.tsx';
import { SchemaForm } from '../shared/schema-form.tsx';
import { maxHp, parseTags } from './campaign-model.ts';
import { useCampaign } from './context.ts';
import { PortraitField } from './portrait-field.tsx';

/** A bestiary template, new or edited: name, side, the module's stats, tags, hidden, notes and GM notes. */
export function TemplateDialog({ templateId, onClose }: { templateId: string | null; onClose: () => void }) {
  const c = useCampaign();
  const t = templateId ? c.page.state.templates[templateId] : undefined;
  const fields = statFields(c.kit.module);
  const hasHp = fields.some((f) => f.name === 'hp');
  const [name, setName] = useState(t?.name ?? '');
  const [side, setSide] = useState(t?.side ?? '');
  const [hp, setHp] = useState(t?.hp !== null && t?.hp !== undefined ? String(t.hp) : '');
  const [tags, setTags] = useState(t?.tags.join(', ') ?? '');
  const [hidden, setHidden] = useState(t?.hidden ?? false);
  const [notes, setNotes] = useState(t?.notes ?? '');
  const [gmNotes, setGmNotes] = useState(t?.gmNotes ?? '');
  const [stats, setStats] = useState(() => statsDraft(fields, t?.stats));
  const [error, setError] = useState<string | null>(null);
  // A name missing or taken, said next to the name.
  const [nameError, setNameError] = useState<string | null>(null);
  // The HP box's problem (a maximum of 0), said next to it.
  const [hpError, setHpError] = useState<string | null>(null);
  // A stat's problem next to it (the input inside a list marked), as in the GM's add form.
  const statsError = useStatsProblem(fields);
  const [busy, setBusy] = useState(false);
  if (templateId && !t) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    statsError.clear();
    setHpError(null);
    setNameError(null);
    if (!name.trim()) {
      setError(null);
      document.getElementById('tp-name')?.focus();
      return setNameError('Type the template’s name (“Raider”).');
    }
    let values: Record<string, unknown>;
    try {
      values = statsValue(fields, stats);
    } catch (err) {
      return setError(statsError.show(err));
    }
    const hpN = maxHp(hp, 'opponent');
    if (typeof hpN === 'string') {
      setError(null);
      document.getElementById('tp-hp')?.focus();
      return setHpError(hpN);
    }
    const fieldsNow = {
      name: name.trim(),
      side: side.trim() || null,
      stats: values,
      hp: hpN ?? null,
      notes,
      gmNotes,
      tags: parseTags(tags),
      hidden,
    };
    let command: Record<string, unknown>;
    if (!t) {
      command = {
        type: 'add-template',
        name: fieldsNow.name,
        ...(fieldsNow.side ? { side: fieldsNow.side } : {}),
        ...(hpN !== undefined ? { hp: hpN } : {}),
        stats: values,
        ...(notes.trim() ? { notes } : {}),
        ...(gmNotes.trim() ? { gmNotes } : {}),
        ...(fieldsNow.tags.length > 0 ? { tags: fieldsNow.tags } : {}),
        ...(hidden ? { hidden } : {}),
      };
    } else {
      const changes: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(fieldsNow)) {
        if (JSON.stringify(v) !== JSON.stringify((t as unknown as Record<string, unknown>)[k])) changes[k] = v;
      }
      if (Object.keys(changes).length === 0) return onClose();
      command = { type: 'update-template', template: t.id, ...changes };
    }
    setBusy(true);
    setError(null);
    const r = await c.run(command, t ? `${fieldsNow.name} saved` : `${fieldsNow.name} added to the bestiary`);
    setBusy(false);
    if (r.ok) return onClose();
    const named = aboutField(r.message, 'name');
    if (named) {
      document.getElementById('tp-name')?.focus();
      return setNameError(named);
    }
    // A stat refused: named with the label the form shows ("Weapon 1 › Combat dice").
    setError(statsError.show(new Error(r.message)));
  };

  return (
    <Dialog title={t ? `Edit ${t.name}` : 'New template'} onClose={onClose} wide>
      <form onSubmit={submit} className="campaign-form" aria-label={t ? `Edit ${t.name}` : 'New template'}>
        <div className="sf-grid">
          <FieldRow
            id="tp-name"
            label="Name"
            placeholder="Raider"
            value={name}
            onChange={(v) => {
              setName(v);
              setNameError(null);
            }}
            error={nameError}
          />
          <div className="sf-row">
            <label htmlFor="tp-side">Side</label>
            <input id="tp-side" type="text" placeholder="NPCs" value={side} onChange={(e) => setSide(e.target.value)} />
          </div>
          {!hasHp && (
            <FieldRow
              id="tp-hp"
              label="HP"
              numeric
              value={hp}
              onChange={(v) => {
                setHp(v);
                setHpError(null);
              }}
              error={hpError}
            />
          )}
          <div className="sf-row">
            <label htmlFor="tp-tags">Tags</label>
            <input id="tp-tags" type="text" placeholder="raider, human" value={tags} onChange={(e) => setTags(e.target.value)} aria-describedby="tp-tags-doc" />
            <small id="tp-tags-doc">Comma-separated: search the bestiary by them.</small>
          </div>
          <div className="sf-row sf-check">
            <label>
              <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} aria-describedby="tp-hidden-doc" /> Hidden from players
            </label>
            <small id="tp-hidden-doc">It joins fights hidden; reveal it on the GM screen.</small>
          </div>
        </div>
        <PortraitField kind="template" owner={t?.id ?? null} name={t?.name ?? name} />
        <div className="sf-row sf-block">
          <label htmlFor="tp-notes">Notes (players see them)</label>
          <textarea id="tp-notes" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </div>
        <div className="sf-row sf-block">
          <label htmlFor="tp-gm">GM notes (never shown to players)</label>
          <textarea id="tp-gm" rows={2} value={gmNotes} onChange={(e) => setGmNotes(e.target.value)} />
        </div>
        <h3>{c.kit.module.title} stats</h3>
        <SchemaForm fields={fields} draft={stats} onChange={setStats} docs={c.kit.module.statDocs} moreTitle="More" errors={statsError.errors} errorPaths={statsError.paths} />
        <FormFooter error={error} onClose={onClose} submit={t ? 'Save' : 'Add to the bestiary'} disabled={busy} />
      </form>
    </Dialog>
  );
}
