import { describe, expect, it } from 'vitest';
import { holdEarlyKeys } from './early-keys.ts';

/** A key press as the window sees it (Node has EventTarget and Event, not KeyboardEvent). */
function press(target: EventTarget, key: string): KeyboardEvent {
  const e = Object.assign(new Event('keydown', { cancelable: true }), { key }) as unknown as KeyboardEvent;
  target.dispatchEvent(e);
  return e;
}

/** Tasks run by hand, to see what happens in each. */
function tasks() {
  const queue: (() => void)[] = [];
  return {
    later: (f: () => void) => {
      queue.push(f);
      return () => void queue.splice(queue.indexOf(f), 1);
    },
    runOne: () => queue.shift()?.(),
    get pending() {
      return queue.length;
    },
  };
}

describe('keys pressed before the screen is ready', () => {
  it('are held from the moment the screen shows, then done in order, one per task', () => {
    const win = new EventTarget();
    const t = tasks();
    let shown = false;
    const keys = holdEarlyKeys(win, () => shown, t.later);
    expect(press(win, 'n').defaultPrevented).toBe(false);
    shown = true;
    const held = [press(win, '7'), press(win, 'Enter')];
    expect(held.every((e) => e.defaultPrevented)).toBe(true);
    expect(keys.held).toBe(2);
    const done: string[] = [];
    keys.handOver((e) => done.push(e.key));
    expect(done).toEqual([]);
    t.runOne();
    expect(done).toEqual(['7']);
    // A key pressed while they are done waits behind them.
    press(win, 'n');
    t.runOne();
    t.runOne();
    expect(done).toEqual(['7', 'Enter', 'n']);
    t.runOne();
    expect(t.pending).toBe(0);
    // From now on the screen's own handler has the keys: none is held.
    expect(press(win, 'u').defaultPrevented).toBe(false);
    expect(keys.held).toBe(0);
    expect(done).toEqual(['7', 'Enter', 'n']);
  });

  it("leaves alone keys that do nothing on the screen, and those something else handled first (a tie's number keys)", () => {
    const win = new EventTarget();
    win.addEventListener('keydown', (e) => {
      if ((e as KeyboardEvent).key === '3') e.preventDefault();
    });
    const keys = holdEarlyKeys(win, (e) => e.key !== 'F5', tasks().later);
    expect(press(win, 'F5').defaultPrevented).toBe(false);
    press(win, '3');
    expect(keys.held).toBe(0);
    press(win, '4');
    expect(keys.held).toBe(1);
  });

  it('with nothing held, hands over at once; paused (the screen went away), goes on at the next hand-over', () => {
    const win = new EventTarget();
    const t = tasks();
    const keys = holdEarlyKeys(win, () => true, t.later);
    press(win, 'j');
    press(win, 'k');
    const done: string[] = [];
    const pause = keys.handOver((e) => done.push(e.key));
    t.runOne();
    pause();
    expect(t.pending).toBe(0);
    keys.handOver((e) => done.push(`again ${e.key}`));
    t.runOne();
    t.runOne();
    expect(done).toEqual(['j', 'again k']);
    expect(press(win, 'x').defaultPrevented).toBe(false);
  });
});
