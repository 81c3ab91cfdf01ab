import type { ForecastJob, ForecastReply } from './forecast-job.ts';

type Listener = (reply: ForecastReply) => void;

/**
 * One forecast at a time in a Web Worker of its own, made on the first job (so the worker's code is
 * fetched only when a forecast is asked for). A forecast is one long computation the worker cannot
 * interrupt: a newer job, or `cancel`, ends the busy worker, and the next job makes a fresh one. An idle
 * worker is kept for the next job.
 */
export class ForecastRunner {
  private worker: Worker | null = null;
  private current: { readonly id: number; readonly listener: Listener } | null = null;
  private next = 1;

  run(job: ForecastJob, listener: Listener): void {
    this.cancel();
    const id = this.next++;
    this.current = { id, listener };
    try {
      this.workerNow().postMessage({ id, job });
    } catch (error) {
      this.current = null;
      listener({ id, stage: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Stop the job under way, if any: its answer would be stale. */
  cancel(): void {
    if (!this.current) return;
    this.current = null;
    this.end();
  }

  /** The page no longer wants forecasts: the worker goes. */
  close(): void {
    this.current = null;
    this.end();
  }

  private end(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  private workerNow(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./forecast-worker.ts', import.meta.url), { type: 'module', name: 'forecast' });
    w.onmessage = (e: MessageEvent<ForecastReply>) => {
      const c = this.current;
      if (!c || e.data.id !== c.id) return;
      if (e.data.stage !== 'preview') this.current = null;
      c.listener(e.data);
    };
    w.onerror = (e) => {
      e.preventDefault();
      const c = this.current;
      this.current = null;
      this.end();
      c?.listener({ id: c.id, stage: 'error', message: e.message || 'The forecast could not be loaded.' });
    };
    this.worker = w;
    return w;
  }
}
