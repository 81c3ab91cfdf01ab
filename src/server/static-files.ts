/**
 * The web app's files, once built (WEB_ROOT): served as they are, with an SPA fallback to index.html
 * for page paths (/play/<id>, /gm/<id>...). Until it is built, pages answer with a short note and the
 * API's address. Paths never leave the web root.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticFile {
  readonly body: Buffer | string;
  readonly type: string;
  readonly cache: string;
}

/** The note's only inline code: the Content-Security-Policy allows it by its hash (security-headers.ts). */
export const NOT_BUILT_STYLE = 'body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}code{background:#eee;padding:0 .2em}';

export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Turnkeeper</title>
<style>${NOT_BUILT_STYLE}</style>
</head><body>
<h1>Turnkeeper is running</h1>
<p>The web app is not built yet, so there is nothing to show here. The server and its API work:</p>
<ul>
<li><a href="/api/openapi.json">/api/openapi.json</a>: the API (OpenAPI 3.1)</li>
<li><a href="/api/health">/api/health</a>: health</li>
</ul>
<p>See <code>src/server/README.md</code> for a session with curl and a WebSocket client.</p>
</body></html>
`;

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export async function webAppBuilt(root: string): Promise<boolean> {
  return isFile(join(root, 'index.html'));
}

/** The page for an app path: index.html when built, else the note. */
export async function appPage(root: string): Promise<StaticFile> {
  const index = join(root, 'index.html');
  if (await isFile(index)) return { body: await readFile(index), type: TYPES['.html']!, cache: 'no-cache' };
  return { body: NOT_BUILT_PAGE, type: TYPES['.html']!, cache: 'no-cache' };
}

/** A file under the web root for a URL path, the SPA fallback for extension-less paths, or null. */
export async function staticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = resolve(root);
  const file = resolve(base, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  if (file !== base && !file.startsWith(base + sep)) return null;
  if (await isFile(file)) {
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const immutable = decoded.startsWith('/assets/');
    return { body: await readFile(file), type, cache: immutable ? 'public, max-age=31536000, immutable' : 'no-cache' };
  }
  if (extname(decoded) === '' && (await webAppBuilt(root))) return appPage(root);
  return null;
}
