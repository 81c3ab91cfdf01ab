/**
 * Import characters and statblocks: a Foundry VTT actor or Improved Initiative file, and/or pasted
 * statblock lines, read in the browser (src/imports, pure), then a review of what will be added (what
 * was mapped, what was left out and why). Only "Add" stores anything, as one `import` command: all of it,
 * or nothing.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { combineResults, importCommand, importText, MAX_IMPORT_CHARS } from '../../imports/index.ts';
import type { ImportResult, ImportReview } from '../../imports/index.ts';
import { Dialog, FormFooter } from '../shared/dialog.tsx';
import { useCampaign } from './context.ts';
import './import-dialog.css';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "2 PCs and 3 templates". */
export function importSummary(review: ImportReview): string {
  const pcs = review.items.filter((i) => i.kind === 'pc').length;
  const templates = review.items.length - pcs;
  return [pcs > 0 ? plural(pcs, 'PC') : '', templates > 0 ? plural(templates, 'template') : ''].filter(Boolean).join(' and ');
}

export function ImportDialog({ onClose }: { onClose: () => void }) {
  const c = useCampaign();
  const { state } = c.page;
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [review, setReview] = useState<ImportReview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const target = { rules: state.rules, stats: c.kit.module.stats };

  const read = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const parts: { source: string; result: ImportResult }[] = [];
    if (file) {
      if (file.size > MAX_IMPORT_CHARS) return setError(`${file.name} is ${Math.ceil(file.size / 1_000_000)} MB; an import reads at most 5 MB.`);
      parts.push({ source: file.name, result: importText(await file.text(), target) });
    }
    if (text.trim()) parts.push({ source: 'Pasted text', result: importText(text, target) });
    const r = combineResults(parts);
    if (!r.ok) {
      setError(r.path ? `${r.path}: ${r.message}` : r.message);
      document.getElementById(parts.length === 1 && !file ? 'imp-text' : 'imp-file')?.focus();
      return;
    }
    setReview(r);
  };

  const confirm = async () => {
    if (!review) return;
    setBusy(true);
    setError(null);
    const r = await c.run(importCommand(review), `Imported ${importSummary(review)}`);
    setBusy(false);
    if (r.ok) onClose();
    else setError(r.message);
  };

  if (review) return <ReviewStep review={review} error={error} busy={busy} onBack={() => setReview(null)} onConfirm={() => void confirm()} onClose={onClose} />;
  return (
    <Dialog title="Import characters and statblocks" onClose={onClose} wide>
      <form onSubmit={(e) => void read(e)} className="campaign-form import-form" aria-label="Import characters and statblocks">
        <p className="muted small" id="imp-doc">
          Nothing is stored until you have reviewed it. Foundry VTT actors (Export Data) of Stars or Cities Without Number and Fallout 2d20 become PCs
          (characters) and bestiary templates (NPCs, creatures); Improved Initiative creatures become templates; statblock lines are SWN and CWN NPCs.
        </p>
        <div className="sf-row sf-block">
          <label htmlFor="imp-file">A file (JSON): Foundry VTT actor or Improved Initiative creatures</label>
          <input id="imp-file" type="file" accept=".json,application/json" aria-describedby="imp-doc" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
        <div className="sf-row sf-block">
          <label htmlFor="imp-text">Or paste statblock lines (name, HD, AC, Atk., Dmg., Move, ML, Skills, Saves), or JSON</label>
          <textarea id="imp-text" rows={5} spellCheck={false} placeholder="Raider 1 13 +1 1d6 10m 8 +1 15+" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <FormFooter error={error} onClose={onClose} submit="Review" disabled={!file && !text.trim()} />
      </form>
    </Dialog>
  );
}

interface ReviewProps {
  readonly review: ImportReview;
  readonly error: string | null;
  readonly busy: boolean;
  readonly onBack: () => void;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}

function ReviewStep({ review, error, busy, onBack, onConfirm, onClose }: ReviewProps) {
  const c = useCampaign();
  const { state } = c.page;
  const taken = (kind: 'pc' | 'template', name: string) => {
    const all = kind === 'pc' ? Object.values(state.pcs) : Object.values(state.templates);
    return all.some((x) => x.name.toLowerCase() === name.toLowerCase());
  };
  const clash = review.items.filter((i) => taken(i.kind, i.name));
  const summary = importSummary(review);
  return (
    <Dialog title={`Review the import: ${summary}`} onClose={onClose} wide>
      <div className="import-review">
        <p className="muted small">
          From {review.format}. Check what was read; nothing is stored until you add it, and then all of it at once (one undo takes it back).
        </p>
        <ul className="import-items" aria-label="What will be added">
          {review.items.map((item, i) => {
            const id = `imp-item-${i}`;
            const hp = (item.fields.stats as { hp?: unknown } | undefined)?.hp ?? item.fields.hp;
            return (
              <li key={id} className="import-item" aria-labelledby={id}>
                <h3 id={id}>
                  {item.name} <span className="tag">{item.kind === 'pc' ? 'PC' : 'template'}</span>
                  {typeof hp === 'number' && <span className="muted small"> HP {hp}</span>}
                </h3>
                {taken(item.kind, item.name) && (
                  <p className="error small">There is already a {item.kind === 'pc' ? 'PC' : 'template'} called “{item.name}”: rename one before importing.</p>
                )}
                <div className="import-notes">
                  <section aria-label={`${item.name}: mapped`}>
                    <h4>Mapped</h4>
                    <ul>
                      {item.mapped.map((m) => (
                        <li key={m}>{m}</li>
                      ))}
                    </ul>
                  </section>
                  <section aria-label={`${item.name}: left out`}>
                    <h4>Left out</h4>
                    {item.leftOut.length === 0 ? (
                      <p className="muted small">Nothing.</p>
                    ) : (
                      <ul>
                        {item.leftOut.map((m) => (
                          <li key={m}>{m}</li>
                        ))}
                      </ul>
                    )}
                  </section>
                </div>
              </li>
            );
          })}
        </ul>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onBack}>
            Back
          </button>
          <button type="button" className="primary" disabled={busy || clash.length > 0} onClick={onConfirm}>
            Add {summary}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
