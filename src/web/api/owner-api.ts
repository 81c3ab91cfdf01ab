/**
 * The owner's encounter management on the start page (owner token; the owner counts as the GM of every
 * encounter): create, the list with where each fight stands, archive, export, import, delete, duplicate.
 */
import type { NewEncounter } from './gm-api.ts';
import type { CreatedEncounter, EncounterSummary } from './campaign-api.ts';
import { call, encounterPath } from './http.ts';

export function encountersApi(token: string) {
  return {
    create: (body: NewEncounter) => call<CreatedEncounter>('POST', '/api/encounters', token, body),
    list: (archived: 'false' | 'true' | 'any' = 'false') => call<{ encounters: EncounterSummary[] }>('GET', `/api/encounters?archived=${archived}`, token),
    archive: (id: string, archived: boolean) => call<{ encounter: EncounterSummary }>('POST', encounterPath(id, '/archive'), token, { archived }),
    exportFile: (id: string) => call<Record<string, unknown>>('GET', encounterPath(id, '/export'), token),
    remove: (id: string) => call<{ deleted: true }>('DELETE', encounterPath(id), token),
    importFile: (file: unknown) => call<CreatedEncounter>('POST', '/api/encounters/import', token, file),
    duplicate: (id: string, title?: string) => call<CreatedEncounter>('POST', encounterPath(id, '/duplicate'), token, title ? { title } : {}),
  };
}

export type EncountersApi = ReturnType<typeof encountersApi>;
