import { own } from '../core/index.ts';
import type { Track } from '../core/index.ts';
import type { CampaignEvent, PoolChanges, TrackChange } from './events.ts';
import { applyPatch, EMPTY_PATCH } from './patch.ts';
import type { CampaignPc, CampaignState, EntryChange, Fields, OrderChange, OrderName, Patch } from './state.ts';

/** The campaign's state after one event (undo and redo are the fold's business, `campaign.ts`). */
export function evolveCampaignState(state: CampaignState, event: CampaignEvent): CampaignState {
  return applyPatch(state, eventPatch(state, event));
}

/**
 * What one event changes, as a patch. Pure and total: an event about a PC, template or fight that is
 * not there changes nothing, so a damaged log never throws here (`checkCampaignFile` refuses such a
 * log before it is stored). Creation is the fold's business: it starts from an empty state.
 */
export function eventPatch(state: CampaignState, event: CampaignEvent): Patch {
  const entry = (record: EntryChange['record'], id: string, value: unknown): EntryChange => ({ record, id, value });
  const patch = (set: Partial<Fields>, ...entries: EntryChange[]): Patch => ({ set, entries, orders: [] });
  const append = (order: OrderName, id: string): OrderChange => ({ order, op: 'insert', id, at: state[order].length });
  const remove = (order: OrderName, id: string): OrderChange[] => {
    const at = state[order].indexOf(id);
    return at < 0 ? [] : [{ order, op: 'remove', id, at }];
  };
  switch (event.type) {
    case 'campaign-created':
      return patch({ title: event.title, rules: event.rules, options: event.options, partySide: event.partySide, pools: event.pools });
    case 'title-set':
      return patch({ title: event.title });
    case 'options-set':
      return patch({ options: event.options });
    case 'pc-added': {
      const pc = event.pc;
      if (own(state.pcs, pc.id)) return EMPTY_PATCH;
      return { ...patch({ nextPc: Math.max(state.nextPc, numberOf(pc.id) + 1) }, entry('pcs', pc.id, pc)), orders: [append('pcOrder', pc.id)] };
    }
    case 'pc-updated': {
      const pc = own(state.pcs, event.pc);
      if (!pc) return EMPTY_PATCH;
      return patch({}, entry('pcs', pc.id, { ...pc, ...event.changes, id: pc.id }));
    }
    case 'pc-track-set':
      return patch({}, ...trackEntries(state, [event]));
    case 'pc-removed':
      if (!own(state.pcs, event.pc)) return EMPTY_PATCH;
      return { ...patch({}, entry('pcs', event.pc, undefined)), orders: remove('pcOrder', event.pc) };
    case 'template-added': {
      const t = event.template;
      if (own(state.templates, t.id)) return EMPTY_PATCH;
      return { ...patch({ nextTemplate: Math.max(state.nextTemplate, numberOf(t.id) + 1) }, entry('templates', t.id, t)), orders: [append('templateOrder', t.id)] };
    }
    case 'template-updated': {
      const t = own(state.templates, event.template);
      if (!t) return EMPTY_PATCH;
      return patch({}, entry('templates', t.id, { ...t, ...event.changes, id: t.id }));
    }
    case 'template-removed':
      if (!own(state.templates, event.template)) return EMPTY_PATCH;
      return { ...patch({}, entry('templates', event.template, undefined)), orders: remove('templateOrder', event.template) };
    case 'fight-linked': {
      const f = event.fight;
      if (own(state.fights, f.id)) return EMPTY_PATCH;
      return { ...patch({}, entry('fights', f.id, f)), orders: [append('fightOrder', f.id)] };
    }
    case 'fight-unlinked':
      if (!own(state.fights, event.fight)) return EMPTY_PATCH;
      return { ...patch({}, entry('fights', event.fight, undefined)), orders: remove('fightOrder', event.fight) };
    case 'written-back': {
      const fight = own(state.fights, event.fight);
      const entries = trackEntries(state, event.changes);
      if (fight) entries.push(entry('fights', fight.id, { ...fight, writtenBack: fight.writtenBack + 1 }));
      return patch(poolsSet(state, event.pools), ...entries);
    }
    case 'session-started':
      return patch({ ...poolsSet(state, event.pools), session: event.session }, ...trackEntries(state, event.luck));
    default:
      return EMPTY_PATCH; // undone, redone (the fold's business), or not a campaign event
  }
}

/** 12 for "p12" or "t12"; 0 otherwise. */
function numberOf(id: string): number {
  const m = /^[pt](\d{1,9})$/.exec(id);
  return m ? Number(m[1]) : 0;
}

/** The PCs whose tracks move, one entry a PC (several changes to one PC build on each other). */
function trackEntries(state: CampaignState, changes: readonly TrackChange[]): EntryChange[] {
  const changed = new Map<string, CampaignPc>();
  for (const c of changes) {
    const pc = changed.get(c.pc) ?? own(state.pcs, c.pc);
    const track = pc ? own(pc.tracks, c.track) : undefined;
    if (!pc || !track) continue;
    const tracks: Record<string, Track> = { ...pc.tracks, [c.track]: { ...track, value: c.to } };
    changed.set(c.pc, { ...pc, tracks });
  }
  return [...changed].map(([id, pc]) => ({ record: 'pcs', id, value: pc }));
}

function poolsSet(state: CampaignState, pools: PoolChanges | undefined): Partial<Fields> {
  if (!pools || !state.pools) return {};
  return { pools: { party: pools.party.to, gm: pools.gm.to } };
}
