import { describe, expect, it } from 'vitest';
import { readTimer } from './turn-timer.ts';
import { noteServerNow, resetServerClock, serverNow } from './server-clock.ts';

const T = 1_700_000_000_000;

describe('readTimer', () => {
  it('counts down from the turn start, paused time left out, then the cue at zero and the time over', () => {
    const down = { mode: 'down' as const, seconds: 30, startedAt: T, pausedAt: null, pausedMs: 0 };
    expect(readTimer(down, T)).toMatchObject({ text: '0:30', over: false, running: true });
    expect(readTimer(down, T + 1_200).text).toBe('0:29');
    expect(readTimer({ ...down, pausedMs: 10_000 }, T + 25_000).text).toBe('0:15');
    expect(readTimer(down, T + 30_000)).toMatchObject({ text: '+0:00', over: true });
    expect(readTimer(down, T + 42_500)).toMatchObject({ text: '+0:12', over: true });
  });

  it('counts up; paused, it stands still at the pause', () => {
    const up = { mode: 'up' as const, seconds: 30, startedAt: T, pausedAt: T + 65_000, pausedMs: 0 };
    expect(readTimer(up, T + 500_000)).toMatchObject({ text: '1:05', paused: true, running: false });
    expect(readTimer({ ...up, pausedAt: null }, T + 3_723_000).text).toBe('1:02:03');
  });

  it('no turn timed: a dash, not running', () => {
    expect(readTimer({ mode: 'down', seconds: 30, startedAt: null, pausedAt: null, pausedMs: 0 }, T)).toMatchObject({ text: '–:––', running: false, over: false });
  });
});

describe('the server clock as the page reckons it', () => {
  it('keeps the largest recent offset (a message is late, never early)', () => {
    resetServerClock();
    expect(serverNow(1000)).toBe(1000);
    noteServerNow(T + 5_000, T);
    noteServerNow(T + 4_800, T);
    noteServerNow('soon', T);
    expect(serverNow(T)).toBe(T + 5_000);
    resetServerClock();
  });
});
