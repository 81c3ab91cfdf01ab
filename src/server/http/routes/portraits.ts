/**
 * Portraits (../../campaigns/portrait-service.ts): the owner uploads a PNG, JPEG or WebP image (at most
 * 256 kB, checked by its content) for a campaign PC or bestiary template, reads and removes it; a fight
 * of the campaign shows them, to the GM for every combatant and to players for those they may see. The
 * image is the raw body, under its own Content-Type; it is served with its stored type, nosniff, an ETag
 * and `Cache-Control: private, no-cache`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Portrait } from '../../../store/index.ts';
import { PORTRAIT_MAX_BYTES, PortraitService, etagOf, tooLarge } from '../../campaigns/index.ts';
import { ApiError } from '../../shared/index.ts';
import type { AppContext } from '../context.ts';
import { route } from '../route.ts';
import type { Reply, RouteSpec } from '../route.ts';
import { idParams } from '../schemas.ts';
import { errors } from './common.ts';

const tags = ['portraits'];
export const PORTRAIT_UPLOAD_URL = '/api/campaigns/:id/portraits/:kind/:ref';

const ownerParams = z
  .object({
    id: z.string().min(1).max(64).describe('The campaign id.'),
    kind: z.enum(['pc', 'template']).describe('Whose portrait: a PC of the party or a bestiary template.'),
    ref: z.string().trim().min(1).max(120).describe('The PC or template, by id (p1, t3) or name.'),
  })
  .strict();
const combatantParams = z.object({ id: idParams.shape.id, combatant: z.string().min(1).max(64).describe('The combatant, by the id the key knows it by (the player view\'s id for a player or TV key).') }).strict();

const entry = z.object({
  kind: z.enum(['pc', 'template']),
  id: z.string().describe('The PC or template id.'),
  type: z.enum(['image/png', 'image/jpeg', 'image/webp']),
  size: z.number().int().describe('Bytes.'),
  etag: z.string().describe('Changes when the image does.'),
  updatedAt: z.string(),
});
const image = (what: string) => ({ description: what, contentType: 'image/png, image/jpeg or image/webp' });

/** Content types the upload reads; on any other route they are refused as before (415, send JSON). */
const RAW_TYPES = [/^image\/[a-z0-9.+-]+$/i, 'application/octet-stream', 'text/plain'];

const notJson = (): Error => Object.assign(new Error('Unsupported Media Type'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 });
const tooLargeError = (size: number): ApiError => {
  const r = tooLarge(size);
  return new ApiError(r.status, r.code, r.message);
};

/**
 * Reads an upload's raw body, up to the portrait limit: a declared length above it is refused before a
 * byte is read (413, in GM words, saying how large the file is); so is a body that runs past it.
 */
export function addPortraitParsers(fastify: FastifyInstance): void {
  for (const type of RAW_TYPES) {
    fastify.addContentTypeParser(type, (req: FastifyRequest, payload: NodeJS.ReadableStream, done: (err: Error | null, body?: unknown) => void) => {
      if (req.routeOptions.url !== PORTRAIT_UPLOAD_URL || req.method !== 'PUT') return done(notJson());
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > PORTRAIT_MAX_BYTES) return done(tooLargeError(declared));
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      const settle = (err: Error | null, body?: unknown) => {
        if (settled) return;
        settled = true;
        payload.removeListener('data', onData);
        done(err, body);
      };
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size > PORTRAIT_MAX_BYTES) settle(tooLargeError(size));
        else chunks.push(chunk);
      };
      payload.on('data', onData);
      payload.on('end', () => settle(null, Buffer.concat(chunks)));
      payload.on('error', (e: Error) => settle(e));
    });
  }
}

function served(p: Portrait, req: FastifyRequest): Reply {
  const etag = etagOf(p.hash);
  const headers = { etag, 'cache-control': 'private, no-cache', 'x-content-type-options': 'nosniff' };
  const match = req.headers['if-none-match'];
  if (typeof match === 'string' && match.split(',').some((t) => t.trim() === etag)) return { status: 304, body: '', headers };
  return { body: Buffer.from(p.bytes), headers: { ...headers, 'content-type': p.type } };
}

export function portraitRoutes(ctx: AppContext): RouteSpec[] {
  const portraits = new PortraitService({ store: ctx.service.deps.store, clock: ctx.clock, encounters: ctx.service });
  return [
    route({
      method: 'GET',
      url: '/api/campaigns/:id/portraits',
      operationId: 'listPortraits',
      summary: 'The campaign\'s portraits (owner): which PCs and templates have one, without the images.',
      tags,
      auth: 'owner',
      params: z.object({ id: ownerParams.shape.id }).strict(),
      responses: { 200: { description: 'The portraits.', schema: z.object({ portraits: z.array(entry) }) }, ...errors(401, 404, 429) },
      handler: async ({ params }) => ({ body: { portraits: await portraits.list(params.id) } }),
    }),
    route({
      method: 'PUT',
      url: PORTRAIT_UPLOAD_URL,
      operationId: 'putPortrait',
      summary: 'Upload a PC\'s or template\'s portrait (owner): the image itself as the body, under its own Content-Type.',
      description:
        'The body is the image: a PNG, JPEG or WebP file of at most 256 kB (262,144 bytes) and 4096 pixels a side, sent as image/png, ' +
        'image/jpeg or image/webp. It is checked by its content: a file that is not one of these (415 `portrait/not-an-image`), one sent ' +
        'under another type (415 `portrait/mislabelled`), too large (413 `portrait/too-large`), or with a damaged or oversized header ' +
        '(422) is refused and nothing is stored. A new upload replaces the old one.',
      tags,
      auth: 'owner',
      params: ownerParams,
      bodyLimit: PORTRAIT_MAX_BYTES,
      responses: { 200: { description: 'Stored.', schema: z.object({ portrait: entry }) }, ...errors(401, 404, 422) },
      handler: async ({ params, req }) => {
        if (req.body !== undefined && !Buffer.isBuffer(req.body)) {
          throw new ApiError(415, 'portrait/not-an-image', 'Send the image itself as the body, as image/png, image/jpeg or image/webp.');
        }
        const bytes = req.body ?? Buffer.alloc(0);
        return { body: { portrait: await portraits.put(params.id, params.kind, params.ref, bytes, req.headers['content-type']) } };
      },
    }),
    route({
      method: 'GET',
      url: PORTRAIT_UPLOAD_URL,
      operationId: 'getPortrait',
      summary: 'A PC\'s or template\'s portrait (owner), with its stored type.',
      tags,
      auth: 'owner',
      params: ownerParams,
      responses: { 200: image('The image.'), 304: { description: 'Not modified (If-None-Match).' }, ...errors(401, 404, 429) },
      handler: async ({ params, req }) => served(await portraits.get(params.id, params.kind, params.ref), req),
    }),
    route({
      method: 'DELETE',
      url: PORTRAIT_UPLOAD_URL,
      operationId: 'deletePortrait',
      summary: 'Remove a PC\'s or template\'s portrait (owner).',
      tags,
      auth: 'owner',
      params: ownerParams,
      responses: { 200: { description: 'Removed.', schema: z.object({ deleted: z.literal(true) }) }, ...errors(401, 404) },
      handler: async ({ params }) => {
        await portraits.remove(params.id, params.kind, params.ref);
        return { body: { deleted: true } };
      },
    }),
    route({
      method: 'GET',
      url: '/api/encounters/:id/portraits',
      operationId: 'listFightPortraits',
      summary: 'Which combatants of a campaign\'s fight have a portrait: every one for the GM; for a player or TV key only those players may see, by their ids.',
      description:
        'A PC shows its campaign PC\'s portrait; an NPC shows the portrait of the template it was pulled in from, found by its name as pulled in ' +
        '("Raider", "Raider 2"). Empty for a fight that is not a campaign\'s.',
      tags,
      auth: 'any',
      params: idParams,
      responses: { 200: { description: 'The portraits.', schema: z.object({ portraits: z.array(z.object({ combatant: z.string(), etag: z.string() })) }) }, ...errors(401, 404, 429) },
      handler: async ({ params, access }) => ({ body: { portraits: await portraits.ofFight(params.id, access?.role === 'player') } }),
    }),
    route({
      method: 'GET',
      url: '/api/encounters/:id/portraits/:combatant',
      operationId: 'getFightPortrait',
      summary: 'A combatant\'s portrait in a campaign\'s fight. For a player or TV key: by its player id, visible combatants only (any other answers as a missing one).',
      tags,
      auth: 'any',
      params: combatantParams,
      responses: { 200: image('The image.'), 304: { description: 'Not modified (If-None-Match).' }, ...errors(401, 404, 429) },
      handler: async ({ params, access, req }) => served(await portraits.ofCombatant(params.id, params.combatant, access?.role === 'player'), req),
    }),
  ];
}
