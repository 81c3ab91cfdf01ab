/**
 * The turn timer as a screen shows it, from the turn's start and paused time (the server's clock, the
 * encounter's `clock`) and the GM's setting: counting up, or down from N seconds to a cue at zero (then
 * the time over, "+0:12"). Nothing happens at zero but the cue. Pure: the GM screen, the phones and the
 * TV all read it this way.
 */
export interface TimerInput {
  readonly mode: 'up' | 'down';
  readonly seconds: number;
  /** When the current turn started (server ms); null: no turn to time (setup, the GM's table, the end). */
  readonly startedAt: number | null;
  readonly pausedAt: number | null;
  readonly pausedMs: number;
}

export interface TimerReading {
  /** "1:32", "0:07", "+0:12" (a countdown past zero), "–:––" when no turn is timed. */
  readonly text: string;
  /** A countdown reached zero: the cue (a colour, and on the GM screen an opt-in beep). */
  readonly over: boolean;
  readonly paused: boolean;
  /** A turn is timed and the clock runs: the screen redraws it. */
  readonly running: boolean;
  /** Whole seconds shown (elapsed counting up, left counting down; negative once over). */
  readonly shown: number;
}

const clock = (secs: number): string => {
  const s = Math.abs(secs);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
};

/** The timer at `now` (the server's time as the page reckons it: server-clock.ts). */
export function readTimer(t: TimerInput, now: number): TimerReading {
  const paused = t.pausedAt !== null;
  if (t.startedAt === null) return { text: '–:––', over: false, paused, running: false, shown: 0 };
  const elapsed = Math.max(0, (t.pausedAt ?? now) - t.startedAt - t.pausedMs);
  if (t.mode === 'up') {
    const shown = Math.floor(elapsed / 1000);
    return { text: clock(shown), over: false, paused, running: !paused, shown };
  }
  const left = t.seconds * 1000 - elapsed;
  if (left > 0) {
    const shown = Math.ceil(left / 1000);
    return { text: clock(shown), over: false, paused, running: !paused, shown };
  }
  const over = Math.floor(-left / 1000);
  return { text: `+${clock(over)}`, over: true, paused, running: !paused, shown: -over };
}
