/**
 * Keys pressed in the moment after the GM screen first shows, before its keyboard handler is ready.
 * React attaches the screen's own listeners (the shortcuts, the damage bar's D and H) after it has
 * painted, and on a slow device that takes a while: a key pressed then would be lost while a click
 * was kept (clicks go through React's root listener, there from the start). So the entry listens
 * before the screen renders; a key that does something on the screen as shown (`take`) is held, and
 * once the screen is ready it is handed over, with the keys pressed while those are done, one per
 * task and in the order pressed, each as if pressed then.
 */
export interface EarlyKeys {
  /**
   * Hands the keys held so far to `run`, one per task, then any pressed meanwhile; once none is left
   * the keys go to the screen's own handler. Returns a function that pauses (the screen went away);
   * a later hand-over goes on from where it stopped.
   */
  handOver(run: (e: KeyboardEvent) => void): () => void;
  /** How many keys are held now. */
  readonly held: number;
}

type Target = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * Starts holding keys on `target` (the window): those `take` says do something now, unless something
 * else handled them first. `later` runs a function in the next task (tests pass their own).
 */
export function holdEarlyKeys(target: Target, take: (e: KeyboardEvent) => boolean, later: (f: () => void) => () => void = nextTask): EarlyKeys {
  const held: KeyboardEvent[] = [];
  let run: ((e: KeyboardEvent) => void) | null = null;
  let cancel: (() => void) | null = null;
  let listening = true;
  const pump = () => {
    cancel = null;
    if (!run) return;
    const e = held.shift();
    if (!e) {
      // Done: the screen's handler has the keys from now on.
      target.removeEventListener('keydown', on);
      listening = false;
      return;
    }
    run(e);
    cancel = later(pump);
  };
  const on = (event: Event) => {
    const e = event as KeyboardEvent;
    if (e.defaultPrevented || !take(e)) return;
    e.preventDefault();
    held.push(e);
    if (run && !cancel) cancel = later(pump);
  };
  target.addEventListener('keydown', on);
  return {
    handOver(r) {
      run = r;
      if (listening && !cancel) cancel = later(pump);
      return () => {
        run = null;
        cancel?.();
        cancel = null;
      };
    },
    get held() {
      return held.length;
    },
  };
}

function nextTask(f: () => void): () => void {
  const t = setTimeout(f, 0);
  return () => clearTimeout(t);
}
