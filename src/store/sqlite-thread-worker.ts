/**
 * The worker side of ThreadedSqliteEventStore: owns the SQLite connection, runs each call and answers
 * with its result or its error (code and fields, so the caller can rebuild it).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteEventStore } from './sqlite-event-store.ts';
import type { SqliteOptions } from './sqlite-event-store.ts';
import { workerSide } from './sqlite-thread-bytes.ts';

export interface CallMessage {
  readonly id: number;
  readonly method: string;
  readonly args: unknown[];
}

export type ReplyMessage =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: Record<string, unknown> };

export function errorFields(e: unknown): Record<string, unknown> {
  if (typeof e !== 'object' || e === null) return { message: String(e) };
  const x = e as Record<string, unknown>;
  const out: Record<string, unknown> = { name: x.name, message: x.message, code: x.code };
  for (const k of ['encounterId', 'expectedVersion', 'actualVersion', 'limit', 'subject', 'campaignId', 'target']) if (k in x) out[k] = x[k];
  return out;
}

const port = parentPort;
if (port) {
  const { path, options } = workerData as { path: string; options: SqliteOptions };
  let store: SqliteEventStore | undefined;
  try {
    store = new SqliteEventStore(path, options);
    port.postMessage({ ready: true });
  } catch (e) {
    // The answer says why; the opener ends this thread (throwing here too would race the answer).
    port.postMessage({ ready: false, error: errorFields(e) });
  }
  if (store) serve(port, store);
}

function serve(port: NonNullable<typeof parentPort>, store: SqliteEventStore): void {
  let outbox: ReplyMessage[] = [];
  const reply = (r: ReplyMessage): void => {
    if (outbox.push(r) === 1) {
      setImmediate(() => {
        const batch = outbox;
        outbox = [];
        port.postMessage(JSON.stringify(batch));
      });
    }
  };
  port.on('message', (batch: string) => {
    for (const m of JSON.parse(batch) as CallMessage[]) {
      // "seats.claimSeat": a method of one of the store's parts.
      const [part, name] = m.method.includes('.') ? m.method.split('.', 2) : [null, m.method];
      const target = (part === null ? store : (store as unknown as Record<string, unknown>)[part!]) as Record<string, (...a: unknown[]) => Promise<unknown>> | undefined;
      const method = target?.[name!];
      if (typeof method !== 'function') {
        reply({ id: m.id, ok: false, error: { message: `No store method ${m.method}.` } });
        continue;
      }
      // JSON turns a missing (undefined) argument into null; no store method takes a null.
      const wire = workerSide[m.method];
      const args = m.args.map((a) => (a === null ? undefined : a));
      method.apply(target, wire?.args ? wire.args(args) : args).then(
        (value) => reply({ id: m.id, ok: true, value: wire?.value ? wire.value(value) : value }),
        (e: unknown) => reply({ id: m.id, ok: false, error: errorFields(e) }),
      );
    }
  });
}
