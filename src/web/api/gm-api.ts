import type { Command, GmLogEntry, StoredEvent } from '../../core/index.ts';
import type { DiscordStatus } from '../../server/announce/index.ts';
import type { RequestView } from '../../server/players/index.ts';
import type { EncounterSettings, SettingsPatch } from '../../server/players/index.ts';
import { call, encounterPath } from './http.ts';
import type { Answer } from './http.ts';

/** An encounter in the owner's list (the server's `Summary`). */
export interface Summary {
  readonly id: string;
  readonly title: string;
  readonly rules: string;
  readonly createdAt: string;
  readonly archived: boolean;
  readonly version: number;
  /** The campaign the encounter is a fight of, if any. */
  readonly campaignId?: string | null;
}

/** A command's answer (the server's `CommandResult`, asked without the view). */
export interface CommandResult {
  readonly version: number;
  readonly events: readonly StoredEvent[];
  readonly log: readonly GmLogEntry[];
}

export interface Created {
  readonly id: string;
  readonly gmKey: string;
  readonly playerKey: string;
  readonly gmUrl: string;
  readonly playerUrl: string;
}

export interface NewEncounter {
  readonly rules: string;
  readonly title?: string;
  readonly options?: Record<string, unknown>;
  readonly sides?: readonly { name: string; players?: boolean }[];
  readonly combatants?: readonly Record<string, unknown>[];
  readonly settings?: SettingsPatch;
}

/** The GM's calls for one encounter. */
export function gmApi(id: string, key: string) {
  return {
    command: (command: Command, expectedVersion?: number): Promise<Answer<CommandResult>> =>
      call('POST', encounterPath(id, `/commands?view=false${expectedVersion !== undefined ? `&expectedVersion=${expectedVersion}` : ''}`), key, command),
    /** The stored events after `after`, one page (`next`: more follow). */
    events: (after: number) => call<{ version: number; events: StoredEvent[]; next?: number }>('GET', encounterPath(id, `/events?after=${after}`), key),
    encounter: () => call<{ role: 'gm'; encounter: Summary; settings: EncounterSettings; pendingRequests: number; requestKinds: string[] }>('GET', encounterPath(id), key),
    requests: () => call<{ requests: RequestView[] }>('GET', encounterPath(id, '/requests?status=pending'), key),
    accept: (requestId: number) => call<{ request: RequestView; result: CommandResult }>('POST', encounterPath(id, `/requests/${requestId}/accept`), key, {}),
    reject: (requestId: number, reason?: string) => call<{ request: RequestView }>('POST', encounterPath(id, `/requests/${requestId}/reject`), key, reason ? { reason } : {}),
    settings: (patch: SettingsPatch) => call<{ settings: EncounterSettings }>('PATCH', encounterPath(id, '/settings'), key, patch),
    discord: () => call<{ discord: DiscordStatus & { webhook: boolean } }>('GET', encounterPath(id, '/discord'), key),
    discordTest: () => call<{ ok: boolean; status: number; message: string; discord: DiscordStatus & { webhook: boolean } }>('POST', encounterPath(id, '/discord/test'), key, {}),
    newPlayerKey: () => call<{ playerKey: string; playerUrl: string }>('POST', encounterPath(id, '/keys'), key, { rotate: 'player' }),
  };
}

export type GmApi = ReturnType<typeof gmApi>;
