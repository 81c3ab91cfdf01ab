import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_TARGET_MS, SLOW_LINK, describeLink, describeSummary, networkConditions, summarize, uncompressed } from './web-throttle.ts';

describe('the throttled first load of the web bench', () => {
  it('turns the slow link into DevTools network conditions, in bytes per second', () => {
    expect(networkConditions(SLOW_LINK)).toEqual({ offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 });
    expect(describeLink(SLOW_LINK)).toBe('1.6 Mbps down, 750 kbps up, 150 ms');
    expect(FIRST_LOAD_TARGET_MS).toBe(1500);
  });

  it('refuses a link that cannot be emulated, saying what is wrong', () => {
    expect(() => networkConditions({ ...SLOW_LINK, downMbps: 0 })).toThrow("The link's download speed must be a positive number of Mbps, not 0.");
    expect(() => networkConditions({ ...SLOW_LINK, upMbps: Number.NaN })).toThrow("The link's upload speed must be a positive number of Mbps, not NaN.");
    expect(() => networkConditions({ ...SLOW_LINK, latencyMs: -1 })).toThrow("The link's latency must be zero or more ms, not -1.");
  });

  it('summarizes loads: the median, the spread, the median bytes and requests', () => {
    const s = summarize([
      { usableMs: 1400, jsBytes: 120_000, requests: 14, lastScriptMs: 1000 },
      { usableMs: 1100, jsBytes: 121_000, requests: 14, lastScriptMs: 900 },
      { usableMs: 1250, jsBytes: 119_000, requests: 15, lastScriptMs: 950 },
    ]);
    expect(s).toEqual({ median: 1250, min: 1100, max: 1400, jsBytes: 120_000, requests: 14, lastScriptMs: 950, loads: 3 });
    expect(describeSummary('swn', s)).toBe('swn 1.25 s (1.10–1.40 s; 0.83x the 1.50 s target: under; 117.2 kB of JS on the wire, 14 requests, the last script in at 0.95 s)');
    expect(describeSummary('fallout', { ...s, median: 1600 })).toContain('1.07x the 1.50 s target: OVER');
    expect(() => summarize([])).toThrow('No loads to summarize.');
  });

  it('names the scripts and style sheets big enough to have come compressed that came as they are', () => {
    const base = 'http://127.0.0.1:4646';
    expect(
      uncompressed(
        [
          { url: `${base}/gm/abc`, encoding: undefined, bytes: 700 },
          { url: `${base}/assets/index-1.js`, encoding: 'br', bytes: 3000 },
          { url: `${base}/assets/mount-2.js`, encoding: 'gzip', bytes: 3000 },
          { url: `${base}/assets/index-3.css`, encoding: undefined, bytes: 9000 },
          { url: `${base}/assets/swn-4.js?x=1`, encoding: 'identity', bytes: 512 },
          { url: `${base}/assets/turn-5.js`, encoding: undefined, bytes: 511 },
          { url: `${base}/api/encounters/abc`, encoding: undefined, bytes: 2000 },
        ],
        512,
      ),
    ).toEqual(['/assets/index-3.css', '/assets/swn-4.js']);
  });
});
