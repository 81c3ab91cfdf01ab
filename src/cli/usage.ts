/**
 * The usage lines of the commands that load heavy code (`play` and `forecast` the engine with every game,
 * `serve` the server and its database drivers), kept apart so `turnkeeper help` and the light commands load none of it.
 */
export const playUsage = 'turnkeeper play <script.json> [--seed N] [--format json|text] [--events]';

export const serveUsage =
  'turnkeeper serve [--port 4646] [--host 127.0.0.1] [--data ./data] [--sync normal|full] [--public-url URL] [--database-url postgres://... [--database-pool N]]';

export const forecastUsage = 'turnkeeper forecast <script.json> [--runs N] [--seed S] [--threads T] [--stances "Name=flee,Name=hold"] [--policy name=value,...] [--json]';
