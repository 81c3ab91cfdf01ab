import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompress } from './precompress.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Runs the Vite plugin's writeBundle hook on a folder, as `vite build` does once the files are written. */
async function runPlugin(outDir: string): Promise<string[]> {
  const plugin = precompress();
  const hook = plugin.writeBundle;
  if (typeof hook !== 'object' || hook === null) throw new Error('expected an object hook');
  const logged: string[] = [];
  await (hook.handler as (this: unknown, o: { dir?: string }) => Promise<void>).call({ info: (m: string) => logged.push(m) }, { dir: outDir });
  return logged;
}

describe('the precompress build plugin', () => {
  it('writes .gz and .br beside each text file, identical to it once decoded', async () => {
    dir = mkdtempSync(join(tmpdir(), 'turnkeeper-precompress-'));
    mkdirSync(join(dir, 'assets', 'deep'), { recursive: true });
    const text = (seed: string): string => Array.from({ length: 400 }, (_, i) => `${seed} ${i} ${(i * 7919) % 1000} ✓`).join('\n');
    const files: Record<string, string> = {
      'index.html': `<!doctype html><title>x</title>${text('<p>')}`,
      'assets/app-B9NLZOmv.js': text('export const a ='),
      'assets/deep/style-Cfvlu-sS.css': text('.c{margin:0}'),
      'assets/icon-DdAD13NG.svg': `<svg xmlns="http://www.w3.org/2000/svg">${text('<circle r="1"/>')}</svg>`,
      'data.json': JSON.stringify({ items: text('item').split('\n') }),
      'assets/app-B9NLZOmv.js.map': JSON.stringify({ mappings: text('AAAA') }),
      'notes.txt': text('note'),
    };
    for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
    writeFileSync(join(dir, 'assets', 'tiny-TVZff4-y.js'), 'x'.repeat(PRECOMPRESS_MIN_BYTES - 1));
    writeFileSync(join(dir, 'assets', 'image-CQoaINth.png'), Buffer.alloc(4096));

    const logged = await runPlugin(dir);
    for (const name of Object.keys(files)) {
      const source = readFileSync(join(dir, name));
      const gz = readFileSync(join(dir, `${name}.gz`));
      const br = readFileSync(join(dir, `${name}.br`));
      expect(gunzipSync(gz).equals(source), name).toBe(true);
      expect(brotliDecompressSync(br).equals(source), name).toBe(true);
      expect(br.length, name).toBeLessThan(source.length);
      expect(gz.length, name).toBeLessThan(source.length);
    }
    for (const skipped of ['assets/tiny-TVZff4-y.js', 'assets/image-CQoaINth.png']) {
      expect(existsSync(join(dir, `${skipped}.gz`)), skipped).toBe(false);
      expect(existsSync(join(dir, `${skipped}.br`)), skipped).toBe(false);
    }
    expect(logged).toEqual([expect.stringMatching(/^precompressed 7 files: \d+ B raw, \d+ B gzip, \d+ B brotli$/)]);

    // A second run rewrites the same variants and never compresses a variant.
    await runPlugin(dir);
    expect(existsSync(join(dir, 'index.html.gz.gz'))).toBe(false);
    expect(existsSync(join(dir, 'index.html.br.br'))).toBe(false);
  });

  it('applies to builds only', () => {
    expect(precompress().apply).toBe('build');
  });
});
