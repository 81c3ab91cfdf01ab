import { pathToFileURL } from 'node:url';
import { formatRate, median } from './harness.ts';

const log = (line: string): void => console.log(line);

/**
 * The benchmark sections; `bench/index.ts` runs each in a fresh process so none distorts another.
 * Each section imports only what it measures (loading the server or the browser tooling into the
 * replay process halves its measured rate).
 */
export const sections: Record<string, { title: string; run: () => Promise<void> }> = {
  dice: {
    title: 'Dice: rolls per second, parse once then roll (median of rounds), vs @dice-roller/rpg-dice-roller',
    run: async () => {
      const { benchDice } = await import('./dice.ts');
      const dice = await benchDice(log);
      const worst = Math.min(...dice.map((d) => d.ratio));
      log(`lowest ratio: ${worst.toFixed(1)}x (target: at least 10x on every expression)`);
    },
  },
  replay: {
    title: 'Replay: folding a stored log of 100,000 events',
    run: async () => {
      const { buildLog } = await import('./replay.ts');
      const { engine } = await import('../src/rules/index.ts');
      const events = buildLog(100_000);
      // One fold takes tens of milliseconds: time each fold on its own (after two warm-ups) rather
      // than through the calibrated loop built for microsecond operations.
      for (let i = 0; i < 2; i++) engine.replay(events);
      const samples: number[] = [];
      for (let i = 0; i < 15; i++) {
        const t = performance.now();
        const folded = engine.replay(events);
        const ms = performance.now() - t;
        if (folded.version !== events.length) throw new Error('replay lost events');
        samples.push((events.length / ms) * 1000);
      }
      const rates = samples.map((x) => formatRate(x)).join(', ');
      log(`replay: ${formatRate(median(samples))} events, median of ${samples.length} folds (${rates}); target above 1M/s`);
    },
  },
  server: {
    title: 'Server: commands sent over HTTP, received by every player socket (loopback; target p99 under 20 ms at 200 × 10)',
    run: async () => {
      const { benchServer } = await import('./server.ts');
      await benchServer(log);
    },
  },
  campaign: {
    title: 'Campaigns: a party of 10 and a 200-template bestiary on SQLite; server-side times through the HTTP routes (medians)',
    run: async () => {
      const { benchCampaign } = await import('./campaign.ts');
      await benchCampaign(log);
    },
  },
  forecast: {
    title: "Forecast: runs per second of each game's example fight played forward by its rules (target: 10,000 runs under 1 s)",
    run: async () => {
      const { benchForecast, benchForecastShared } = await import('./forecast.ts');
      benchForecast(log);
      await benchForecastShared(log);
    },
  },
  startup: {
    title: 'Start-up from the built JavaScript: `turnkeeper roll 3d6` (target under 200 ms) and the server until healthy (target under 1 s), wall time of new processes',
    run: async () => {
      const { benchStartup } = await import('./startup.ts');
      await benchStartup(log);
    },
  },
  web: {
    title: 'Web app: gzipped JavaScript per screen, the GM screen loaded on a slow link, and a click on the GM screen until the player view shows it',
    run: async () => {
      const { benchWeb } = await import('./web.ts');
      await benchWeb(log);
    },
  },
};

// Run a section only when this file is the script (bench/index.ts imports it for the titles with the
// same arguments, and would otherwise run the section in its own process too).
const name = process.argv[2];
if (name !== undefined && process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const section = sections[name];
  if (!section) {
    console.error(`No benchmark section "${name}". Sections: ${Object.keys(sections).join(', ')}.`);
    process.exit(2);
  }
  await section.run();
}
