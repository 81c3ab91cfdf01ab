/**
 * The live socket: GET /api/encounters/:id/live?key=...&after=<seq> (WebSocket). The key is checked
 * before the upgrade (401/404 as for HTTP); then the server sends `hello`, everything after `after`
 * (GM: events and log lines; player: one `update` with the player log lines and view), then each new
 * batch as it commits. Clients may send `{"type":"ping"}`; too large or too many messages close it.
 */
import { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { authorize, bearerKey, roleOn } from '../auth.ts';
import type { Access } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { toApiError } from '../../shared/index.ts';
import type { LiveClient } from '../../live/index.ts';
import { RateLimiter } from '../../shared/index.ts';
import { CLOSE, clientMessageSchema, message } from '../../live/index.ts';
import { parse, route, takeRead } from '../route.ts';
import type { RouteSpec } from '../route.ts';
import { idParams, liveQuery } from '../schemas.ts';
import { errors } from './common.ts';

export const liveRoute: RouteSpec = route({
  method: 'GET',
  url: '/api/encounters/:id/live',
  operationId: 'live',
  summary: 'Live updates over WebSocket (GM key: events and log lines; player key: redacted updates).',
  description:
    'Upgrade to WebSocket with ?key=<key>&after=<last seq>. Server messages (JSON, each with "type" and protocol version "v"): ' +
    'hello {role, encounter, version, reset?} (reset: the client\'s after was past the server\'s version, its data restored from an older backup: ' +
    'drop what you hold; a GM receives every event from seq 1 next); GM: events {from, seq, events, log, marks}; player: update {from, seq, log, view, marks, reset?}, ' +
    'view {seq, view} (settings changed); both: request {request}, settings {settings} (GM), closed {reason}, error {code, message}, pong {seq}. ' +
    'A reconnecting client sends its last seq as `after` and receives exactly what it missed. Client messages: {"type":"ping"}.',
  tags: ['live'],
  auth: 'any',
  websocket: true,
  params: idParams,
  query: liveQuery,
  responses: { 101: { description: 'Switching to WebSocket.' }, ...errors(401, 404, 429) },
});

/**
 * The connection under a ws socket (ws's `_socket`, set while it is open), to write frames built once for
 * every socket (../../live/text-frame.ts); undefined if this ws version keeps it elsewhere.
 */
function rawConnection(socket: WebSocket): Duplex | undefined {
  const raw = (socket as unknown as { _socket?: unknown })._socket;
  return raw instanceof Duplex && !raw.destroyed ? raw : undefined;
}

export function registerLive(app: FastifyInstance, ctx: AppContext): void {
  const accessOf = new WeakMap<FastifyRequest, { access: Access; after: number }>();
  app.get(
    '/api/encounters/:id/live',
    {
      websocket: true,
      preValidation: async (req) => {
        const params = parse(idParams, req.params, 'path');
        const query = parse(liveQuery, req.query ?? {}, 'query string');
        const access = await authorize(ctx, query.key ?? bearerKey(req), 'any', params.id);
        await takeRead(ctx, access!.keyId);
        accessOf.set(req, { access: access!, after: query.after ?? 0 });
      },
    },
    (socket, req) => {
      const id = (req.params as { id: string }).id;
      const { access, after } = accessOf.get(req)!;
      const digest = Buffer.from(access.keyId, 'hex');
      let closed = false;
      let leave: (() => void) | null = null;
      const rate = new RateLimiter(ctx.limits.wsMessagesPerSecond, ctx.limits.wsBurst, ctx.clock);
      const client: LiveClient & { readonly closed: boolean } = {
        role: access.role === 'player' ? 'player' : 'gm',
        keyHash: access.keyId,
        get bufferedAmount() {
          return socket.bufferedAmount;
        },
        send: (data) => socket.send(data),
        sendFrame: (frame, data) => {
          // The frame straight to the connection, as ws writes its own (unmasked, in order): only while
          // the socket is open and sends nothing compressed (ws would queue those, and order matters).
          const raw = rawConnection(socket);
          if (raw && socket.readyState === socket.OPEN && socket.extensions === '') raw.write(frame);
          else socket.send(data);
        },
        close: (code, reason) => socket.close(code, reason),
        get closed() {
          return closed;
        },
      };
      socket.on('close', () => {
        closed = true;
        leave?.();
      });
      socket.on('error', () => socket.terminate());
      socket.on('message', (raw) => {
        if (rate.take('socket') > 0) {
          socket.send(message({ type: 'closed', reason: 'rate-limited' }));
          socket.close(CLOSE.policy, 'too many messages');
          return;
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(raw));
        } catch {
          parsed = undefined;
        }
        if (!clientMessageSchema.safeParse(parsed).success) {
          socket.send(message({ type: 'error', code: 'live/invalid-message', message: 'Clients send only {"type":"ping"}.' }));
          return;
        }
        void ctx.service.meta(id).then((r) => {
          if (!closed) socket.send(message({ type: 'pong', seq: r?.version ?? 0, now: ctx.clock() }));
        });
      });
      // The key was checked before the upgrade; it is checked again when the socket joins, in the
      // encounter's queue, so a rotation in between cannot leave it listening on a revoked key.
      // A campaign's table key is checked against the campaign once the socket has joined: a rotation
      // closes the sockets already joined, and one joining meanwhile finds its key gone here.
      const table = access.table;
      const seat = access.seat;
      const admits = table || seat ? () => true : (record: Parameters<typeof roleOn>[0]) => roleOn(record, digest, ctx.ownerHash) === access.role;
      ctx.service.subscribe(id, client, after, admits).then(
        async (unsubscribe) => {
          leave = unsubscribe;
          if (closed) return leave?.();
          // A seat's key is its own table key (checked below, as a seat).
          if (table && !seat && leave && !(await ctx.campaigns.tableScreen(table.campaignId, digest))) {
            leave();
            socket.send(message({ type: 'closed', reason: 'key-rotated' }));
            socket.close(CLOSE.keyRevoked, 'key-rotated');
            return;
          }
          if (seat && leave) {
            // Freed meanwhile: say so. Moved meanwhile: the seat as it is now.
            const now = await ctx.seats.current(seat);
            if (!now) {
              leave();
              socket.send(message({ type: 'closed', reason: 'seat-freed' }));
              socket.close(CLOSE.keyRevoked, 'seat-freed');
              return;
            }
            const mine = await ctx.seats.mine(now, id);
            if (!closed) socket.send(message({ type: 'seat', seat: mine }));
          }
        },
        (err: unknown) => {
          const e = toApiError(err);
          if (closed) return;
          socket.send(message({ type: 'error', code: e.code, message: e.message }));
          socket.close(e.status === 404 ? CLOSE.notFound : CLOSE.tryLater, e.code);
        },
      );
    },
  );
}
