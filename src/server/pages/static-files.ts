/**
 * The web app's files, once built (WEB_ROOT): served as they are, with an SPA fallback to the screen's
 * page (index.<screen>.html, else index.html) for page paths (/play/<id>, /gm/<id>...). Until it is built, pages answer with a short note and the
 * API's address. Paths never leave the web root.
 *
 * Text files are served precompressed when the request allows it: the build writes `<file>.br` and
 * `<file>.gz` beside them (precompress.ts), and the variant picked is the one the Accept-Encoding
 * header rates highest (ties: br, then gzip, then the file as it is; q=0 refuses a coding). A missing
 * variant falls back to the next one, down to the file itself, so a build without them still works,
 * only bigger. Hashed assets (Vite's `assets/<name>-<hash>.<ext>`) are cached for a year, immutable;
 * everything else (index.html above all) is revalidated (`no-cache`).
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { COMPRESSIBLE, VARIANT_SUFFIX } from './precompress.ts';
import { gamePagePath, pagePath, screenOf } from './screen-pages.ts';

export const TEXT_HTML = 'text/html; charset=utf-8';

const TYPES: Record<string, string> = {
  '.html': TEXT_HTML,
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

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** A file to send: its bytes (possibly encoded) and every header that describes them. */
export interface StaticFile {
  readonly body: Buffer | string;
  /** content-type, cache-control, content-length; content-encoding and vary when they apply. */
  readonly headers: Readonly<Record<string, string>>;
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

export type Coding = 'br' | 'gzip' | 'identity';

/** The server's preference when the request rates codings alike. */
const PREFERENCE: readonly Coding[] = ['br', 'gzip', 'identity'];

/**
 * The codings an Accept-Encoding header allows, best first: by q-value, then br > gzip > identity.
 * No header: the file as it is (what clients that say nothing expect). `identity` is allowed unless
 * refused (`identity;q=0`, or `*;q=0` without naming it); unnamed, it ranks with the least wanted
 * coding named. It always ends the list anyway: a request that refuses every coding we have gets the
 * file as it is rather than an error (RFC 9110, 12.5.3).
 */
export function acceptedCodings(header: string | undefined): Coding[] {
  if (header === undefined) return ['identity'];
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name === '') continue;
    let weight = 1;
    for (const p of params) {
      const m = /^q\s*=\s*(.*)$/.exec(p);
      if (m) weight = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(m[1]!) ? Number(m[1]) : NaN;
    }
    if (Number.isNaN(weight)) continue;
    const coding = name === 'x-gzip' ? 'gzip' : name;
    if (!q.has(coding)) q.set(coding, weight);
  }
  const star = q.get('*');
  // identity left unnamed ranks with the least wanted coding named, as negotiator (Express) does, so
  // `gzip;q=0.8` still means gzip rather than the file as it is.
  const named = [...q.values()].filter((w) => w > 0);
  const implicitIdentity = named.length > 0 ? Math.min(...named) : 1;
  const weightOf = (c: Coding): number => q.get(c) ?? star ?? (c === 'identity' ? implicitIdentity : 0);
  const ranked = PREFERENCE.filter((c) => weightOf(c) > 0)
    .map((c, i) => ({ c, w: weightOf(c), i }))
    .sort((a, b) => b.w - a.w || a.i - b.i)
    .map((x) => x.c);
  if (!ranked.includes('identity')) ranked.push('identity');
  return ranked;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file's bytes, or null when it is missing or not a regular file. */
async function readIfFile(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

/** Vite's content-hashed output: `assets/<name>-<8-character hash>.<ext>` (relative to the web root). */
export function isHashedAsset(relPath: string): boolean {
  return /^assets\/(?:[^/]+\/)*[^/]+-[A-Za-z0-9_-]{8}(?:\.[A-Za-z0-9]+)+$/.test(relPath);
}

/** A file known to exist under the web root, in the best variant the request accepts. */
async function serve(file: string, cache: string, acceptEncoding: string | undefined): Promise<StaticFile | null> {
  const ext = extname(file).toLowerCase();
  const type = TYPES[ext] ?? 'application/octet-stream';
  const compressible = COMPRESSIBLE.has(ext);
  for (const coding of compressible ? acceptedCodings(acceptEncoding) : ['identity' as const]) {
    const body = await readIfFile(coding === 'identity' ? file : file + VARIANT_SUFFIX[coding]);
    if (body === null) continue;
    return {
      body,
      headers: {
        'content-type': type,
        'cache-control': cache,
        'content-length': String(body.length),
        ...(compressible ? { vary: 'Accept-Encoding' } : {}),
        ...(coding === 'identity' ? {} : { 'content-encoding': coding }),
      },
    };
  }
  return null;
}

export async function webAppBuilt(root: string): Promise<boolean> {
  return isFile(join(root, 'index.html'));
}

/**
 * The file of the page for an app path, when built: the page of the screen it shows (screen-pages.ts:
 * index.html with that screen's code preloaded), with the game's rules preloaded too when `game` is
 * given and the screen has such a page, else index.html; null when the app is not built.
 */
export async function appPageFile(root: string, urlPath = '/', game?: string): Promise<string | null> {
  const screen = screenOf(urlPath);
  const forGame = game === undefined ? null : gamePagePath(screen, game);
  for (const f of [...(forGame ? [forGame] : []), pagePath(screen), 'index.html']) {
    if (await isFile(join(root, f))) return join(root, f);
  }
  return null;
}

/** The page for an app path (appPageFile), precompressed if accepted; the note when the app is not built. */
export async function appPage(root: string, acceptEncoding?: string, urlPath = '/', game?: string): Promise<StaticFile> {
  const file = await appPageFile(root, urlPath, game);
  const built = file ? await serve(file, REVALIDATE, acceptEncoding) : null;
  return built ?? { body: NOT_BUILT_PAGE, headers: { 'content-type': TEXT_HTML, 'cache-control': REVALIDATE, 'content-length': String(Buffer.byteLength(NOT_BUILT_PAGE)) } };
}

/** A file under the web root for a URL path, the SPA fallback for extension-less paths, or null. */
export async function staticFile(root: string, urlPath: string, acceptEncoding?: string): Promise<StaticFile | null> {
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
    const rel = relative(base, file).split(sep).join('/');
    return serve(file, isHashedAsset(rel) ? IMMUTABLE : REVALIDATE, acceptEncoding);
  }
  if (extname(decoded) === '' && (await webAppBuilt(root))) return appPage(root, acceptEncoding, decoded);
  return null;
}
