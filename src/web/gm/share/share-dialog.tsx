import { useEffect, useState } from 'react';
import { call, encounterPath } from '../../api/http.ts';
import { Dialog } from '../../shared/dialog.tsx';
import { useGm } from '../context.ts';
import { playerLink, shareWhere } from './share-links.ts';
import type { NetworkAnswer } from './share-links.ts';
import { LinkRow, QrCode, WhereChoice } from './share-parts.tsx';

/**
 * The player link, the TV link and the player link's QR code (the QR library loads only when this
 * opens). Opened on 127.0.0.1, the links would not open on a phone: the dialog offers the server's
 * network addresses instead, or says how to open it to the network.
 */
export function ShareDialog({ onClose }: { onClose: () => void }) {
  const gm = useGm();
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
      <WhereChoice where={where} host={net?.host} base={base} origin={origin} onPick={setPicked} again="Share" />
      {url && tvUrl ? (
        <>
          <p>Both links show only what players may see.</p>
          <LinkRow id="share-player" label="Player link" hint="for the phones (the QR code below)" url={url} onCopied={copied} />
          <LinkRow id="share-tv" label="TV link" hint="for the table's TV: no buttons, the newest log lines in view" url={tvUrl} onCopied={copied} />
          <QrCode url={url} label="QR code of the player link" />
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
