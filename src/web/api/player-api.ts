import type { RequestInput } from '../../server/players/index.ts';
import type { RequestView } from '../../server/players/index.ts';
import { call, encounterPath } from './http.ts';
import type { Answer } from './http.ts';
import { socketUrl } from './live.ts';

export type { RequestInput };

/** A player's request (the server builds the command and asks the GM, or applies it if auto-accepted). */
export function sendRequest(id: string, key: string, input: RequestInput): Promise<Answer<{ request: RequestView }>> {
  return call('POST', encounterPath(id, '/requests'), key, input);
}

export function liveUrl(id: string, key: string, after: number): string {
  return socketUrl(`${encounterPath(id, '/live')}?key=${encodeURIComponent(key)}&after=${after}`);
}
