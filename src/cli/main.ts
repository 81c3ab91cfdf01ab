import { runOdds } from './commands/odds.ts';
import { runPlay, playUsage } from './commands/play.ts';
import { runRoll } from './commands/roll.ts';
import { runRules } from './commands/rules.ts';
import { serveUsage } from '../server/start/index.ts';
import type { CliIo } from './io.ts';
import { processIo } from './io.ts';

export const help = `Turnkeeper: a rules-aware combat tracker.

Usage:
  turnkeeper roll <expr> [--seed N] [--times K] [--json]    roll dice and show every die
  turnkeeper odds <expr> [--at-least N] [--of TAG] [--json] exact distribution with a bar chart
  ${playUsage}
                                                             run a scripted encounter
  turnkeeper rules [id]                                      the rule modules, their options, stats and commands
  ${serveUsage}
                                                             run the server (what \`npm start\` does)
  turnkeeper help                                            this text

Dice notation: 2d6+1, 4d6kh3, 1d6!, 2d20<=12cs<=1cf>=20, 4dC (Fallout combat dice), 3dK+6 (Kuro dice).
\`npm start\` runs the server: PORT (4646), HOST (127.0.0.1; 0.0.0.0 for players' phones), TURNKEEPER_DATA (./data).`;

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
      return runRoll([...rest], io);
    case 'odds':
      return runOdds([...rest], io);
    case 'play':
      return runPlay(rest, io);
    case 'rules':
      return runRules(rest, io);
    case 'serve':
      // Loaded on demand: the other commands need no server.
      return (await import('./commands/serve.ts')).runServe(rest, io);
    default:
      io.err(`Unknown command "${command}".\n\n${help}`);
      return 2;
  }
}
