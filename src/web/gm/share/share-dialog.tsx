import { useEffect, useState } from 'react';
import { call, encounterPath } from '../../api/http.ts';
import { Dialog } from '../../shared/dialog.tsx';
import { useGm } from '../context.ts';
import { hostOf, playerLink, shareWhere } from './share-links.ts';
import type { NetworkAnswer } from './share-links.ts';
import './share-dialog.css';

/** One link, named, with what it is for, Copy and Open. */
function LinkRow({ id, label, hint, url, onCopied }: { id: string; label: string; hint: string; url: string; onCopied: () => void }) {
  return (
    <div className="share-link">
      <label htmlFor={id} className="share-label">
        {label} <span className="muted">{hint}</span>
      </label>
      <div className="share-url">
        <input id={id} type="text" readOnly value={url} aria-label={label} onFocus={(e) => e.target.select()} />
        <button type="button" aria-label={`Copy the ${label.toLowerCase()}`} onClick={() => void navigator.clipboard?.writeText(url).then(onCopied)}>
          Copy
        </button>
        <a href={url} target="_blank" rel="noreferrer" aria-label={`Open the ${label.toLowerCase()}`}>
          Open
        </a>
      </div>
    </div>
  );
}

/**
 * The player link, the TV link and the player link's QR code (the QR library loads only when this
 * opens). Opened on 127.0.0.1, the links would not open on a phone: the dialog offers the server's
 * network addresses instead, or says how to open it to the network.
 */
export function ShareDialog({ onClose }: { onClose: () => void }) {
  const gm = useGm();
  const [svg, setSvg] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [net, setNet] = useState<NetworkAnswer | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  // Replacing a link that works asks first, in the dialog (no browser confirm box).
  const [sure, setSure] = useState(false);
  useEffect(() => {
    let live = true;
    void call<NetworkAnswer>('GET', encounterPath(gm.id, '/network'), gm.gmKey).then((r) => {
      if (live && r.ok) setNet(r.data);
    });
    return () => {
      live = false;
    };
  }, [gm.id, gm.gmKey]);
  const origin = window.location.origin;
  const where = shareWhere(window.location.hostname, net);
  const base = where.kind === 'network' ? (picked ?? where.addresses[0]!) : origin;
  const url = gm.playerKey ? playerLink(base, gm.id, gm.playerKey) : null;
  const tvUrl = gm.playerKey ? playerLink(base, gm.id, gm.playerKey, true) : null;
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
  const copied = () => setNote('Copied.');
  return (
    <Dialog title="Share with the players" onClose={onClose}>
      {where.kind === 'this-computer' && (
        <div className="share-warn" role="alert">
          <strong>Phones cannot open this link.</strong> The server listens on this computer only ({net?.host || '127.0.0.1'}). Stop it (Ctrl+C) and start
          it on your network with <code>HOST=0.0.0.0 npm start</code>, then open Share again: it will offer this computer&apos;s network address.
        </div>
      )}
      {where.kind === 'no-network' && (
        <div className="share-warn" role="alert">
          <strong>Phones cannot open this link yet.</strong> This computer has no network address: connect it to the Wi-Fi the phones use, then open Share
          again.
        </div>
      )}
      {where.kind === 'network' && (
        <label className="share-where">
          Address for the phones: this computer on their network (Wi-Fi)
          <select value={base} onChange={(e) => setPicked(e.target.value)}>
            {where.addresses.map((a) => (
              <option key={a} value={a}>
                {hostOf(a)}
              </option>
            ))}
            <option value={origin}>{hostOf(origin)} (this computer only)</option>
          </select>
        </label>
      )}
      {url && tvUrl ? (
        <>
          <p>Both links show only what players may see.</p>
          <LinkRow id="share-player" label="Player link" hint="for the phones (the QR code below)" url={url} onCopied={copied} />
          <LinkRow id="share-tv" label="TV link" hint="for the table's TV: no buttons, the newest log lines in view" url={tvUrl} onCopied={copied} />
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
