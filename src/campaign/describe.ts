import { own } from '../core/index.ts';
import type { Track } from '../core/index.ts';
import type { CampaignEvent, PoolChanges, TemplateChanges, TrackChange } from './events.ts';
import { moduleFor, trackLabel } from './lookup.ts';
import type { CampaignPc, CampaignState } from './state.ts';

/**
 * The campaign log in a GM's words, one line an event, given the state before it:
 * "Vasquez: HP 12 → 5 (from “Crypt ambush”).", "Template added: Raider (tags: raider, human).",
 * "New session 2: Luck refreshed (Nora 6, Piper 5); party AP 0, GM AP 3."
 */
export function describeCampaignEvent(before: CampaignState, event: CampaignEvent): string {
  switch (event.type) {
    case 'campaign-created': {
      const game = moduleFor(event.rules)?.title ?? event.rules;
      const pools = event.pools ? ` Party AP ${event.pools.party}, GM AP ${event.pools.gm}.` : '';
      return `Campaign “${event.title}” created (${game}).${pools}`;
    }
    case 'title-set':
      return `Campaign renamed: “${before.title}” → “${event.title}”.`;
    case 'options-set': {
      const keys = [...new Set([...Object.keys(before.options), ...Object.keys(event.options)])];
      const changed = keys
        .filter((k) => show(own(before.options, k)) !== show(own(event.options, k)))
        .map((k) => `${k} ${show(own(before.options, k))} → ${show(own(event.options, k))}`);
      return `Options for new fights changed${changed.length > 0 ? `: ${changed.join(', ')}` : ''}.`;
    }
    case 'pc-added': {
      const tracks = trackList(event.pc.tracks);
      const side = event.pc.side !== before.partySide ? `side ${event.pc.side}` : '';
      const extra = [side, tracks].filter(Boolean).join('; ');
      return `PC added: ${event.pc.name}${extra ? ` (${extra})` : ''}.`;
    }
    case 'pc-updated': {
      const pc = own(before.pcs, event.pc);
      if (!pc) return `PC ${event.pc} updated.`;
      return `${pc.name}: ${pcChanges(pc, event.changes).join('; ') || 'updated'}.`;
    }
    case 'pc-track-set': {
      const pc = own(before.pcs, event.pc);
      return `${pc?.name ?? event.pc}: ${trackLabel(event.track, pc ? own(pc.tracks, event.track) : undefined)} ${event.from} → ${event.to}.`;
    }
    case 'pc-removed':
      return `PC removed: ${own(before.pcs, event.pc)?.name ?? event.pc}.`;
    case 'template-added': {
      const t = event.template;
      const extra = [t.hidden ? 'hidden' : '', t.tags.length > 0 ? `tags: ${t.tags.join(', ')}` : ''].filter(Boolean).join('; ');
      return `Template added: ${t.name}${extra ? ` (${extra})` : ''}.`;
    }
    case 'template-updated': {
      const name = own(before.templates, event.template)?.name ?? event.template;
      return `Template ${name}: ${templateChanges(event.changes).join('; ') || 'updated'}.`;
    }
    case 'template-removed':
      return `Template removed: ${own(before.templates, event.template)?.name ?? event.template}.`;
    case 'fight-linked': {
      const names = Object.keys(event.fight.pcs).map((id) => own(before.pcs, id)?.name ?? id);
      return `Fight added: ${fightName(event.fight.title, event.fight.id)}${names.length > 0 ? ` (${names.join(', ')})` : ''}.`;
    }
    case 'fight-unlinked': {
      const f = own(before.fights, event.fight);
      return `Fight taken out of the campaign: ${fightName(f?.title ?? '', event.fight)}.`;
    }
    case 'written-back': {
      const from = fightName(own(before.fights, event.fight)?.title ?? '', event.fight);
      const parts = [...changesByPc(before, event.changes), ...poolParts(event.pools)];
      if (parts.length === 0) return `Written back from ${from}: nothing changed.`;
      return `${parts.join('; ')} (from ${from}).`;
    }
    case 'session-started': {
      const parts: string[] = [];
      if (event.luck.length > 0) {
        parts.push(`Luck refreshed (${event.luck.map((c) => `${own(before.pcs, c.pc)?.name ?? c.pc} ${c.to}`).join(', ')})`);
      }
      if (event.pools) parts.push(`party AP ${event.pools.party.to}, GM AP ${event.pools.gm.to}`);
      return `New session ${event.session}${parts.length > 0 ? `: ${parts.join('; ')}` : ''}.`;
    }
    case 'undone':
      return `Undo: command ${event.cmd}`;
    case 'redone':
      return `Redo: command ${event.cmd}`;
    default:
      return `(${String((event as { type: unknown }).type)})`;
  }
}

function show(value: unknown): string {
  if (value === undefined) return '(none)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function fightName(title: string, id: string): string {
  return title ? `“${title}”` : `encounter ${id}`;
}

function trackList(tracks: Readonly<Record<string, Track>>): string {
  return Object.entries(tracks)
    .map(([key, t]) => `${trackLabel(key, t)} ${t.value}${t.max !== undefined ? `/${t.max}` : ''}`)
    .join(', ');
}

function pcChanges(pc: CampaignPc, changes: Extract<CampaignEvent, { type: 'pc-updated' }>['changes']): string[] {
  const out: string[] = [];
  if (changes.name !== undefined) out.push(`renamed ${changes.name}`);
  if (changes.side !== undefined) out.push(`side ${changes.side}`);
  if (changes.stats !== undefined) out.push('sheet changed');
  if (changes.notes !== undefined) out.push('notes changed');
  if (changes.tracks !== undefined) {
    const before = pc.tracks;
    const after = changes.tracks;
    for (const [key, t] of Object.entries(after)) {
      const old = own(before, key);
      const label = trackLabel(key, t);
      if (!old) out.push(`${label} added (${t.value}${t.max !== undefined ? `/${t.max}` : ''})`);
      else {
        if (old.max !== t.max) out.push(`${label} max ${old.max ?? 'none'} → ${t.max ?? 'none'}`);
        if (old.value !== t.value) out.push(`${label} ${old.value} → ${t.value}`);
      }
    }
    for (const [key, t] of Object.entries(before)) if (!own(after, key)) out.push(`${trackLabel(key, t)} removed`);
  }
  return out;
}

function templateChanges(changes: TemplateChanges): string[] {
  const out: string[] = [];
  if (changes.name !== undefined) out.push(`renamed ${changes.name}`);
  if (changes.side !== undefined) out.push(changes.side === null ? 'default side' : `side ${changes.side}`);
  if (changes.hp !== undefined) out.push(changes.hp === null ? 'HP from the sheet' : `HP ${changes.hp}`);
  if (changes.stats !== undefined) out.push('sheet changed');
  if (changes.notes !== undefined) out.push('notes changed');
  if (changes.gmNotes !== undefined) out.push('GM notes changed');
  if (changes.tags !== undefined) out.push(changes.tags.length > 0 ? `tags: ${changes.tags.join(', ')}` : 'no tags');
  if (changes.hidden !== undefined) out.push(changes.hidden ? 'joins fights hidden' : 'joins fights visible');
  return out;
}

/** "Vasquez: HP 12 → 5, Luck points 3 → 1", one part a PC, in the order of the changes. */
function changesByPc(state: CampaignState, changes: readonly TrackChange[]): string[] {
  const byPc = new Map<string, string[]>();
  for (const c of changes) {
    const pc = own(state.pcs, c.pc);
    const list = byPc.get(c.pc) ?? [];
    list.push(`${trackLabel(c.track, pc ? own(pc.tracks, c.track) : undefined)} ${c.from} → ${c.to}`);
    byPc.set(c.pc, list);
  }
  return [...byPc].map(([id, list]) => `${own(state.pcs, id)?.name ?? id}: ${list.join(', ')}`);
}

function poolParts(pools: PoolChanges | undefined): string[] {
  if (!pools) return [];
  const part = (name: string, p: { from: number; to: number }): string => (p.from === p.to ? `${name} ${p.to}` : `${name} ${p.from} → ${p.to}`);
  return [`${part('party AP', pools.party)}, ${part('GM AP', pools.gm)}`];
}
