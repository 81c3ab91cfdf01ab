/**
 * The turn timer in the turn bar: counting up or down (the GM's setting), from the turn's start as the
 * server's clock gave it (`view.clock`), redrawn every 250 ms while the page shows; Pause / Resume
 * (the "." key) pauses the clock for everyone. At zero a countdown turns red and, if the GM opted in,
 * beeps once (made in the page: ../../shared/beep.ts); nothing else happens.
 */
import { useEffect, useRef, useState } from 'react';
import { readTimer } from '../../shared/turn-timer.ts';
import { serverNow } from '../../shared/server-clock.ts';
import { Beeper } from '../../shared/beep.ts';
import { readStored, writeStored } from '../../shared/local-storage.ts';
import { useGm } from '../context.ts';

const PREFS = 'turnkeeper.gm.timer.v1';
const beeper = new Beeper();

/** Redraws every 250 ms while `on` and the page is visible. */
function useTick(on: boolean): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!on) return;
    let timer: ReturnType<typeof setInterval> | null = null;
    const start = () => {
      if (timer === null && document.visibilityState === 'visible') timer = setInterval(() => setTick((n) => n + 1), 250);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const changed = () => (document.visibilityState === 'visible' ? (setTick((n) => n + 1), start()) : stop());
    start();
    document.addEventListener('visibilitychange', changed);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', changed);
    };
  }, [on]);
}

export function TurnTimer() {
  const gm = useGm();
  const setting = gm.snap.settings?.timer;
  const { clock, status } = gm.view;
  const [sound, setSound] = useState(() => readStored<boolean>(PREFS).sound === true);
  const shown = setting !== undefined && setting.mode !== 'off' && status === 'running' && clock !== undefined;
  const reading = shown ? readTimer({ mode: setting.mode as 'up' | 'down', seconds: setting.seconds, startedAt: clock.turnStartedAt, pausedAt: clock.pausedAt, pausedMs: clock.pausedMs }, serverNow()) : null;
  useTick(reading?.running === true);
  // One beep per turn, when a countdown reaches zero while the GM watches.
  const beeped = useRef<number | null>(null);
  const turn = clock?.turnStartedAt ?? null;
  useEffect(() => {
    if (!reading?.over || !sound || beeped.current === turn) return;
    beeped.current = turn;
    if (reading.shown > -3) beeper.beep();
  });
  if (!shown || !reading) return null;
  const paused = reading.paused;
  const toggleSound = () => {
    const on = !sound;
    setSound(on);
    writeStored(PREFS, { sound: on });
    if (on) beeper.beep();
  };
  return (
    <span className={`turn-timer${reading.over ? ' timer-over' : ''}${paused ? ' timer-paused' : ''}`} data-testid="turn-timer">
      <span className="timer-time" role="timer" aria-label={`Turn timer${paused ? ', paused' : ''}`} title={setting.mode === 'down' ? `Counting down from ${setting.seconds} s` : 'Counting up'}>
        {reading.text}
      </span>
      {paused && <span className="timer-state">paused</span>}
      <button type="button" className="small" data-shortcut="pause" title="Pause or resume the turn clock (.)" onClick={() => void gm.send({ type: paused ? 'resume-clock' : 'pause-clock' }, paused ? 'Resume the clock' : 'Pause the clock')}>
        {paused ? 'Resume' : 'Pause'} <kbd aria-hidden="true">.</kbd>
      </button>
      {setting.mode === 'down' && (
        <button type="button" className="small timer-sound" aria-pressed={sound} title="Beep when the countdown reaches zero" onClick={toggleSound}>
          Beep
        </button>
      )}
    </span>
  );
}
