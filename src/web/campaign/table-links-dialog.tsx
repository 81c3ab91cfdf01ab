import { useEffect, useState } from 'react';
import type { TableScreen } from '../api/campaign-api.ts';
import { shareWhere } from '../gm/share/share-links.ts';
import type { NetworkAnswer } from '../gm/share/share-links.ts';
import { LinkRow, QrCode, WhereChoice } from '../gm/share/share-parts.tsx';
import { Dialog } from '../shared/dialog.tsx';
import { saveTableKeys, tableKeysFor } from '../shared/keys.ts';
import type { TableKeys } from '../shared/keys.ts';
import { tablePath } from '../shared/routes.ts';
import { useCampaign } from './context.ts';

const SCREENS: readonly { screen: TableScreen; label: string; name: string; hint: string }[] = [
  { screen: 'player', label: 'Player link', name: 'player link', hint: 'for the phones: scan its QR code' },
  { screen: 'tv', label: 'TV link', name: 'TV link', hint: "for the table's TV: no buttons, the newest log lines in view" },
];

const keyOf = (keys: TableKeys, screen: TableScreen) => (screen === 'player' ? keys.playerKey : keys.tvKey);

/**
 * The campaign's two lasting links, the players' and the TV's: each always shows the campaign's
 * current fight (or "waiting for the next fight" with the party), across fights and server restarts.
 * The keys are kept in this browser (the server keeps only fingerprints): without them the dialog
 * offers new links, which replace any made before.
 */
export function TableLinksDialog({ onClose }: { onClose: () => void }) {
  const c = useCampaign();
  const [keys, setKeys] = useState<TableKeys>(() => tableKeysFor(c.id));
  const [net, setNet] = useState<NetworkAnswer | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  // Replacing a link that works asks first, in the dialog (no browser confirm box).
  const [sure, setSure] = useState<TableScreen | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  // The network route is an encounter's: asked through the newest fight; a campaign without one uses this page's address.
  const probe = c.page.state.fightOrder.at(-1);
  useEffect(() => {
    if (!probe) return;
    let live = true;
    void c.api.network(probe).then((r) => {
      if (live && r.ok) setNet(r.data);
    });
    return () => {
      live = false;
    };
  }, [c.api, probe]);
  const origin = window.location.origin;
  const where = shareWhere(window.location.hostname, net);
  const base = where.kind === 'network' ? (picked ?? where.addresses[0]!) : origin;

  const make = async (rotate: readonly TableScreen[]) => {
    const replacing = rotate.filter((s) => keyOf(keys, s));
    if (replacing.length && sure !== rotate[0]) {
      setSure(rotate[0]!);
      setNote('The old link stops working at once, on every phone or TV that has it open: press again to replace it.');
      return;
    }
    setSure(null);
    setBusy(true);
    const r = await c.api.tableLinks(c.id, rotate);
    setBusy(false);
    if (!r.ok) return setNote(r.message);
    const made: TableKeys = { ...(r.data.playerKey ? { playerKey: r.data.playerKey } : {}), ...(r.data.tvKey ? { tvKey: r.data.tvKey } : {}) };
    setKeys(saveTableKeys(c.id, made));
    setNote(rotate.length > 1 ? 'New links are ready: any made before no longer work.' : `A new ${rotate[0] === 'tv' ? 'TV' : 'player'} link is ready: the old one no longer works.`);
  };
  const copied = () => setNote('Copied.');
  const missing = SCREENS.filter((s) => !keyOf(keys, s.screen)).map((s) => s.screen);

  return (
    <Dialog title="Table links" onClose={onClose} wide>
      <p>
        One link for the players&apos; phones and one for the table&apos;s TV, for the whole campaign: they show its current fight, or the party while it waits
        for the next one, and keep working across fights and server restarts. Both show only what players may see.
      </p>
      <WhereChoice where={where} host={net?.host} base={base} origin={origin} onPick={setPicked} again="Table links" />
      {missing.length === 2 ? (
        <p>
          This browser does not have this campaign&apos;s table links (the server keeps only a fingerprint of them). Making new links replaces any made before:
          those stop working at once.
        </p>
      ) : (
        <div className="table-links">
          {SCREENS.map(({ screen, label, name, hint }) => {
            const key = keyOf(keys, screen);
            if (!key) return null;
            const url = `${base.replace(/\/+$/, '')}${tablePath(c.id, key, screen === 'tv')}`;
            return (
              <div key={screen} className="table-link">
                <LinkRow id={`table-${screen}`} label={label} hint={hint} url={url} onCopied={copied} />
                <QrCode url={url} label={`QR code of the ${name}`} />
                <button type="button" className="small" disabled={busy} onClick={() => void make([screen])}>
                  {sure === screen ? `Yes, replace the ${name}` : `Replace the ${name}`}
                </button>
              </div>
            );
          })}
        </div>
      )}
      <div className="dialog-actions">
        {missing.length > 0 && (
          <button type="button" disabled={busy} onClick={() => void make(missing)}>
            {missing.length === 2 ? 'Make new links' : `Make a new ${missing[0] === 'tv' ? 'TV' : 'player'} link`}
          </button>
        )}
        <button type="button" className="primary" onClick={onClose}>
          Done
        </button>
      </div>
      {note && (
        <p className="muted" role="status">
          {note}
        </p>
      )}
    </Dialog>
  );
}
