import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../server/live/index.ts';
import type { Incoming } from './encounter-store.ts';
import { deliver } from './server-transport.ts';

function recorder() {
  const calls: unknown[][] = [];
  const on: Incoming = {
    events: (...a) => void calls.push(['events', ...a]),
    request: (r) => void calls.push(['request', r]),
    settings: (s) => void calls.push(['settings', s]),
    status: (...a) => void calls.push(['status', ...a]),
    reset: (v) => void calls.push(['reset', v]),
  };
  return { on, calls };
}

describe('the GM socket’s messages', () => {
  it('turns a hello with reset (the server restored from an older backup) into a reset to its version, before the events from seq 1', () => {
    const { on, calls } = recorder();
    const messages: ServerMessage[] = [
      { type: 'hello', role: 'gm', encounter: 'e', version: 3, reset: true, v: 1 },
      { type: 'events', from: 1, seq: 3, events: [], log: [], marks: [], v: 1 },
    ];
    for (const m of messages) deliver(m, on);
    expect(calls).toEqual([['reset', 3], ['events', 3, [], [], []]]);
  });

  it('takes a plain hello as nothing to do, and a deleted encounter as the end', () => {
    const { on, calls } = recorder();
    deliver({ type: 'hello', role: 'gm', encounter: 'e', version: 9, v: 1 }, on);
    expect(calls).toEqual([]);
    deliver({ type: 'closed', reason: 'deleted', v: 1 }, on);
    expect(calls).toEqual([['status', 'failed', 'This encounter was deleted.']]);
  });
});
