/**
 * A forecast worker thread (forecast-threads.ts): plans each job it is sent once, then plays the parts
 * of it it is given and sends back their tallies.
 */
import { parentPort } from 'node:worker_threads';
import { playRuns } from '../../forecast/index.ts';
import type { ForecastPlan } from '../../forecast/index.ts';
import { planOf } from './forecast-job.ts';
import type { FromThread, ToThread } from './forecast-job.ts';

const port = parentPort!;
let current: { readonly job: number; readonly plan: ForecastPlan | string } | null = null;

function send(message: FromThread): void {
  port.postMessage(message);
}

port.on('message', (m: ToThread) => {
  if (m.type === 'job') {
    const plan = planOf(m.source, m.options);
    current = { job: m.job, plan: 'ok' in plan ? plan.message : plan };
    return;
  }
  const fail = (message: string) => send({ type: 'failed', job: m.job, from: m.from, to: m.to, message });
  if (!current || current.job !== m.job) return fail('the thread was not given this forecast');
  if (typeof current.plan === 'string') return fail(current.plan);
  try {
    send({ type: 'tally', job: m.job, tally: playRuns(current.plan, m.from, m.to) });
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
});
send({ type: 'ready' });
