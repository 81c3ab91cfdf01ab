import { foldCampaign } from './campaign.ts';
import { describeCampaignEvent } from './describe.ts';
import type { CampaignEvent, StoredCampaignEventInput } from './events.ts';

export interface CampaignLogEntry {
  readonly seq: number;
  readonly cmd: number;
  readonly text: string;
  /** The command was undone (and not redone): shown struck through. */
  readonly undone: boolean;
}

/**
 * The campaign's log in words, one line an event. An undo or redo quotes the first line of the
 * command it undoes or redoes ("Undo: Vasquez: HP 12 → 5."), and lines of undone commands are marked.
 */
export function campaignLog(events: Iterable<StoredCampaignEventInput>): CampaignLogEntry[] {
  const out: CampaignLogEntry[] = [];
  const first = new Map<number, string>();
  const undone = new Set<number>();
  foldCampaign(events, (campaign, stored) => {
    const event = stored.event as CampaignEvent;
    let text = describeCampaignEvent(campaign.state, event);
    if (event.type === 'undone' || event.type === 'redone') {
      const quoted = first.get(event.cmd);
      if (quoted !== undefined) text = `${event.type === 'undone' ? 'Undo' : 'Redo'}: ${quoted}`;
      if (event.type === 'undone') undone.add(event.cmd);
      else undone.delete(event.cmd);
    }
    if (!first.has(stored.cmd)) first.set(stored.cmd, text);
    out.push({ seq: stored.seq, cmd: stored.cmd, text, undone: false });
  });
  return out.map((entry) => (undone.has(entry.cmd) ? { ...entry, undone: true } : entry));
}
