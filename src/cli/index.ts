/** The command-line tool (`turnkeeper roll|odds|play|rules|forecast|serve`): main.ts reads the arguments; each command is a file in commands/, the forecast's threads in threads/. */
export { runOdds } from './commands/odds.ts';
export { runPlay } from './commands/play.ts';
export type { CliIo } from './io.ts';
export { ForecastThreads, partSize } from './threads/forecast-threads.ts';
export type { ForecastSource } from './threads/forecast-job.ts';
