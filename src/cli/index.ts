/** The command-line tool (`turnkeeper roll|odds|play|rules|serve`): main.ts reads the arguments; each command is a file in commands/. */
export { runOdds } from './commands/odds.ts';
export { runPlay } from './commands/play.ts';
export type { CliIo } from './io.ts';
