/**
 * Seats (src/server/seats/): a phone sits at the player character it plays, from the fight's player
 * link or its campaign's table link; the GM sees the seats, hands out a seat's own link, moves and frees
 * them. A seat key opens the player view and requests for its own character only.
 */
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Access } from '../auth.ts';
import { campaignIdParams } from '../campaign-schemas.ts';
import { route } from '../route.ts';
import type { RouteSpec } from '../route.ts';
import { idParams } from '../schemas.ts';
import { ApiError } from '../../shared/index.ts';
import { baseUrl, errors, playerUrl } from './common.ts';
import { rateLimited } from './commands.ts';
import { tableUrl } from './table.ts';

const tags = ['seats'];
const ref = z.string().trim().min(1).max(120);

const seatView = z.object({
  combatant: z.string().nullable().describe('The character as the player view knows it in this fight (its player id); null when it is not in this fight.'),
  name: z.string(),
});
const claimBody = z.object({ combatant: ref.describe('The player character, by its player id or its name as the player view shows it.') }).strict();
const tableClaimBody = z.object({ pc: ref.describe('One of the party, by name as the table shows it.') }).strict();
const claimResponse = z.object({
  seatKey: z.string().describe('Keep it: it opens the player view as this character, and its requests.'),
  seat: seatView,
  url: z.string().describe('This seat\'s own link.'),
});
const mineResponse = z.object({ seat: seatView.nullable() });
const gmSeat = z.object({
  combatant: z.string(),
  name: z.string(),
  seated: z.boolean(),
  phones: z.number().int().describe('Phones connected in this seat (on this server). More than one means two phones share it.'),
  scope: z.enum(['campaign', 'encounter']),
  since: z.string().nullable(),
});
const listResponse = z.object({ seats: z.array(gmSeat) });
const combatantParams = z.object({ id: idParams.shape.id, combatant: z.string().min(1).max(64).describe('The engine\'s combatant id.') }).strict();
const moveBody = z.object({ to: z.string().min(1).max(64).describe('The engine\'s id of the player character the seat moves to.') }).strict();
const done = z.object({ ok: z.literal(true) });

const notSeated = (): ApiError => new ApiError(409, 'seat/none', 'This phone has no seat: take one first.');

export function seatRoutes(ctx: AppContext): RouteSpec[] {
  const { seats } = ctx;
  const writes = async (access: Access | undefined) => {
    const wait = await ctx.requestRate.take(access!.keyId);
    if (wait > 0) throw rateLimited('requests', ctx.limits.requestsPerSecond, wait);
  };
  const alreadySeated = (access: Access | undefined) => {
    if (access?.seat) throw new ApiError(409, 'seat/already-seated', 'This phone already has a seat: leave it first.');
  };
  return [
    route({
      method: 'POST',
      url: '/api/encounters/:id/seats',
      operationId: 'claimSeat',
      summary: 'Sit at a player character (player link or table link): one phone per seat; a taken seat is refused.',
      tags,
      auth: 'any',
      params: idParams,
      body: claimBody,
      responses: { 201: { description: 'Seated.', schema: claimResponse }, ...errors(401, 404, 409, 422, 429) },
      handler: async ({ body, access, req }) => {
        alreadySeated(access);
        await writes(access);
        const c = await seats.claim(access!.record!, body.combatant);
        const base = baseUrl(ctx, req);
        const url = c.scope.kind === 'campaign' ? tableUrl(base, c.scope.id, c.seatKey, false) : playerUrl(base, access!.record!.id, c.seatKey);
        return { status: 201, body: { seatKey: c.seatKey, seat: c.seat, url } };
      },
    }),
    route({
      method: 'GET',
      url: '/api/encounters/:id/seats/mine',
      operationId: 'mySeat',
      summary: 'The seat this key is (a seat key), as its phone reads it; null for any other key.',
      tags,
      auth: 'any',
      params: idParams,
      responses: { 200: { description: 'The seat.', schema: mineResponse }, ...errors(401, 404, 429) },
      handler: async ({ params, access }) => ({ body: { seat: access?.seat ? await seats.mine(access.seat, params.id) : null } }),
    }),
    route({
      method: 'DELETE',
      url: '/api/encounters/:id/seats/mine',
      operationId: 'leaveSeat',
      summary: 'Stand up (a seat key): the seat is free again and this key stops working.',
      tags,
      auth: 'any',
      params: idParams,
      responses: { 200: { description: 'Left.', schema: done }, ...errors(401, 404, 409) },
      handler: async ({ access }) => {
        if (!access?.seat) throw notSeated();
        await seats.leave(access.seat);
        return { body: { ok: true } };
      },
    }),
    route({
      method: 'GET',
      url: '/api/encounters/:id/seats',
      operationId: 'listSeats',
      summary: 'Every player character of the fight with its seat and its phones (GM).',
      tags,
      auth: 'gm',
      params: idParams,
      responses: { 200: { description: 'The seats.', schema: listResponse }, ...errors(401, 403, 404, 429) },
      handler: async ({ access }) => ({ body: { seats: await seats.list(access!.record!) } }),
    }),
    route({
      method: 'POST',
      url: '/api/encounters/:id/seats/:combatant/link',
      operationId: 'seatLink',
      summary: 'A seat\'s own link (GM), for a table that binds seats to phones: a new key; a phone that sat there with the old one is told its seat went.',
      tags,
      auth: 'gm',
      params: combatantParams,
      responses: { 200: { description: 'The seat\'s key and link.', schema: z.object({ seatKey: z.string(), url: z.string() }) }, ...errors(401, 403, 404, 422) },
      handler: async ({ params, access, req }) => {
        const c = await seats.link(access!.record!, params.combatant);
        const base = baseUrl(ctx, req);
        const url = c.scope.kind === 'campaign' ? tableUrl(base, c.scope.id, c.seatKey, false) : playerUrl(base, params.id, c.seatKey);
        return { body: { seatKey: c.seatKey, url } };
      },
    }),
    route({
      method: 'POST',
      url: '/api/encounters/:id/seats/:combatant/move',
      operationId: 'moveSeat',
      summary: 'Move a seat, with its phones, to another player character of the fight (GM).',
      tags,
      auth: 'gm',
      params: combatantParams,
      body: moveBody,
      responses: { 200: { description: 'Moved.', schema: done }, ...errors(401, 403, 404, 409, 422) },
      handler: async ({ params, body, access }) => {
        await seats.move(access!.record!, params.combatant, body.to);
        return { body: { ok: true } };
      },
    }),
    route({
      method: 'DELETE',
      url: '/api/encounters/:id/seats/:combatant',
      operationId: 'freeSeat',
      summary: 'Free a seat (GM): its phones go back to the shared view and may sit again.',
      tags,
      auth: 'gm',
      params: combatantParams,
      responses: { 200: { description: 'Freed.', schema: done }, ...errors(401, 403, 404, 409, 422) },
      handler: async ({ params, access }) => {
        await seats.free(access!.record!, params.combatant);
        return { body: { ok: true } };
      },
    }),
    route({
      method: 'POST',
      url: '/api/campaigns/:id/seats',
      operationId: 'claimTableSeat',
      summary: 'Sit at one of the party from the campaign\'s table link, between fights or during one.',
      tags,
      auth: 'table',
      params: campaignIdParams,
      body: tableClaimBody,
      responses: { 201: { description: 'Seated.', schema: claimResponse }, ...errors(401, 404, 409, 422, 429) },
      handler: async ({ params, body, access, req }) => {
        alreadySeated(access);
        if (access?.table?.screen === 'tv') throw new ApiError(409, 'seat/tv', 'The TV link shows the table: seats are taken from the players\' link.');
        await writes(access);
        const c = await seats.claimAtTable(params.id, body.pc);
        return { status: 201, body: { seatKey: c.seatKey, seat: c.seat, url: tableUrl(baseUrl(ctx, req), params.id, c.seatKey, false) } };
      },
    }),
    route({
      method: 'DELETE',
      url: '/api/campaigns/:id/seats/mine',
      operationId: 'leaveTableSeat',
      summary: 'Stand up from the campaign\'s table (a seat key).',
      tags,
      auth: 'table',
      params: campaignIdParams,
      responses: { 200: { description: 'Left.', schema: done }, ...errors(401, 404, 409) },
      handler: async ({ access }) => {
        if (!access?.seat) throw notSeated();
        await seats.leave(access.seat);
        return { body: { ok: true } };
      },
    }),
  ];
}
