/**
 * A batch's lines without the whole log: a copy loaded from the store (a big fight on another instance,
 * or taken in for one command) publishes each batch's lines, for the GM and for players, as the whole
 * log would give them, without building that log.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { runScript } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
import { defaultSettings } from '../players/index.ts';
import { batches, recordFor, secretFights } from '../players/testing.ts';
import { LoadedEncounter } from './loaded-encounter.ts';

const examples = ['swn', 'cwn', 'kuro', 'fallout', 'popcorn', 'custom'].map((rules) => ({
  rules,
  script: JSON.parse(readFileSync(new URL(`../../rules/${rules}/examples/fight.json`, import.meta.url), 'utf8')) as Record<string, unknown>,
}));

describe('a loaded encounter publishing a batch', () => {
  for (const fight of [...examples, ...secretFights]) {
    it(`gives the whole log's lines without building it: ${fight.rules}`, () => {
      const r = runScript(engine, fight.script, 1);
      expect(r.ok).toBe(true);
      const all = batches(r.events);
      const half = Math.floor(all.length / 2);
      // Loaded with the first half, then each later batch applied as the service does.
      const loaded = all.slice(0, half).flat();
      const lazy = new LoadedEncounter(engine, recordFor(fight.rules, defaultSettings, loaded.length), [...loaded]);
      const whole = new LoadedEncounter(engine, recordFor(fight.rules, defaultSettings, loaded.length), [...loaded]);
      whole.log();
      const log = vi.spyOn(engine, 'log');
      for (const batch of all.slice(half)) {
        for (const l of [lazy, whole]) {
          let next = l.encounter;
          for (const s of batch) next = engine.evolve(next, s);
          l.applied(batch, next);
        }
        const from = batch[0]!.seq;
        const undo = batch.some((s) => s.event.type === 'undone' || s.event.type === 'redone');
        const calls = log.mock.calls.length;
        expect(lazy.linesFrom(from)).toEqual(whole.linesFrom(from));
        expect(lazy.playerLines(lazy.linesFrom(from))).toEqual(whole.playerLines(whole.linesFrom(from)));
        // Only an undo or a redo (its line quotes an earlier one) needs the whole log.
        if (!undo) expect(log.mock.calls.length - calls, `batch at ${from}`).toBe(0);
      }
      log.mockRestore();
      expect(lazy.log()).toEqual(whole.log());
    });
  }
});

describe('loading a big fight', () => {
  it('folds in slices, yielding between them, to the same encounter as folding at once', async () => {
    const r = runScript(engine, secretFights[0]!.script, 1);
    expect(r.ok).toBe(true);
    const record = recordFor(secretFights[0]!.rules, defaultSettings, r.events.length);
    const once = new LoadedEncounter(engine, record, [...r.events]);
    // Queued before the load: it runs only if the load gives the event loop a turn before it is done.
    let turned = false;
    setImmediate(() => (turned = true));
    const sliced = await LoadedEncounter.load(engine, record, [...r.events], 3);
    expect(sliced.encounter).toEqual(once.encounter);
    expect(sliced.history.stamp).toBe(once.history.stamp);
    expect(sliced.playerView()).toEqual(once.playerView());
    expect(sliced.playerLines(sliced.log())).toEqual(once.playerLines(once.log()));
    // The event loop turned while it folded.
    expect(turned).toBe(true);
  });
});
