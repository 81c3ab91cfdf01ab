/**
 * Builds the Fastify app: every dependency injected (store, clock, randomness, limits), no global
 * state, so tests build as many as they like and drive them with `inject` or real sockets.
 */
import { networkInterfaces } from 'node:os';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Engine } from '../../core/index.ts';
import { engine as defaultEngine } from '../../rules/index.ts';
import type { ChangeFeed } from '../../store/index.ts';
import type { EventStore } from '../../store/index.ts';
import { Announcer } from '../announce/index.ts';
import type { PosterOptions } from '../announce/index.ts';
import { clientErrorHandler } from './client-errors.ts';
import type { AppContext } from './context.ts';
import { CampaignService } from '../campaigns/index.ts';
import { DatabaseHealth } from './database-health.ts';
import { EncounterService } from '../encounters/index.ts';
import { toApiError } from '../shared/index.ts';
import { Hub } from '../live/index.ts';
import { cryptoRandom, hashKey, loadOwnerToken } from '../shared/index.ts';
import { loggerOptions } from './log-redaction.ts';
import type { RandomBytes } from '../shared/index.ts';
import { RateLimiter, defaultLimits } from '../shared/index.ts';
import type { Clock, Limits, RateBucketsFactory } from '../shared/index.ts';
import { CLOSE } from '../live/index.ts';
import { RequestService } from '../encounters/index.ts';
import { registerRoute } from './route.ts';
import type { RouteSpec } from './route.ts';
import { campaignRoutes } from './routes/campaigns.ts';
import { discordRoutes } from './routes/discord.ts';
import { tableRoutes } from './routes/table.ts';
import { seatRoutes } from './routes/seats.ts';
import { SeatService } from '../seats/index.ts';
import { commandRoutes } from './routes/commands.ts';
import { encounterRoutes } from './routes/encounters.ts';
import { fightToolRoutes } from './routes/fight-tools.ts';
import { liveRoute, registerLive } from './routes/live.ts';
import { metaRoutes } from './routes/meta.ts';
import { networkRoutes } from './routes/network.ts';
import type { NetworkProbe } from './routes/network.ts';
import { pageRoutes } from './routes/pages.ts';
import { requestRoutes } from './routes/requests.ts';
import { storyRoutes } from './routes/story.ts';
import { addPortraitParsers, portraitRoutes } from './routes/portraits.ts';
import { securityHeaders } from '../pages/index.ts';
import { staticFile } from '../pages/index.ts';
import { SERVER_VERSION, WEB_ROOT } from '../version.ts';

export interface AppOptions {
  readonly store: EventStore;
  /** Changes other processes make to the store (instances on one PostgreSQL); none by default. */
  readonly feed?: ChangeFeed;
  /** The data folder: holds the owner token (created on first start). */
  readonly dataDir?: string;
  /** Overrides the data folder's owner token (tests). */
  readonly ownerToken?: string;
  readonly clock?: Clock;
  readonly random?: RandomBytes;
  readonly limits?: Partial<Limits>;
  /** Where the per-key rate limits keep their buckets; in this process by default (PostgreSQL: shared by the instances). */
  readonly rateBuckets?: RateBucketsFactory;
  readonly engine?: Engine;
  readonly publicUrl?: string;
  readonly webRoot?: string;
  /** Fastify's logger (pino) options; off by default. Keys are redacted from every line (log-redaction.ts). */
  readonly logger?: boolean | Record<string, unknown>;
  /** How the network route sees the listening address and the interfaces (tests); the real ones by default. */
  readonly network?: Partial<NetworkProbe>;
  /**
   * Tests only: how Discord posts are sent (a fetch that reaches a local stub) and paced. Not a setting:
   * the webhooks GMs paste are Discord's https addresses, always (../players/discord-setting.ts).
   */
  readonly announce?: PosterOptions;
}

export interface App {
  readonly fastify: FastifyInstance;
  readonly ownerToken: string;
  readonly context: AppContext;
  readonly routes: readonly RouteSpec[];
  /** Every method and URL Fastify registered (to check the OpenAPI document against). */
  readonly registered: readonly { method: string; url: string }[];
  readonly hub: Hub;
}

export async function buildApp(options: AppOptions): Promise<App> {
  const clock = options.clock ?? Date.now;
  const random = options.random ?? cryptoRandom;
  const limits: Limits = { ...defaultLimits, ...options.limits };
  const engine = options.engine ?? defaultEngine;
  let ownerToken = options.ownerToken;
  if (ownerToken === undefined) {
    if (options.dataDir === undefined) throw new Error('buildApp needs a dataDir (for the owner token) or an ownerToken.');
    ownerToken = loadOwnerToken(options.dataDir, random);
  }
  const fastify = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: limits.bodyBytes,
    forceCloseConnections: true,
    // Fastify's own refusals (a malformed URL, a path parameter too long) and the HTTP parser's (headers
    // or URL over 16 kB, malformed HTTP) answer with the documented {code, message} too.
    frameworkErrors: (err, _req, reply) => {
      const e = toApiError(err);
      void (reply as FastifyReply).code(e.status).send(e.body());
    },
    clientErrorHandler,
  });
  // Every body is JSON: Fastify's default text/plain parser would hand a string to the routes (a 400
  // `request/invalid` for what is a 415); without it, any type but application/json is a 415.
  fastify.removeContentTypeParser('text/plain');
  // Except a portrait upload: the image itself, read by its own parser (the other routes still answer 415).
  addPortraitParsers(fastify);
  const hub = new Hub(limits.wsMaxBufferedBytes);
  const announcer = new Announcer(engine, clock, options.announce, (error, where) => fastify.log.error({ err: error, where }, 'announcing failed'));
  fastify.addHook('onClose', async () => announcer.close());
  const buckets: RateBucketsFactory = options.rateBuckets ?? ((_limit, rate, burst) => new RateLimiter(rate, burst, clock));
  const service = new EncounterService({
    store: options.store,
    engine,
    hub,
    clock,
    random,
    limits,
    onError: (error, where) => fastify.log.error({ err: error, where }, where === 'change feed' ? 'catching up failed' : 'engine failure'),
    ...(options.feed ? { feed: options.feed } : {}),
    onCommitted: (l, before, stored) => announcer.committed(l, before, stored),
  });
  const unlisten = service.listen();
  fastify.addHook('onClose', async () => unlisten());
  const campaigns = new CampaignService({ store: options.store, clock, random, encounters: service });
  const context: AppContext = {
    engine,
    service,
    requests: new RequestService(service),
    campaigns,
    seats: new SeatService({ store: options.store, clock, random, encounters: service, campaigns }),
    limits,
    clock,
    ownerHash: hashKey(ownerToken),
    commandRate: buckets('commands', limits.commandsPerSecond, limits.commandBurst),
    requestRate: buckets('requests', limits.requestsPerSecond, limits.requestBurst),
    readRate: buckets('reads', limits.readsPerSecond, limits.readBurst),
    publicUrl: options.publicUrl,
    webRoot: options.webRoot ?? WEB_ROOT,
    startedAt: clock(),
    version: SERVER_VERSION,
    database: new DatabaseHealth(() => options.store.ping()),
    announcer,
  };

  fastify.setErrorHandler((err, req, reply) => {
    const e = toApiError(err, req.routeOptions.bodyLimit ?? limits.bodyBytes);
    if (e.status >= 500) req.log.error({ err }, 'request failed');
    void reply.code(e.status).headers(e.headers ?? {}).send(e.body());
  });
  fastify.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if ((req.method === 'GET' || req.method === 'HEAD') && path !== '/api' && !path.startsWith('/api/')) {
      const file = await staticFile(context.webRoot, path, req.headers['accept-encoding']);
      if (file) return reply.headers(file.headers).send(file.body);
    }
    return reply.code(404).send({ code: 'route/not-found', message: `There is no ${req.method} ${path.slice(0, 200)} here. The API is described at /api/openapi.json.` });
  });
  fastify.addHook('onSend', async (req, reply, payload) => {
    const type = reply.getHeader('content-type');
    reply.headers(securityHeaders(typeof type === 'string' ? type : undefined, req.headers.host));
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  fastify.addHook('preClose', async () => hub.closeAll(CLOSE.goingAway, 'shutdown'));

  const registered: { method: string; url: string }[] = [];
  fastify.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) registered.push({ method, url: r.url });
  });
  await fastify.register(websocket, { options: { maxPayload: limits.wsMaxPayload } });
  const routes: RouteSpec[] = [];
  routes.push(
    ...metaRoutes(context, () => routes),
    ...encounterRoutes(context),
    ...fightToolRoutes(context),
    ...discordRoutes(context),
    ...campaignRoutes(context),
    ...tableRoutes(context),
    ...seatRoutes(context),
    ...commandRoutes(context),
    ...requestRoutes(context),
    ...storyRoutes(context),
    ...portraitRoutes(context),
    ...networkRoutes(context, { address: () => fastify.server.address(), interfaces: networkInterfaces, ...options.network }),
    liveRoute,
    ...pageRoutes(context),
  );
  for (const spec of routes) registerRoute(fastify, context, spec);
  registerLive(fastify, context);
  await fastify.ready();
  return { fastify, ownerToken, context, routes, registered, hub };
}
