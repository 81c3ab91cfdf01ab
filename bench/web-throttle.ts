/**
 * The slow link of the GM screen's throttled first load (`web-first-load.ts`), as Chromium's DevTools
 * protocol takes it, and the summary of the loads: pure, so it has tests (web-throttle.test.ts).
 */
import { median } from './harness.ts';

export interface Link {
  /** Megabits per second, down and up. */
  readonly downMbps: number;
  readonly upMbps: number;
  /** Added to every request's round trip, ms. */
  readonly latencyMs: number;
}

/** The table's slow link of issue 12: 1.6 Mbps down, 750 kbps up, 150 ms. */
export const SLOW_LINK: Link = { downMbps: 1.6, upMbps: 0.75, latencyMs: 150 };

/** The GM screen must be usable within this long after the navigation starts, on SLOW_LINK. */
export const FIRST_LOAD_TARGET_MS = 1500;

/** The parameters of `Network.emulateNetworkConditions`: throughputs in bytes per second. */
export interface NetworkConditions {
  readonly offline: false;
  readonly latency: number;
  readonly downloadThroughput: number;
  readonly uploadThroughput: number;
}

export function networkConditions(link: Link): NetworkConditions {
  for (const [name, value] of [
    ['download speed', link.downMbps],
    ['upload speed', link.upMbps],
  ] as const) {
    if (!(value > 0) || !Number.isFinite(value)) throw new Error(`The link's ${name} must be a positive number of Mbps, not ${value}.`);
  }
  if (!(link.latencyMs >= 0) || !Number.isFinite(link.latencyMs)) throw new Error(`The link's latency must be zero or more ms, not ${link.latencyMs}.`);
  return {
    offline: false,
    latency: link.latencyMs,
    downloadThroughput: Math.round((link.downMbps * 1_000_000) / 8),
    uploadThroughput: Math.round((link.upMbps * 1_000_000) / 8),
  };
}

/** How the link reads in the bench's output: "1.6 Mbps down, 750 kbps up, 150 ms". */
export function describeLink(link: Link): string {
  const rate = (mbps: number) => (mbps >= 1 ? `${mbps} Mbps` : `${Math.round(mbps * 1000)} kbps`);
  return `${rate(link.downMbps)} down, ${rate(link.upMbps)} up, ${link.latencyMs} ms`;
}

/** One load: navigation start until the GM screen was usable, and what came over the wire for it. */
export interface Load {
  readonly usableMs: number;
  /** JavaScript received, bytes on the wire (compressed). */
  readonly jsBytes: number;
  /** Requests made until the screen was usable. */
  readonly requests: number;
  /** When the last of those scripts had arrived, ms after the navigation's start (the rest is work in the page). */
  readonly lastScriptMs: number;
}

export interface LoadSummary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly jsBytes: number;
  readonly requests: number;
  readonly lastScriptMs: number;
  readonly loads: number;
}

export function summarize(loads: readonly Load[]): LoadSummary {
  if (loads.length === 0) throw new Error('No loads to summarize.');
  const ms = loads.map((l) => l.usableMs);
  return {
    median: median(ms),
    min: Math.min(...ms),
    max: Math.max(...ms),
    jsBytes: median(loads.map((l) => l.jsBytes)),
    requests: median(loads.map((l) => l.requests)),
    lastScriptMs: median(loads.map((l) => l.lastScriptMs)),
    loads: loads.length,
  };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/** "swn 1.25 s (1.10–1.40 s; 0.83x the 1.50 s target: under; 117.2 kB of JS on the wire, 14 requests, the last script in at 0.95 s)". */
export function describeSummary(game: string, s: LoadSummary, targetMs = FIRST_LOAD_TARGET_MS): string {
  const ratio = s.median / targetMs;
  return `${game} ${seconds(s.median)} (${(s.min / 1000).toFixed(2)}–${seconds(s.max)}; ${ratio.toFixed(2)}x the ${seconds(targetMs)} target: ${ratio < 1 ? 'under' : 'OVER'}; ${(s.jsBytes / 1024).toFixed(1)} kB of JS on the wire, ${s.requests} requests, the last script in at ${seconds(s.lastScriptMs)})`;
}

/** What the bench notes of each response. */
export interface Arrived {
  readonly url: string;
  /** Its Content-Encoding. */
  readonly encoding: string | undefined;
  /** Its body's bytes as sent. */
  readonly bytes: number;
}

/**
 * The scripts and style sheets that came neither brotli- nor gzip-compressed although big enough to
 * have precompressed copies (the build compresses files from `minBytes` up; the server sends those).
 */
export function uncompressed(responses: readonly Arrived[], minBytes: number): string[] {
  return responses
    .map((r) => ({ ...r, path: new URL(r.url).pathname }))
    .filter((r) => /\.(js|css)$/.test(r.path) && r.bytes >= minBytes && r.encoding !== 'br' && r.encoding !== 'gzip')
    .map((r) => r.path);
}
