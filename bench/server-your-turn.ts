/**
 * The "you're up" part of the server benchmark: fights where the GM ends turns (custom rules, two PCs
 * taking turns) and two of each fight's M listeners are seated phones (a seat key each, as a phone that
 * pressed "Take this seat"). A seated phone parses every update as the page does and asks `turnFor`
 * (src/web/player/your-turn.ts, the banner's own function) whether its character is up; the time from
 * the GM's send to the moment that answer turns "up" is the latency from the GM's click to "You're up".
 */
import type { App } from '../src/server/http/index.ts';
import type { LoadTarget } from './server-load.ts';

/** Two PCs with initiative, started: each end of turn makes the other one up. */
export function turnEncounter(i: number): Record<string, unknown> {
  return {
    rules: 'custom',
    title: `Table ${i + 1}`,
    combatants: [
      { name: 'Vasquez', kind: 'pc', hp: 30 },
      { name: 'Kade', kind: 'pc', hp: 30 },
    ],
    commands: [
      { type: 'set-initiative', combatant: 'Vasquez', total: 15 },
      { type: 'set-initiative', combatant: 'Kade', total: 10 },
      { type: 'start' },
    ],
  };
}

/** The `n` fights in `app` (in-process), each with both PCs seated through the player link. */
export async function createTurnEncounters(app: App, n: number): Promise<LoadTarget[]> {
  const targets: LoadTarget[] = [];
  const auth = (key: string) => ({ authorization: `Bearer ${key}` });
  for (let i = 0; i < n; i++) {
    const r = await app.fastify.inject({ method: 'POST', url: '/api/encounters', headers: auth(app.ownerToken), payload: turnEncounter(i) });
    const c = r.json() as LoadTarget;
    const seats: string[] = [];
    for (const combatant of ['Vasquez', 'Kade']) {
      const s = await app.fastify.inject({ method: 'POST', url: `/api/encounters/${c.id}/seats`, headers: auth(c.playerKey), payload: { combatant } });
      if (s.statusCode !== 201) throw new Error(`seat: ${s.statusCode} ${s.body}`);
      seats.push((s.json() as { seatKey: string }).seatKey);
    }
    targets.push({ id: c.id, gmKey: c.gmKey, playerKey: c.playerKey, seats });
  }
  return targets;
}
