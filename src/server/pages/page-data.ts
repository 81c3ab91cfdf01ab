/**
 * The GM screen's first data in its page. The screen folds the encounter's events before it can show
 * anything, and on a slow link the request for them waited behind the page's scripts for one of the
 * browser's six connections (HTTP/1.1). So a GM address with the encounter's GM key gets the first
 * page of events inside its page, as `GET /api/encounters/:id/events?after=0` answers it, in a data
 * block (`<script type="application/json">`, which is never run, so the page's Content-Security-Policy
 * stays as it is). Such a page is the GM's alone: it is never stored by a cache (`no-store`) and
 * compressed as it is sent.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { acceptedCodings, TEXT_HTML } from './static-files.ts';
import type { StaticFile } from './static-files.ts';

/** The data block's id, read by src/web/gm/data/early-events.ts (the same constant there; page-data.test.ts checks). */
export const EARLY_EVENTS_ID = 'turnkeeper-early-events';

/** What the block holds: the events endpoint's answer, with the encounter it is of. */
export interface EarlyEventsData {
  readonly id: string;
  readonly version: number;
  readonly events: readonly unknown[];
  readonly next?: number;
}

/**
 * JSON that cannot end the block or open markup inside it: every `<`, `>` and `&` is written as a JSON
 * escape, which reads back the same; so are U+2028 and U+2029.
 */
export function blockJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The page with the data block at the end of its body, after the head's preload links the browser acts on first. */
export function withEarlyEvents(html: string, data: EarlyEventsData): string {
  const at = html.lastIndexOf('</body>');
  if (at < 0) throw new Error('The page has no </body> to put the early events before');
  const block = `<script type="application/json" id="${EARLY_EVENTS_ID}">${blockJson(data)}</script>\n`;
  return `${html.slice(0, at)}${block}${html.slice(at)}`;
}

/** A page made for one request: compressed now as the request accepts it, never cached. */
export function privatePage(html: string, acceptEncoding: string | undefined): StaticFile {
  const raw = Buffer.from(html, 'utf8');
  const coding = acceptedCodings(acceptEncoding)[0] ?? 'identity';
  const body =
    coding === 'br'
      ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : coding === 'gzip'
        ? gzipSync(raw, { level: 6 })
        : raw;
  return {
    body,
    headers: {
      'content-type': TEXT_HTML,
      'cache-control': 'no-store',
      'content-length': String(body.length),
      vary: 'Accept-Encoding',
      ...(coding === 'identity' ? {} : { 'content-encoding': coding }),
    },
  };
}
