/**
 * A short two-tone beep made in the page (an oscillator): no sound file. The AudioContext is made on
 * the first `beep()` or `unlock()`, which should follow a click: browsers let a page sound only then.
 */
type AudioCtor = typeof AudioContext;

export const audioCtor = (): AudioCtor | undefined =>
  (window as unknown as { AudioContext?: AudioCtor }).AudioContext ?? (window as unknown as { webkitAudioContext?: AudioCtor }).webkitAudioContext;

export class Beeper {
  private audio: AudioContext | null = null;

  /** Makes (or wakes) the AudioContext: call it from a click. */
  unlock(): AudioContext | null {
    const Ctor = audioCtor();
    if (!this.audio && Ctor) this.audio = new Ctor();
    void this.audio?.resume().catch(() => {});
    return this.audio;
  }

  /** `tones`: the two pitches in Hz; falling by default (the timer's zero), rising for "you're up". */
  beep(tones: readonly [number, number] = [880, 660]): void {
    const ctx = this.unlock();
    if (!ctx) return;
    const t = ctx.currentTime;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.setValueAtTime(tones[0], t);
    osc.frequency.setValueAtTime(tones[1], t + 0.14);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.3, t + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.34);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + 0.36);
  }
}
