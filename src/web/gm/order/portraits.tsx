/**
 * Portraits beside names in the roster and the order, when the fight is a campaign's and the combatant
 * has one (its PC's, or its bestiary template's): read once per roster change, shared by every part
 * of the screen that shows them (one reader per fight and key).
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { FightPortraits } from '../../api/portrait-api.ts';
import { useGm } from '../context.ts';
import './portraits.css';

const readers = new Map<string, FightPortraits>();

function readerFor(id: string, key: string): FightPortraits {
  const k = `${id}\n${key}`;
  let r = readers.get(k);
  if (!r) readers.set(k, (r = new FightPortraits(id, key)));
  return r;
}

/** Combatant id -> its portrait's address (blob:), for this fight. */
export function useFightPortraits(): ReadonlyMap<string, string> {
  const gm = useGm();
  const reader = useMemo(() => readerFor(gm.id, gm.gmKey), [gm.id, gm.gmKey]);
  // Who is in the fight and under which name (NPCs show their template's portrait by name).
  const signature = gm.view.combatants.map((c) => `${c.id}:${c.name}`).join('\n');
  useEffect(() => reader.update(signature), [reader, signature]);
  useEffect(() => {
    // Back from the campaign page (a portrait uploaded meanwhile): look again.
    const again = () => {
      if (document.visibilityState === 'visible') void reader.refresh();
    };
    document.addEventListener('visibilitychange', again);
    return () => document.removeEventListener('visibilitychange', again);
  }, [reader]);
  return useSyncExternalStore(
    (l) => reader.subscribe(l),
    () => reader.urls,
  );
}

/** A small round portrait (decorative: the name is beside it), or nothing. */
export function Portrait({ url }: { url: string | undefined }) {
  if (!url) return null;
  return <img className="portrait" src={url} alt="" aria-hidden="true" draggable={false} />;
}
