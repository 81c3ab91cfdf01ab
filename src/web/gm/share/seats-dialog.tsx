/**
 * Who sits where (issue 23, seats): every player character of the fight with its seat, how many phones
 * are in it (two in one seat are shown as a warning, never hidden), and for each: its own link and QR
 * (for tables that bind seats to phones), move the seat to another character, or free it. Read again
 * every few seconds while open, so phones arriving and leaving show.
 */
import { useCallback, useEffect, useState } from 'react';
import { call, encounterPath } from '../../api/http.ts';
import { Dialog } from '../../shared/dialog.tsx';
import { useGm } from '../context.ts';
import { shareWhere } from './share-links.ts';
import type { NetworkAnswer } from './share-links.ts';
import { LinkRow, QrCode, WhereChoice } from './share-parts.tsx';
import type { GmSeat } from '../../../server/seats/index.ts';
import './seats-dialog.css';

export type { GmSeat };

const POLL_MS = 3_000;

/** The seat's state in words. */
export function seatWords(s: GmSeat): string {
  if (!s.seated) return 'Free';
  if (s.phones === 0) return 'Seated, no phone connected';
  if (s.phones === 1) return 'Seated, 1 phone';
  return `Seated, ${s.phones} phones: two phones share this seat`;
}

/** A seat link opened on the phones' address (the server made it with the address the GM used). */
function onBase(url: string, base: string): string {
  const u = new URL(url);
  return `${base.replace(/\/+$/, '')}${u.pathname}${u.search}`;
}

export function SeatsDialog({ onClose }: { onClose: () => void }) {
  const gm = useGm();
  const [seats, setSeats] = useState<GmSeat[] | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [link, setLink] = useState<{ name: string; url: string } | null>(null);
  const [moving, setMoving] = useState<Record<string, string>>({});
  const [net, setNet] = useState<NetworkAnswer | null>(null);
  const [picked, setPicked] = useState<string | null>(null);

  const load = useCallback(async () => {
    const r = await call<{ seats: GmSeat[] }>('GET', encounterPath(gm.id, '/seats'), gm.gmKey);
    if (r.ok) setSeats(r.data.seats);
    else setNote(r.message);
  }, [gm.id, gm.gmKey]);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), POLL_MS);
    void call<NetworkAnswer>('GET', encounterPath(gm.id, '/network'), gm.gmKey).then((r) => r.ok && setNet(r.data));
    return () => clearInterval(timer);
  }, [gm.id, gm.gmKey, load]);

  const origin = window.location.origin;
  const where = shareWhere(window.location.hostname, net);
  const base = where.kind === 'network' ? (picked ?? where.addresses[0]!) : origin;

  const act = async (what: Promise<{ ok: boolean; message?: string }>, done: string) => {
    const r = await what;
    setNote(r.ok ? done : (r.message ?? 'That did not work.'));
    await load();
  };
  const makeLink = async (s: GmSeat) => {
    const r = await call<{ seatKey: string; url: string }>('POST', encounterPath(gm.id, `/seats/${encodeURIComponent(s.combatant)}/link`), gm.gmKey);
    if (!r.ok) return setNote(r.message);
    setLink({ name: s.name, url: r.data.url });
    setNote(s.seated ? `${s.name}'s seat has a new link: the phone that sat there is told its seat went.` : `${s.name}'s seat link is ready.`);
    await load();
  };
  const free = (s: GmSeat) => act(call('DELETE', encounterPath(gm.id, `/seats/${encodeURIComponent(s.combatant)}`), gm.gmKey), `${s.name}'s seat is free.`);
  const move = (s: GmSeat) => {
    const to = moving[s.combatant];
    const target = seats?.find((x) => x.combatant === to);
    if (!to || !target) return setNote('Choose who the seat moves to.');
    return act(call('POST', encounterPath(gm.id, `/seats/${encodeURIComponent(s.combatant)}/move`), gm.gmKey, { to }), `The seat moved from ${s.name} to ${target.name}.`);
  };

  return (
    <Dialog title="Seats" onClose={onClose}>
      <p className="muted">
        Players take a seat from the player link (&quot;Take this seat&quot;); a seat asks only for its own character. Give a seat its own link where phones are handed out.
      </p>
      {seats === null ? (
        <p>Reading the seats…</p>
      ) : seats.length === 0 ? (
        <p>This fight has no player characters.</p>
      ) : (
        <table className="seats">
          <thead>
            <tr>
              <th scope="col">Character</th>
              <th scope="col">Seat</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {seats.map((s) => (
              <tr key={s.combatant} className={s.phones > 1 ? 'seat-shared' : s.seated ? 'seat-taken' : undefined}>
                <th scope="row">{s.name}</th>
                <td role={s.phones > 1 ? 'alert' : undefined}>
                  {s.phones > 1 ? '⚠ ' : ''}
                  {seatWords(s)}
                  {s.scope === 'campaign' && <span className="muted"> · kept across the campaign&apos;s fights</span>}
                </td>
                <td className="seat-actions">
                  <button type="button" onClick={() => void makeLink(s)}>
                    {s.seated ? 'New seat link' : 'Seat link'}
                  </button>
                  {s.seated && (
                    <>
                      <select aria-label={`Move ${s.name}'s seat to`} value={moving[s.combatant] ?? ''} onChange={(e) => setMoving({ ...moving, [s.combatant]: e.target.value })}>
                        <option value="">move to…</option>
                        {seats
                          .filter((x) => x.combatant !== s.combatant && !x.seated)
                          .map((x) => (
                            <option key={x.combatant} value={x.combatant}>
                              {x.name}
                            </option>
                          ))}
                      </select>
                      <button type="button" onClick={() => void move(s)}>
                        Move
                      </button>
                      <button type="button" onClick={() => void free(s)}>
                        Free
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {link && (
        <div className="seat-link">
          <WhereChoice where={where} host={net?.host} base={base} origin={origin} onPick={setPicked} again="Seats" />
          <LinkRow id="seat-link" label={`${link.name}'s seat link`} hint="opens the player view as this character only" url={onBase(link.url, base)} onCopied={() => setNote('Copied.')} />
          <QrCode url={onBase(link.url, base)} label={`QR code of ${link.name}'s seat link`} />
        </div>
      )}
      <div className="dialog-actions">
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
