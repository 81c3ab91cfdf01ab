/**
 * Parties saved in this browser before campaigns existed (gm/parties.ts) are offered once on the
 * campaign page of their game: after they are added to a campaign, or the offer is dismissed, they are
 * not offered again (noted under `turnkeeper.party-offers.v1`).
 */
import type { Party } from '../gm/setup/parties.ts';
import { browserStorage } from '../shared/local-storage.ts';

const KEY = 'turnkeeper.party-offers.v1';


/** A saved party's identity: its game, name and when it was saved (a party saved again is new). */
export const offerKey = (p: Pick<Party, 'rules' | 'name' | 'savedAt'>): string => `${p.rules}/${p.name}/${p.savedAt}`;

function handled(from: Storage | null): Set<string> {
  try {
    const raw = JSON.parse(from?.getItem(KEY) ?? '[]') as unknown;
    return new Set(Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

/** The parties of this game not yet added or dismissed. */
export function partiesToOffer(parties: readonly Party[], rules: string, from: Storage | null = browserStorage()): Party[] {
  const done = handled(from);
  return parties.filter((p) => p.rules === rules && p.members.length > 0 && !done.has(offerKey(p)));
}

/** Never offer these again. */
export function markOffered(parties: readonly Party[], to: Storage | null = browserStorage()): void {
  if (!to) return;
  const done = handled(to);
  for (const p of parties) done.add(offerKey(p));
  to.setItem(KEY, JSON.stringify([...done]));
}

/**
 * The campaign commands adding a party's members as PCs (on the campaign's party side), skipping those
 * whose name the campaign already has.
 */
export function addPcCommands(party: Party, existingNames: readonly string[]): Record<string, unknown>[] {
  const taken = new Set(existingNames.map((n) => n.toLowerCase()));
  const out: Record<string, unknown>[] = [];
  for (const m of party.members) {
    if (taken.has(m.name.toLowerCase())) continue;
    taken.add(m.name.toLowerCase());
    out.push({
      type: 'add-pc',
      name: m.name,
      stats: m.stats,
      ...(m.hp !== undefined ? { hp: m.hp } : {}),
      ...(m.notes ? { notes: m.notes } : {}),
    });
  }
  return out;
}
