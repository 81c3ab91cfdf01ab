/**
 * A PC's or template's portrait in its dialog: the image as stored, a file to replace it (sent at once,
 * on its own: the dialog's Save does not wait for it) and a Remove button. A refused file leaves the old
 * portrait in place and shows the server's reason.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { uploadProblem } from '../api/portrait-api.ts';
import type { PortraitEntry, PortraitKind } from '../api/portrait-api.ts';
import { useCampaign } from './context.ts';
import './portrait-field.css';

export function PortraitField({ kind, owner, name }: { kind: PortraitKind; owner: string | null; name: string }) {
  const c = useCampaign();
  const api = useMemo(() => c.api.portraits(c.id), [c.api, c.id]);
  const [entry, setEntry] = useState<PortraitEntry | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const inputId = useId();
  const docId = useId();

  useEffect(() => {
    if (!owner) return;
    let live = true;
    void api.list().then(async (r) => {
      const found = r.ok ? (r.data.portraits.find((p) => p.kind === kind && p.id === owner) ?? null) : null;
      if (!live) return;
      setEntry(found);
      const u = found ? await api.image(found) : null;
      if (live) setUrl(u);
    });
    return () => {
      live = false;
    };
  }, [api, kind, owner]);

  if (!owner) {
    return <p className="muted portrait-later">Portrait: add {kind === 'pc' ? 'the character' : 'the template'} first, then edit it to give it one.</p>;
  }
  const who = name.trim() || (kind === 'pc' ? 'the character' : 'the template');

  const choose = async (file: File | undefined) => {
    setInputKey((k) => k + 1);
    if (!file) return;
    setError(null);
    const problem = uploadProblem(file);
    if (problem) return setError(problem);
    setBusy(true);
    const r = await api.upload(kind, owner, file);
    setBusy(false);
    if (!r.ok) return setError(r.message);
    setEntry(r.data.portrait);
    setUrl(URL.createObjectURL(file));
    c.notify(`${who}: portrait saved`);
  };

  const remove = async () => {
    setError(null);
    setBusy(true);
    const r = await api.remove(kind, owner);
    setBusy(false);
    if (!r.ok && r.status !== 404) return setError(r.message);
    setEntry(null);
    setUrl(null);
    c.notify(`${who}: portrait removed`);
  };

  return (
    <fieldset className="portrait-field" aria-busy={busy}>
      <legend>Portrait</legend>
      {url ? <img className="portrait-preview" src={url} alt={`Portrait of ${who}`} /> : <span className="portrait-none" aria-label="No portrait yet">?</span>}
      <div className="portrait-controls">
        <label htmlFor={inputId}>{entry ? 'Replace the image' : 'Choose an image'}</label>
        <input key={inputKey} id={inputId} type="file" accept="image/png,image/jpeg,image/webp" disabled={busy} aria-describedby={docId} onChange={(e) => void choose(e.target.files?.[0])} />
        {entry && (
          <button type="button" className="small danger" disabled={busy} onClick={() => void remove()}>
            Remove the portrait
          </button>
        )}
        <small id={docId} className="muted">
          PNG, JPEG or WebP, at most 256 kB. Saved at once; shown beside the name in fights (the GM screen, the order, the TV).
        </small>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
}
