import { useEffect, useState } from 'react';
import { Dialog } from '../shared/dialog.tsx';
import { playPath } from '../shared/routes.ts';
import { useGm } from './context.ts';

/** The player link and its QR code (the QR library loads only when this opens). */
export function ShareDialog({ onClose }: { onClose: () => void }) {
  const gm = useGm();
  const [svg, setSvg] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  // Replacing a link that works asks first, in the dialog (no browser confirm box).
  const [sure, setSure] = useState(false);
  const url = gm.playerKey ? `${window.location.origin}${playPath(gm.id, gm.playerKey)}` : null;
  useEffect(() => {
    if (!url) return;
    let live = true;
    void import('qrcode').then((q) =>
      q.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } }).then((s) => {
        if (live) setSvg(s);
      }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  const renew = async () => {
    if (url && !sure) {
      setSure(true);
      setNote('The old link stops working at once: press again to replace it.');
      return;
    }
    setSure(false);
    const r = await gm.api.newPlayerKey();
    if (r.ok) {
      gm.setPlayerKey(r.data.playerKey);
      setNote('A new player link is ready.');
    } else setNote(r.message);
  };
  return (
    <Dialog title="Share with the players" onClose={onClose}>
      {url ? (
        <>
          <p>Players open this link on their phones or on the table's TV. It shows only what players may see.</p>
          <div className="share-url">
            <input type="text" readOnly value={url} aria-label="Player link" onFocus={(e) => e.target.select()} />
            <button
              type="button"
              onClick={() => {
                void navigator.clipboard?.writeText(url).then(() => setNote('Copied.'));
              }}
            >
              Copy
            </button>
            <a href={url} target="_blank" rel="noreferrer">
              Open
            </a>
          </div>
          <div className="qr" role="img" aria-label="QR code of the player link" dangerouslySetInnerHTML={svg ? { __html: svg } : undefined} />
        </>
      ) : (
        <p>This browser does not have the player link of this encounter (the server keeps only a fingerprint of it). Make a new one:</p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={() => void renew()}>
          {url ? (sure ? 'Yes, replace the link' : 'Replace the player link') : 'Make a player link'}
        </button>
        <button type="button" className="primary" onClick={onClose}>
          Done
        </button>
      </div>
      {note && <p className="muted">{note}</p>}
    </Dialog>
  );
}
