import { push, pushBounded, UNDO_LIMIT } from '../core/index.ts';
import type { CampaignEvent, StoredCampaignEvent, StoredCampaignEventInput } from './events.ts';
import { eventPatch } from './evolve.ts';
import { applyPatch, applyPatchInPlace, invertPatch, mergeInverse } from './patch.ts';
import { emptyCampaign, emptyCampaignState } from './state.ts';
import type { Campaign, CampaignState, Patch } from './state.ts';

type Apply = (state: CampaignState, patch: Patch) => CampaignState;

/**
 * The fold with undo and redo, as for encounters (`src/core/encounter.ts`): the first event of a new
 * command opens an undo step; `undone` and `redone` move steps between the two persistent stacks; the
 * log is never rewritten. Creation clears both stacks (a campaign cannot be un-created). Undo reaches
 * back UNDO_LIMIT (500) commands, trimmed in batches identically on every replay. A step holds the
 * inverse patch of its command (what it replaced), not a copy of the state: a command with a bestiary
 * of 2,000 templates costs what it touches.
 */
function step(campaign: Campaign, stored: StoredCampaignEventInput, apply: Apply): Campaign {
  const event = stored.event as CampaignEvent;
  const version = stored.seq;
  const cmd = stored.cmd > campaign.cmd ? stored.cmd : campaign.cmd;
  const { state, undo, redo } = campaign;
  switch (event.type) {
    case 'campaign-created': {
      const fresh = emptyCampaignState();
      return { state: apply(fresh, eventPatch(fresh, event)), version, cmd, undo: null, redo: null };
    }
    case 'undone': {
      if (!undo) return { state, version, cmd, undo: null, redo };
      const back = push(redo, { cmd: undo.top.cmd, patch: invertPatch(state, undo.top.patch) });
      return { state: apply(state, undo.top.patch), version, cmd, undo: undo.rest, redo: back };
    }
    case 'redone': {
      if (!redo) return { state, version, cmd, undo, redo: null };
      const back = pushBounded(undo, { cmd: redo.top.cmd, patch: invertPatch(state, redo.top.patch) }, UNDO_LIMIT);
      return { state: apply(state, redo.top.patch), version, cmd, undo: back, redo: redo.rest };
    }
    default: {
      const patch = eventPatch(state, event);
      const inverse = invertPatch(state, patch);
      const next = apply(state, patch);
      if (stored.cmd > campaign.cmd) {
        return { state: next, version, cmd, undo: pushBounded(undo, { cmd: stored.cmd, patch: inverse }, UNDO_LIMIT), redo: null };
      }
      // Another event of the same command: its step restores what this one touched as well.
      const merged = undo && undo.top.cmd === stored.cmd ? { ...undo, top: { cmd: stored.cmd, patch: mergeInverse(undo.top.patch, inverse) } } : undo;
      return { state: next, version, cmd, undo: merged, redo };
    }
  }
}

/** Apply one stored event. Pure: the campaign given is not changed. */
export function evolveCampaign(campaign: Campaign, stored: StoredCampaignEventInput): Campaign {
  return step(campaign, stored, applyPatch);
}

const inPlace: Apply = (state, patch) => {
  applyPatchInPlace(state, patch);
  return state;
};

/**
 * Fold a whole log. The replay builds its own state and changes it in place (nothing else holds it
 * until it is returned), so a log of n events costs O(n), whatever the size of the records.
 */
export function replayCampaign(events: Iterable<StoredCampaignEventInput>): Campaign {
  return foldCampaign(events);
}

/**
 * The replay, calling `visit` with the campaign before each event (the log describes it, the file
 * check tests it); a visit that answers false stops the fold there. The campaign a visit sees is
 * changed in place by the next event: read it, do not keep it.
 */
export function foldCampaign(
  events: Iterable<StoredCampaignEventInput>,
  visit?: (before: Campaign, stored: StoredCampaignEventInput, index: number) => boolean | void,
): Campaign {
  let c = emptyCampaign();
  let i = 0;
  for (const stored of events) {
    if (visit && visit(c, stored, i++) === false) break;
    c = step(c, stored, inPlace);
  }
  return c;
}

/** Number the events of one decision as the next command of this campaign. */
export function stampCampaign(campaign: Campaign, events: readonly CampaignEvent[]): StoredCampaignEvent[] {
  const cmd = campaign.cmd + 1;
  return events.map((event, i) => ({ seq: campaign.version + i + 1, cmd, event }));
}

/** Number a decision's events as the next command and fold them: the events to append, and the campaign after them. */
export function stampCampaignEvents(campaign: Campaign, events: readonly CampaignEvent[]): { campaign: Campaign; events: StoredCampaignEvent[] } {
  const stored = stampCampaign(campaign, events);
  let next = campaign;
  for (const s of stored) next = evolveCampaign(next, s);
  return { campaign: next, events: stored };
}

/** Whether undo or redo has anything to do. */
export function canUndoCampaign(campaign: Campaign): boolean {
  return campaign.undo !== null;
}

export function canRedoCampaign(campaign: Campaign): boolean {
  return campaign.redo !== null;
}
