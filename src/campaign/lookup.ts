import { own, reject } from '../core/index.ts';
import type { Decision, RuleModule, Track } from '../core/index.ts';
import { ruleModules } from '../rules/index.ts';
import type { CampaignFight, CampaignPc, CampaignState, CampaignTemplate } from './state.ts';

/**
 * Commands name PCs and templates by id ("p3", "t12") or by name (any case, exact otherwise). Own
 * properties only: "constructor" or "toString" is an ordinary name, never something every record has.
 */

const folded = (name: string): string => name.normalize('NFC').trim().toLowerCase();

/** The rule module of a game, if Turnkeeper has it. */
export function moduleFor(rules: string): RuleModule | undefined {
  return ruleModules.find((m) => m.id === rules);
}

export function pcById(state: CampaignState, id: string): CampaignPc | undefined {
  return own(state.pcs, id);
}

export function templateById(state: CampaignState, id: string): CampaignTemplate | undefined {
  return own(state.templates, id);
}

export function fightById(state: CampaignState, id: string): CampaignFight | undefined {
  return own(state.fights, id);
}

/** The PC this reference names: its id, else its name. */
export function findPc(state: CampaignState, ref: string): CampaignPc | undefined {
  const byId = pcById(state, ref);
  if (byId) return byId;
  const wanted = folded(ref);
  for (const id of state.pcOrder) {
    const pc = pcById(state, id);
    if (pc && pc.name.toLowerCase() === wanted) return pc;
  }
  return undefined;
}

/** The template this reference names: its id, else its name. */
export function findTemplate(state: CampaignState, ref: string): CampaignTemplate | undefined {
  const byId = templateById(state, ref);
  if (byId) return byId;
  const wanted = folded(ref);
  for (const id of state.templateOrder) {
    const t = templateById(state, id);
    if (t && t.name.toLowerCase() === wanted) return t;
  }
  return undefined;
}

/** Another PC (not `except`) already called this, in any case. */
export function pcNameTaken(state: CampaignState, name: string, except?: string): CampaignPc | undefined {
  const wanted = folded(name);
  for (const id of state.pcOrder) {
    const pc = pcById(state, id);
    if (pc && id !== except && pc.name.toLowerCase() === wanted) return pc;
  }
  return undefined;
}

export function templateNameTaken(state: CampaignState, name: string, except?: string): CampaignTemplate | undefined {
  const wanted = folded(name);
  for (const id of state.templateOrder) {
    const t = templateById(state, id);
    if (t && id !== except && t.name.toLowerCase() === wanted) return t;
  }
  return undefined;
}

/** A track by its key, else its key or label in any case ("HP", "Luck points"). */
export function findTrack(tracks: Readonly<Record<string, Track>>, ref: string): { key: string; track: Track } | undefined {
  const exact = own(tracks, ref);
  if (exact) return { key: ref, track: exact };
  const wanted = folded(ref);
  for (const [key, track] of Object.entries(tracks)) {
    if (key.toLowerCase() === wanted || track.label?.toLowerCase() === wanted) return { key, track };
  }
  return undefined;
}

/** How the log names a track: its label, "HP", or its key. */
export function trackLabel(key: string, track: Track | undefined): string {
  if (track?.label) return track.label;
  return key === 'hp' ? 'HP' : key;
}

export function unknownPc<E>(state: CampaignState, ref: string, path: string): Decision<E> {
  const names = state.pcOrder.map((id) => state.pcs[id]?.name).filter(Boolean);
  const list = names.length > 0 ? ` PCs: ${names.join(', ')}.` : ' The campaign has no PCs yet.';
  return reject('campaign/unknown-pc', `${path}: there is no PC called "${ref}".${list}`, { ref, path });
}

export function unknownTemplate<E>(state: CampaignState, ref: string, path: string): Decision<E> {
  const count = state.templateOrder.length;
  const names = state.templateOrder.slice(0, 20).map((id) => state.templates[id]?.name).filter(Boolean);
  const list = count === 0 ? ' The bestiary is empty.' : ` Templates: ${names.join(', ')}${count > names.length ? ', ...' : ''}.`;
  return reject('campaign/unknown-template', `${path}: there is no template called "${ref}".${list}`, { ref, path });
}

export function unknownFight<E>(ref: string, path: string): Decision<E> {
  return reject('campaign/unknown-fight', `${path}: the encounter "${ref}" is not a fight of this campaign.`, { ref, path });
}

export function unknownTrack<E>(pc: CampaignPc, ref: string, path: string): Decision<E> {
  const has = Object.keys(pc.tracks).join(', ') || 'none';
  return reject('campaign/unknown-track', `${path}: ${pc.name} has no "${ref}" track (tracks: ${has}).`, { ref, path });
}

