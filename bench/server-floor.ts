/**
 * The floor of the server benchmark: the least a server must do for the same load, to state
 * Turnkeeper's figures as a ratio of it. A bare Fastify app with @fastify/websocket, speaking just
 * enough of Turnkeeper's protocol for the load generator (bench/server-load.ts): `POST
 * /api/encounters/:id/commands` does one INSERT of the command into a table with the same columns and
 * primary key as Turnkeeper's events (`(encounter_id, seq)`, autocommit), then sends
 * `{"type":"update","from":seq,"seq":seq,...}` to the encounter's sockets and answers `{"version":seq}`;
 * `GET /api/encounters/:id/live` sends the current seq and joins the encounter's room. No engine, no
 * keys checked, no view or log built, no limits, one process (its broadcast never crosses instances),
 * the seq counted in memory (the load has one command in flight per encounter). On PostgreSQL (a pool
 * of 10, as Turnkeeper's) or SQLite (WAL, synchronous=normal, on the main thread).
 */
import { randomBytes } from 'node:crypto';
import websocket from '@fastify/websocket';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import type { WebSocket } from 'ws';
import type { LoadTarget } from './server-load.ts';

export interface FloorDatabase {
  /** One row, committed when the promise resolves. */
  insert(encounterId: string, seq: number, type: string, data: string, recordedAt: string): Promise<void>;
  close(): Promise<void>;
}

/** The columns, types and primary key of Turnkeeper's events table on each database (no foreign key, no triggers). */
const PG_TABLE = `
  CREATE TABLE IF NOT EXISTS floor_events (
    encounter_id text NOT NULL,
    seq          bigint NOT NULL,
    cmd          bigint NOT NULL,
    type         text NOT NULL,
    data         json NOT NULL,
    recorded_at  text NOT NULL,
    PRIMARY KEY (encounter_id, seq)
  )`;
const SQLITE_TABLE = `
  CREATE TABLE IF NOT EXISTS floor_events (
    encounter_id TEXT NOT NULL,
    seq          INTEGER NOT NULL,
    cmd          INTEGER NOT NULL,
    type         TEXT NOT NULL,
    data         TEXT NOT NULL,
    recorded_at  TEXT NOT NULL,
    PRIMARY KEY (encounter_id, seq)
  ) STRICT, WITHOUT ROWID`;

export async function postgresFloor(url: string): Promise<FloorDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {});
  await pool.query(PG_TABLE);
  return {
    async insert(id, seq, type, data, at) {
      await pool.query('INSERT INTO floor_events (encounter_id, seq, cmd, type, data, recorded_at) VALUES ($1, $2, $2, $3, $4, $5)', [id, seq, type, data, at]);
    },
    close: () => pool.end(),
  };
}

export function sqliteFloor(file: string): FloorDatabase {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(SQLITE_TABLE);
  const insert = db.prepare('INSERT INTO floor_events (encounter_id, seq, cmd, type, data, recorded_at) VALUES (?, ?, ?, ?, ?, ?)');
  return {
    insert: async (id, seq, type, data, at) => void insert.run(id, seq, seq, type, data, at),
    close: async () => void db.close(),
  };
}

export interface Floor {
  readonly base: string;
  readonly encounters: LoadTarget[];
  close(): Promise<void>;
}

/** Starts the floor on 127.0.0.1 (port 0) with `n` encounters. */
export async function startFloor(db: FloorDatabase, n: number): Promise<Floor> {
  const rooms = new Map<string, { seq: number; sockets: Set<WebSocket> }>();
  const encounters: LoadTarget[] = [];
  for (let i = 0; i < n; i++) {
    const id = randomBytes(9).toString('base64url');
    rooms.set(id, { seq: 0, sockets: new Set() });
    encounters.push({ id, gmKey: 'floor-gm', playerKey: 'floor-player' });
  }
  const fastify = Fastify({ logger: false, forceCloseConnections: true });
  await fastify.register(websocket);
  fastify.get('/api/encounters/:id/live', { websocket: true }, (socket, req) => {
    const room = rooms.get((req.params as { id: string }).id);
    if (!room) return socket.close(1008, 'not-found');
    room.sockets.add(socket);
    socket.on('close', () => room.sockets.delete(socket));
    socket.send(`{"type":"update","from":0,"seq":${room.seq}}`);
  });
  fastify.post('/api/encounters/:id/commands', async (req, reply) => {
    const room = rooms.get((req.params as { id: string }).id);
    if (!room) return reply.code(404).send({ code: 'encounter/not-found' });
    const command = req.body as { type?: unknown };
    const seq = ++room.seq;
    await db.insert((req.params as { id: string }).id, seq, typeof command.type === 'string' ? command.type : 'unknown', JSON.stringify(command), new Date().toISOString());
    const update = JSON.stringify({ type: 'update', from: seq, seq, events: [{ seq, event: command }] });
    for (const s of room.sockets) s.send(update);
    return { version: seq };
  });
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = fastify.server.address();
  return {
    base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    encounters,
    close: async () => {
      await fastify.close();
      await db.close();
    },
  };
}
