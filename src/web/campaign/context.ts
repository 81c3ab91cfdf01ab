import { createContext, useContext } from 'react';
import type { CampaignApi, CampaignPage, EncounterSummary } from '../api/campaign-api.ts';
import type { GameKit } from '../games/index.ts';

/** A dialog of the campaign page. */
export type CampaignDialog =
  | { readonly kind: 'pc'; readonly pc: string | null }
  | { readonly kind: 'template'; readonly template: string | null }
  | { readonly kind: 'remove-pc'; readonly pc: string }
  | { readonly kind: 'remove-template'; readonly template: string }
  | { readonly kind: 'new-fight' }
  | { readonly kind: 'write-back'; readonly fight: string }
  | { readonly kind: 'rename' }
  | { readonly kind: 'table-links' }
  | { readonly kind: 'import' };

/** What a command did: accepted (the campaign now), or refused in the GM's words. */
export type Ran = { readonly ok: true; readonly page: CampaignPage } | { readonly ok: false; readonly message: string };

export interface CampaignCtx {
  readonly id: string;
  readonly api: CampaignApi;
  readonly page: CampaignPage;
  readonly kit: GameKit;
  /** The campaign's fights as the encounter list has them (status, round); null while loading. */
  readonly fights: readonly EncounterSummary[] | null;
  /** Send one campaign command (with the version the page shows); `title` is the note shown after it. */
  run(command: Record<string, unknown>, title?: string): Promise<Ran>;
  /** Show the page an answer that carries the campaign (a write-back). */
  accept(page: CampaignPage): void;
  reload(): Promise<void>;
  notify(text: string, kind?: 'ok' | 'error'): void;
  open(dialog: CampaignDialog): void;
}

export const CampaignContext = createContext<CampaignCtx | null>(null);

export function useCampaign(): CampaignCtx {
  const c = useContext(CampaignContext);
  if (!c) throw new Error('useCampaign outside the campaign page');
  return c;
}
