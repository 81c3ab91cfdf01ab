/** Where players' phones can reach this server (GM): the share dialog's LAN addresses. */
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { networkInfo } from '../network.ts';
import type { Interfaces } from '../network.ts';
import { route } from '../route.ts';
import type { RouteSpec } from '../route.ts';
import { idParams } from '../schemas.ts';
import { errors } from './common.ts';

/** How the route sees the machine: the listening address and the network interfaces (tests replace them). */
export interface NetworkProbe {
  readonly address: () => AddressInfo | string | null;
  readonly interfaces: () => Interfaces;
}

export const networkResponse = z.object({
  host: z.string().describe('The address the server listens on ("0.0.0.0": every interface; "127.0.0.1": this computer only).'),
  port: z.number().int(),
  reach: z.enum(['network', 'this-computer']).describe('"network": phones on the local network can open the addresses; "this-computer": they cannot (restart with HOST=0.0.0.0).'),
  addresses: z.array(z.string()).describe('Base addresses players can open, such as http://192.168.1.20:4646 (the public URL first when one is configured).'),
});

export function networkRoutes(ctx: AppContext, probe: NetworkProbe): RouteSpec[] {
  return [
    route({
      method: 'GET',
      url: '/api/encounters/:id/network',
      operationId: 'encounterNetwork',
      summary: "Where players' phones can reach this server (GM): its local network addresses, for the player link and its QR code.",
      tags: ['encounters'],
      auth: 'gm',
      params: idParams,
      responses: { 200: { description: 'The addresses.', schema: networkResponse }, ...errors(401, 403, 404, 429) },
      handler: () => ({ body: networkInfo(probe.address(), probe.interfaces(), ctx.publicUrl) }),
    }),
  ];
}
