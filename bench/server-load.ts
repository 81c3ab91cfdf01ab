/**
 * The load generator of the server benchmark: for each encounter, one GM sending commands over HTTP
 * (keep-alive) and M player sockets listening. A GM has one command in flight: it sends, waits for the
 * answer and for every listener to receive the update, pauses `thinkMs`, and sends the next. Latency
 * is measured from the send to the receipt by each listener (and by the last of them). Runs in a worker
 * thread (the server keeps the main thread) or in-process for the smoke test. With several server
 * instances an encounter's GM may send to one (`gmBase`) and its listeners listen on another
 * (`listenBase`). The GMs share one keep-alive connection per server by default (their commands go one
 * at a time); `connectionPerGm` gives each GM a connection of its own, as GMs at their own tables have.
 */
import { Agent, request } from 'node:http';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { SeatReader } from './seat-reader.ts';

export interface LoadTarget {
  readonly id: string;
  readonly gmKey: string;
  readonly playerKey: string;
  /** Where the GM sends its commands (default: the config's `base`). */
  readonly gmBase?: string;
  /** Where the listeners open their sockets (default: the config's `base`). */
  readonly listenBase?: string;
  /** Seat keys: that many of the M listeners are seated phones (bench/server-your-turn.ts). */
  readonly seats?: readonly string[];
}

export interface LoadConfig {
  readonly base: string;
  readonly encounters: readonly LoadTarget[];
  readonly listeners: number;
  readonly warmupMs: number;
  readonly durationMs: number;
  /** Pause of each GM between a command's last receipt and the next send. */
  readonly thinkMs: number;
  /** A keep-alive connection per GM, rather than one per server shared by all GMs (default false). */
  readonly connectionPerGm?: boolean;
  /** The GMs end turns (`end-turn`) instead of damaging and healing, and seated phones time "you're up". */
  readonly turns?: boolean;
}

export interface LoadResult {
  /** Commands completed (answered and received by every listener) in the measured window. */
  readonly commands: number;
  readonly elapsedMs: number;
  /** Send → receipt by one listener, every listener of every command (ms). */
  readonly perListener: number[];
  /** Send → receipt by the last listener of the command (ms). */
  readonly allListeners: number[];
  /** Send → HTTP answer (ms). */
  readonly acks: number[];
  /** Send → a seated phone reads "You're up" (ms; runs with `turns`). */
  readonly ups: number[];
  readonly errors: number;
  /** Share of the measured window the load generator's own event loop was busy (0..1). */
  readonly generatorBusy: number;
}

interface Inflight {
  sentAt: number;
  after: number;
  received: number;
  answered: boolean;
  measured: boolean;
}

/** `ready` is called once every listener is connected and caught up, before the first command. */
export async function runLoad(cfg: LoadConfig, ready: () => void = () => undefined): Promise<LoadResult> {
  const perListener: number[] = [];
  const allListeners: number[] = [];
  const acks: number[] = [];
  const ups: number[] = [];
  let errors = 0;
  let commands = 0;
  let measuring = false;
  let stopping = false;
  const sockets: WebSocket[] = [];
  const inflight = new Map<string, Inflight>();
  const versions = new Map<string, number>();
  const next = new Map<string, () => void>();

  const finishIfDone = (id: string): void => {
    const f = inflight.get(id);
    if (!f || !f.answered || f.received < cfg.listeners) return;
    inflight.delete(id);
    if (f.measured) {
      allListeners.push(performance.now() - f.sentAt);
      commands++;
    }
    next.get(id)?.();
  };

  // Listeners: every player socket of every encounter (the seated phones among them), caught up before the load starts.
  await Promise.all(
    cfg.encounters.flatMap((e) =>
      Array.from(
        { length: cfg.listeners },
        (_, i) =>
          new Promise<void>((resolve, reject) => {
            const seat = e.seats?.[i];
            const ws = new WebSocket(`${(e.listenBase ?? cfg.base).replace(/^http/, 'ws')}/api/encounters/${e.id}/live?key=${seat ?? e.playerKey}`);
            sockets.push(ws);
            let ready = false;
            const reader = seat ? new SeatReader() : null;
            ws.on('message', (data: Buffer) => {
              // A seated phone reads every message as the page does: is its character up now?
              if (reader?.read(data.toString()) && ready) {
                const f = inflight.get(e.id);
                if (f?.measured) ups.push(performance.now() - f.sentAt);
              }
              // Only the head matters here ({"type":"update","from":F,"seq":S,...}): no need to parse the view.
              const head = /^\{"type":"(\w+)","from":\d+,"seq":(\d+)/.exec(data.toString('latin1', 0, 80));
              if (!head || head[1] !== 'update') return;
              const seq = Number(head[2]);
              if (!ready) {
                ready = true;
                versions.set(e.id, seq);
                resolve();
                return;
              }
              const f = inflight.get(e.id);
              if (!f || seq <= f.after) return;
              if (f.measured) perListener.push(performance.now() - f.sentAt);
              f.received++;
              finishIfDone(e.id);
            });
            ws.on('error', reject);
          }),
      ),
    ),
  );

  ready();
  // maxSockets counts per host and port: one connection per server, unless each GM has an agent of its own.
  const agents: Agent[] = [];
  const newAgent = (): Agent => {
    const a = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(a);
    return a;
  };
  const shared = cfg.connectionPerGm ? undefined : newAgent();
  const post = (agent: Agent, url: URL, path: string, key: string, body: string): Promise<{ status: number; body: string }> =>
    new Promise((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, path, method: 'POST', agent, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  const gm = (e: LoadTarget): Promise<void> =>
    new Promise((done) => {
      let n = 0;
      const agent = shared ?? newAgent();
      const server = new URL(e.gmBase ?? cfg.base);
      const send = (): void => {
        if (stopping) return done();
        const f: Inflight = { sentAt: performance.now(), after: versions.get(e.id) ?? 0, received: 0, answered: false, measured: measuring };
        inflight.set(e.id, f);
        // A command a listener never receives (a dropped socket) is an error, not a stall.
        setTimeout(() => {
          if (inflight.get(e.id) !== f) return;
          errors++;
          inflight.delete(e.id);
          send();
        }, 5000);
        const command = cfg.turns ? { type: 'end-turn' } : n++ % 2 === 0 ? { type: 'damage', combatants: ['Ogre'], amount: 1 } : { type: 'heal', combatants: ['Ogre'], amount: 1 };
        post(agent, server, `/api/encounters/${e.id}/commands?view=false`, e.gmKey, JSON.stringify(command))
          .then((r) => {
            const body = JSON.parse(r.body) as { version?: number };
            if (r.status !== 200 || body.version === undefined) throw new Error(`status ${r.status}`);
            if (f.measured) acks.push(performance.now() - f.sentAt);
            versions.set(e.id, body.version);
            f.answered = true;
            finishIfDone(e.id);
          })
          .catch(() => {
            errors++;
            inflight.delete(e.id);
            setTimeout(send, 100);
          });
      };
      next.set(e.id, () => (cfg.thinkMs > 0 ? setTimeout(send, cfg.thinkMs) : setImmediate(send)));
      // Spread the GMs' first commands over one pause, as a table of real GMs would be.
      setTimeout(send, Math.random() * Math.max(cfg.thinkMs, 1));
    });

  const loops = cfg.encounters.map(gm);
  await new Promise((r) => setTimeout(r, cfg.warmupMs));
  measuring = true;
  const elu = performance.eventLoopUtilization();
  const start = performance.now();
  await new Promise((r) => setTimeout(r, cfg.durationMs));
  measuring = false;
  const generatorBusy = performance.eventLoopUtilization(elu).utilization;
  const elapsedMs = performance.now() - start;
  stopping = true;
  await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 5000 + cfg.thinkMs))]);
  for (const ws of sockets) ws.terminate();
  for (const a of agents) a.destroy();
  return { commands, elapsedMs, perListener, allListeners, acks, ups, errors, generatorBusy };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  runLoad(workerData as LoadConfig, () => port.postMessage({ ready: true })).then(
    (r) => port.postMessage({ ok: true, result: r }),
    (e: unknown) => port.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) }),
  );
}
