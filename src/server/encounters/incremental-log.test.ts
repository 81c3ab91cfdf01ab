import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScript } from '../../core/index.ts';
import type { LogEntry, StoredEvent } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
import { newLogLines } from './incremental-log.ts';
import { secretFights } from '../players/testing.ts';

const examples = ['swn', 'cwn', 'kuro', 'fallout', 'popcorn', 'custom'].map((id) => ({
  name: `${id} example`,
  script: JSON.parse(readFileSync(new URL(`../../rules/${id}/examples/fight.json`, import.meta.url), 'utf8')) as Record<string, unknown>,
}));
const fights = [...examples, ...secretFights.map((f) => ({ name: `${f.rules} secrets`, script: f.script }))];

describe('incremental log lines', () => {
  for (const fight of fights) {
    it(`equal the full log after every command: ${fight.name}`, () => {
      const r = runScript(engine, fight.script, 1);
      expect(r.ok).toBe(true);
      const events = r.events;
      let e = engine.replay([]);
      let log: LogEntry[] = [];
      let i = 0;
      let incremental = 0;
      while (i < events.length) {
        const cmd = events[i]!.cmd;
        const batch: StoredEvent[] = [];
        while (i < events.length && events[i]!.cmd === cmd) batch.push(events[i++]!);
        const lines = newLogLines(engine, e, batch);
        for (const s of batch) e = engine.evolve(e, s);
        if (lines) {
          log = [...log, ...lines];
          incremental++;
        } else log = engine.log(events.slice(0, i));
        expect(log).toEqual(engine.log(events.slice(0, i)));
      }
      expect(incremental).toBeGreaterThan(3);
    });
  }
});
