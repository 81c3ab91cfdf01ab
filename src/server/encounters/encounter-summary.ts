/** An encounter as the lists show it: its row, and where the fight stands (setup, round N, ended). */
import type { Encounter } from '../../core/index.ts';
import type { EncounterProgress, EncounterRecord } from '../../store/index.ts';

export type Summary = Pick<EncounterRecord, 'id' | 'title' | 'rules' | 'createdAt' | 'archived' | 'version' | 'campaignId'> & EncounterProgress;

export const summaryOf = (r: EncounterRecord): Summary => ({
  id: r.id,
  title: r.title,
  rules: r.rules,
  createdAt: r.createdAt,
  archived: r.archived,
  version: r.version,
  campaignId: r.campaignId,
  status: r.progress.status,
  round: r.progress.round,
});

/** Where a fight stands (setup, running in round N, ended), as the encounter list shows it. */
export const progressOf = (state: Encounter['state']): EncounterProgress => ({ status: state.status, round: state.round });
