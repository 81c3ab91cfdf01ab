/**
 * The parts of sharing a link that the GM screen's share dialog and the campaign page's table links
 * both use: a link row (Copy, Open), the QR code (the library loads only when one shows), and where
 * phones can open the links (the server's network addresses when the page was opened on 127.0.0.1).
 */
import { useEffect, useState } from 'react';
import { hostOf } from './share-links.ts';
import type { ShareWhere } from './share-links.ts';
import './share-dialog.css';

/** One link, named, with what it is for, Copy and Open. */
export function LinkRow({ id, label, hint, url, onCopied }: { id: string; label: string; hint: string; url: string; onCopied: () => void }) {
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

/** A link's QR code, black on white (the library is fetched the first time one shows). */
export function QrCode({ url, label }: { url: string | null; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
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
  return <div className="qr" role="img" aria-label={label} dangerouslySetInnerHTML={svg ? { __html: svg } : undefined} />;
}

/** Phones cannot open a loopback address: say how to fix it, or offer the server's network addresses. */
export function WhereChoice({ where, host, base, origin, onPick, again }: { where: ShareWhere; host: string | undefined; base: string; origin: string; onPick: (base: string) => void; again: string }) {
  if (where.kind === 'this-computer') {
    return (
      <div className="share-warn" role="alert">
        <strong>Phones cannot open this link.</strong> The server listens on this computer only ({host || '127.0.0.1'}). Stop it (Ctrl+C) and start it on
        your network with <code>HOST=0.0.0.0 npm start</code>, then open {again} again: it will offer this computer&apos;s network address.
      </div>
    );
  }
  if (where.kind === 'no-network') {
    return (
      <div className="share-warn" role="alert">
        <strong>Phones cannot open this link yet.</strong> This computer has no network address: connect it to the Wi-Fi the phones use, then open {again} again.
      </div>
    );
  }
  if (where.kind !== 'network') return null;
  return (
    <label className="share-where">
      Address for the phones: this computer on their network (Wi-Fi)
      <select value={base} onChange={(e) => onPick(e.target.value)}>
        {where.addresses.map((a) => (
          <option key={a} value={a}>
            {hostOf(a)}
          </option>
        ))}
        <option value={origin}>{hostOf(origin)} (this computer only)</option>
      </select>
    </label>
  );
}
