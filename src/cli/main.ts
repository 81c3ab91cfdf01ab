import type { CliIo } from './io.ts';
import { processIo } from './io.ts';
import { forecastUsage, playUsage, serveUsage } from './usage.ts';

export const help = `Turnkeeper: a rules-aware combat tracker.

Usage:
  turnkeeper roll <expr> [--seed N] [--times K] [--json]    roll dice and show every die
  turnkeeper odds <expr> [--at-least N] [--of TAG] [--json] exact distribution with a bar chart
  ${playUsage}
                                                             run a scripted encounter
  ${forecastUsage}
                                                             how a fight is likely to go, played forward by its rules
  turnkeeper rules [id]                                      the rule modules, their options, stats and commands
  ${serveUsage}
                                                             run the server (what \`npm start\` does)
  turnkeeper help                                            this text

Dice notation: 2d6+1, 4d6kh3, 1d6!, 2d20<=12cs<=1cf>=20, 4dC (Fallout combat dice), 3dK+6 (Kuro dice).
\`npm start\` runs the server: PORT (4646), HOST (127.0.0.1; 0.0.0.0 for players' phones), TURNKEEPER_DATA (./data).`;

/**
 * Runs one command. Each command's code is imported when it runs, not before: `roll` and `odds` load the
 * dice only, `play`, `rules` and `forecast` the engine with every game, `serve` the server (which needs fastify,
 * better-sqlite3 and pg: commands/serve.ts says so when they are missing).
 */
export async function main(args: readonly string[], io: CliIo = processIo): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      io.out(help);
      return 0;
    case 'roll':
      return (await import('./commands/roll.ts')).runRoll([...rest], io);
    case 'odds':
      return (await import('./commands/odds.ts')).runOdds([...rest], io);
    case 'play':
      return (await import('./commands/play.ts')).runPlay(rest, io);
    case 'rules':
      return (await import('./commands/rules.ts')).runRules(rest, io);
    case 'forecast':
      return (await import('./commands/forecast.ts')).runForecast([...rest], io);
    case 'serve':
      return (await import('./commands/serve.ts')).runServe(rest, io);
    default:
      io.err(`Unknown command "${command}".\n\n${help}`);
      return 2;
  }
}
