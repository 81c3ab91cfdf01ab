import type { ServerMessage } from '../../../server/live/index.ts';
import { gmApi } from '../../api/gm-api.ts';
import { openLive } from '../../api/live.ts';
import { liveUrl } from '../../api/player-api.ts';
import type { Incoming, Transport } from './store-transport.ts';
import { noteServerNow } from '../../shared/server-clock.ts';
import { answerSays } from './lost-answer.ts';

/** The GM store over the real server: the live socket for events, HTTP for commands. */
export function serverTransport(id: string, key: string): Transport {
  const api = gmApi(id, key);
  return {
    subscribe(after, on) {
      return openLive({
        url: (a) => liveUrl(id, key, a),
        after,
        status: on.status,
        check: async () => {
          const r = await api.encounter();
          return !r.ok && [401, 403, 404].includes(r.status) ? r.message : null;
        },
        message: (data) => deliver(data as ServerMessage, on),
      });
    },
    async send(command, expectedVersion) {
      const r = await api.command(command, expectedVersion);
      if (r.ok) return { ok: true, events: r.data.events, log: r.data.log };
      // No answer, or a proxy's instead of Turnkeeper's: the command may have been applied (the store checks).
      if (answerSays(r) === 'unknown') return { ok: false, code: r.code, message: r.message, unknown: true };
      if (r.status === 409 && r.code === 'encounter/version-conflict') {
        return { ok: false, code: r.code, message: 'The encounter changed meanwhile (another tab, or a player request accepted). The screen has caught up: check it and try again.' };
      }
      return { ok: false, code: r.code, message: r.message };
    },
    async read(after) {
      const r = await api.events(after);
      return r.ok ? { events: r.data.events, complete: r.data.next === undefined } : null;
    },
  };
}

/** What one socket message means to the store. */
export function deliver(m: ServerMessage, on: Incoming): void {
  // The server's clock, for the turn timer (server-clock.ts).
  if ('now' in m) noteServerNow(m.now);
  switch (m.type) {
    case 'hello':
      // The server holds fewer events than this screen asked after: its data was restored from an older backup.
      if (m.reset) on.reset(m.version);
      break;
    case 'events':
      on.events(m.seq, m.events, m.log, m.marks);
      break;
    case 'request':
      on.request(m.request);
      break;
    case 'settings':
      on.settings(m.settings);
      break;
    case 'closed':
      if (m.reason === 'deleted' || m.reason === 'key-rotated') on.status('failed', closedText(m.reason));
      break;
    default:
      break;
  }
}

function closedText(reason: string): string {
  switch (reason) {
    case 'deleted':
      return 'This encounter was deleted.';
    case 'key-rotated':
      return 'The GM key was replaced: open the new GM link.';
    default:
      return `The server closed the connection (${reason}).`;
  }
}
