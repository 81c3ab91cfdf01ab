import type { CampaignState, EntryChange, Fields, OrderChange, OrderName, Patch, RecordName } from './state.ts';

/** Applying, inverting and merging campaign patches (the `Patch` type is in state.ts, beside the state it changes). */

export const EMPTY_PATCH: Patch = { set: {}, entries: [], orders: [] };

/** Define (not assign): a "__proto__" id stays an ordinary key. */
function put(record: Record<string, unknown>, id: string, value: unknown): void {
  if (value === undefined) delete record[id];
  else Object.defineProperty(record, id, { value, enumerable: true, writable: true, configurable: true });
}

function change(order: string[], c: OrderChange): void {
  if (c.op === 'insert') order.splice(c.at, 0, c.id);
  else if (order[c.at] === c.id) order.splice(c.at, 1);
}

const RECORD_OF: Readonly<Record<OrderName, RecordName>> = { pcOrder: 'pcs', templateOrder: 'templates', fightOrder: 'fights' };

/**
 * A record's keys follow its order (both grow at the end and lose the same ids), except when undo puts
 * an id back in the middle: then the record is rebuilt in order, so an undone removal gives back the
 * very same JSON.
 */
function reordered(patch: Patch, state: CampaignState): Partial<Record<RecordName, Record<string, unknown>>> {
  const out: Partial<Record<RecordName, Record<string, unknown>>> = {};
  for (const c of patch.orders) {
    const order = state[c.order];
    if (c.op !== 'insert' || c.at >= order.length - 1) continue;
    const record = state[RECORD_OF[c.order]] as Record<string, unknown>;
    const ids = new Set(order);
    out[RECORD_OF[c.order]] = Object.fromEntries([
      ...order.filter((id) => Object.hasOwn(record, id)).map((id) => [id, record[id]] as const),
      ...Object.entries(record).filter(([id]) => !ids.has(id)),
    ]);
  }
  return out;
}

/** The state with the patch applied; the records and orders it touches are copied, the rest shared. */
export function applyPatch(state: CampaignState, patch: Patch): CampaignState {
  if (patch.entries.length === 0 && patch.orders.length === 0) return Object.keys(patch.set).length === 0 ? state : { ...state, ...patch.set };
  const copies: Record<string, unknown> = {};
  for (const e of patch.entries) {
    if (!Object.hasOwn(copies, e.record)) copies[e.record] = { ...state[e.record] };
    put(copies[e.record] as Record<string, unknown>, e.id, e.value);
  }
  for (const c of patch.orders) {
    if (!Object.hasOwn(copies, c.order)) copies[c.order] = [...state[c.order]];
    change(copies[c.order] as string[], c);
  }
  const next = { ...state, ...patch.set, ...copies } as CampaignState;
  return patch.orders.length === 0 ? next : ({ ...next, ...reordered(patch, next) } as CampaignState);
}

/** Apply the patch to a state nobody else holds (the replay's working copy): nothing is copied. */
export function applyPatchInPlace(state: CampaignState, patch: Patch): void {
  Object.assign(state, patch.set);
  for (const e of patch.entries) put(state[e.record] as Record<string, unknown>, e.id, e.value);
  for (const c of patch.orders) change(state[c.order] as string[], c);
  if (patch.orders.length > 0) Object.assign(state, reordered(patch, state));
}

/** The patch that undoes `patch` on `state` (the state before it): the old values of what it touches. */
export function invertPatch(state: CampaignState, patch: Patch): Patch {
  const set: Record<string, unknown> = {};
  for (const key of Object.keys(patch.set)) set[key] = state[key as keyof Fields];
  const seen = new Set<string>();
  const entries: EntryChange[] = [];
  for (const e of patch.entries) {
    const key = `${e.record}\u0000${e.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const record = state[e.record] as Record<string, unknown>;
    entries.push({ record: e.record, id: e.id, value: Object.hasOwn(record, e.id) ? record[e.id] : undefined });
  }
  const orders = patch.orders.map((c): OrderChange => ({ ...c, op: c.op === 'insert' ? 'remove' : 'insert' })).reverse();
  return { set: set as Partial<Fields>, entries, orders };
}

/**
 * Two inverse patches of one command, the earlier first. Applied, the merge runs the later one, then
 * the earlier: values the earlier restores win (they are from before the command); orders are undone
 * latest first.
 */
export function mergeInverse(earlier: Patch, later: Patch): Patch {
  const have = new Set(earlier.entries.map((e) => `${e.record}\u0000${e.id}`));
  return {
    set: { ...later.set, ...earlier.set },
    entries: [...earlier.entries, ...later.entries.filter((e) => !have.has(`${e.record}\u0000${e.id}`))],
    orders: [...later.orders, ...earlier.orders],
  };
}
