/**
 * Tests only: a local stand-in for Discord's webhooks (node:http), recording every post. How it answers
 * depends on the webhook's token: `ratelimited...` answers 429 once (with `retry_after`), `hang...`
 * never answers, `gone...` answers 404, anything else 204 as Discord does. `fetchVia` is the fetch an
 * app is given to reach it in place of discord.com.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Fetch } from './discord-poster.ts';

export interface StubPost {
  readonly path: string;
  readonly at: number;
  readonly status: number;
  readonly body: { content: string; username?: string; allowed_mentions?: unknown };
}

export interface DiscordStub {
  readonly base: string;
  /** Every post received, with the status it was answered (0: left hanging). */
  readonly posts: StubPost[];
  /** The answered posts' lines, in order, for one webhook token. */
  lines(token: string): string[];
  readonly fetchVia: Fetch;
  close(): Promise<void>;
}

export const RETRY_AFTER_S = 0.3;

export async function discordStub(): Promise<DiscordStub> {
  const posts: StubPost[] = [];
  const limited = new Set<string>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as StubPost['body'];
      const token = path.split('/').at(-1) ?? '';
      const answer = (status: number, json?: unknown): void => {
        posts.push({ path, at: performance.now(), status, body });
        res.writeHead(status, json ? { 'content-type': 'application/json' } : {}).end(json ? JSON.stringify(json) : undefined);
      };
      if (token.startsWith('hang')) {
        posts.push({ path, at: performance.now(), status: 0, body });
        hanging.add(res);
        return;
      }
      if (token.startsWith('gone')) return answer(404, { message: 'Unknown Webhook', code: 10015 });
      if (token.startsWith('ratelimited') && !limited.has(token)) {
        limited.add(token);
        return answer(429, { message: 'You are being rate limited.', retry_after: RETRY_AFTER_S, global: false });
      }
      answer(204);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    posts,
    lines: (token) => posts.filter((p) => p.status === 204 && p.path.endsWith(`/${token}`)).flatMap((p) => p.body.content.split('\n')),
    fetchVia: (url, init) => fetch(url.replace(/^https:\/\/discord\.com/, base), init),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
