/** Constants of this build: the server's version (package.json) and where the web app is built to. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };

export const SERVER_VERSION: string = pkg.version ?? '0.0.0';

/** Where the web app's build lands (`<repo>/dist/web`); served when it has an index.html. */
export const WEB_ROOT: string = fileURLToPath(new URL('../../dist/web', import.meta.url));
