/**
 * A forecast's runs shared out between this thread and worker threads (forecast-thread.ts): the runs are
 * cut into parts, each thread takes the next part when it is free, and the tallies merge into exactly
 * the answer one thread gives (src/forecast/tally.ts). This thread plays parts too, so the forecast never
 * waits for a worker to start, and a worker that fails gives its part back.
 */
import type { Worker } from 'node:worker_threads';
import { answerOf, mergeTallies, playRuns } from '../../forecast/index.ts';
import type { ForecastAnswer, ForecastOptions, ForecastPlan, Tally } from '../../forecast/index.ts';
import { planOf } from './forecast-job.ts';
import type { ForecastSource, FromThread, ThreadOptions, ToThread } from './forecast-job.ts';
import { startThread, threadEntry } from '../../threads/start-thread.ts';

type Part = readonly [from: number, to: number];

interface Helper {
  readonly worker: Worker;
  ready: boolean;
  gone: boolean;
  /** The job it was last sent (a thread plans each job once). */
  job: number;
  /** Parts sent and not yet answered, in the order it plays them (two, so it never waits for the next). */
  readonly parts: Part[];
}

/** Parts a worker holds at once: the one it plays and the next. */
const QUEUED = 2;

interface Active {
  readonly job: number;
  readonly plan: ForecastPlan;
  readonly source: ForecastSource;
  readonly options: ThreadOptions;
  readonly size: number;
  next: number;
  readonly retry: Part[];
  readonly tallies: Tally[];
  stopped: boolean;
  outstanding: number;
  /** Runs played by this thread. */
  here: number;
  over(): boolean;
  wake: (() => void) | null;
}

/** Runs in one part: small enough to share out evenly, big enough that messages cost nothing. */
export function partSize(runs: number, threads: number): number {
  return Math.max(25, Math.min(500, Math.ceil(runs / (threads * 10))));
}

export class ForecastThreads {
  private readonly helpers: Helper[] = [];
  /** One per worker thread: settled once it is up, or gone. */
  private readonly starting: Promise<void>[] = [];
  private active: Active | null = null;
  private jobs = 0;
  /** The last forecast's runs, by who played them: this thread and the worker threads. */
  lastShare = { here: 0, helpers: 0 };

  /** This thread and `helpers` worker threads (started now; they join a forecast once they are up). */
  constructor(helpers: number) {
    for (let i = 0; i < helpers; i++) this.startHelper();
  }

  /** Worker threads that are up and able to take parts. */
  get ready(): number {
    return this.helpers.filter((h) => h.ready && !h.gone).length;
  }

  /** Resolves once every worker thread is up (or gone). */
  async whenReady(): Promise<void> {
    await Promise.all(this.starting);
  }

  /** The forecast of `source`, shared out; answers as `forecast` would (a problem is a value, never a throw). */
  async forecast(source: ForecastSource, options: ForecastOptions = {}): Promise<ForecastAnswer> {
    if (this.active) return { ok: false, code: 'forecast/busy', message: 'A forecast is already under way on these threads.' };
    const { clock, timeBudgetMs, ...threadOptions } = options;
    const plan = planOf(source, threadOptions);
    if ('ok' in plan) return plan;
    const began = clock?.();
    const over = () => clock !== undefined && began !== undefined && timeBudgetMs !== undefined && clock() - began > timeBudgetMs;
    const a: Active = {
      job: ++this.jobs,
      plan,
      source,
      options: threadOptions,
      size: partSize(plan.runs, this.helpers.length + 1),
      next: 0,
      retry: [],
      tallies: [],
      stopped: false,
      outstanding: 0,
      here: 0,
      over,
      wake: null,
    };
    this.active = a;
    try {
      for (const h of this.helpers) this.feed(h);
      for (;;) {
        const part = this.take(a);
        if (part) {
          const left = timeBudgetMs !== undefined && clock && began !== undefined ? { clock, ms: timeBudgetMs - (clock() - began) } : undefined;
          const t = playRuns(plan, part[0], part[1], left);
          a.tallies.push(t);
          a.here += t.made;
          if (t.stopped || over()) a.stopped = true;
          // Let the worker threads' answers in, so they get their next part.
          await new Promise((r) => setImmediate(r));
        } else if (a.outstanding > 0) {
          await new Promise<void>((r) => (a.wake = r));
          a.wake = null;
        } else break;
      }
      const all = a.tallies.reduce(mergeTallies);
      this.lastShare = { here: a.here, helpers: all.made - a.here };
      return answerOf(plan, { ...all, stopped: all.stopped || all.made < plan.runs }, timeBudgetMs);
    } finally {
      this.active = null;
    }
  }

  /** Ends the worker threads. */
  async close(): Promise<void> {
    await Promise.all(this.helpers.map((h) => h.worker.terminate()));
    this.helpers.length = 0;
    this.starting.length = 0;
  }

  private take(a: Active): Part | null {
    const back = a.retry.pop();
    if (back) return back;
    if (a.stopped || a.next >= a.plan.runs) return null;
    const from = a.next;
    a.next = Math.min(a.plan.runs, from + a.size);
    return [from, a.next];
  }

  /** Keep an able worker thread holding its parts of the forecast under way. */
  private feed(h: Helper): void {
    const a = this.active;
    if (!a || !h.ready || h.gone) return;
    while (h.parts.length < QUEUED) {
      const part = this.take(a);
      if (!part) return;
      if (h.job !== a.job) {
        this.post(h, { type: 'job', job: a.job, source: a.source, options: a.options });
        h.job = a.job;
      }
      h.parts.push(part);
      a.outstanding++;
      this.post(h, { type: 'part', job: a.job, from: part[0], to: part[1] });
    }
  }

  private post(h: Helper, message: ToThread): void {
    h.worker.postMessage(message);
  }

  /** A worker's part is over and counted; or the worker is gone, and the parts it held are played here. */
  private settle(h: Helper, tally: Tally | null): void {
    const a = this.active;
    const done = tally ? h.parts.splice(0, 1) : h.parts.splice(0);
    if (!a || done.length === 0) return;
    a.outstanding -= done.length;
    if (tally) a.tallies.push(tally);
    else a.retry.push(...done);
    if (a.over()) a.stopped = true;
    this.feed(h);
    a.wake?.();
  }

  private startHelper(): void {
    const worker = startThread(threadEntry('forecast-thread', import.meta.url));
    const h: Helper = { worker, ready: false, gone: false, job: 0, parts: [] };
    this.helpers.push(h);
    let settled!: () => void;
    this.starting.push(new Promise<void>((r) => (settled = r)));
    // A worker's own problem never fails the forecast: its part is played here instead.
    worker.on('message', (m: FromThread) => {
      if (m.type === 'ready') {
        h.ready = true;
        settled();
        this.feed(h);
      } else if (m.type === 'tally') {
        if (m.job === this.active?.job) this.settle(h, m.tally);
      } else if (m.job === this.active?.job) {
        h.gone = true;
        this.settle(h, null);
      }
    });
    const lost = () => {
      h.gone = true;
      settled();
      this.settle(h, null);
    };
    worker.on('error', lost);
    worker.on('exit', lost);
  }
}
