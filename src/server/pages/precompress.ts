/**
 * Precompressed copies of the web app's files, written at build time so the server never compresses
 * on the request path: a `.gz` (gzip level 9) and a `.br` (brotli quality 11) beside every text file
 * of the build (COMPRESSIBLE) of at least PRECOMPRESS_MIN_BYTES, kept only when smaller than the file.
 * `precompress()` is the Vite plugin that does it after `npm run build:web` writes dist/web
 * (vite.config.ts); static-files.ts picks the variant a request accepts.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** The extensions worth compressing (text); images and fonts are compressed already. */
export const COMPRESSIBLE: ReadonlySet<string> = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.map', '.txt', '.webmanifest']);

/** Below this, compression saves a few hundred bytes at most; index.html (about 660 B) is above it. */
export const PRECOMPRESS_MIN_BYTES = 512;

/** The suffix of each precompressed variant, by content coding. */
export const VARIANT_SUFFIX = { br: '.br', gzip: '.gz' } as const;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export async function gzipBytes(data: Buffer): Promise<Buffer> {
  return gzipAsync(data, { level: 9 });
}

export async function brotliBytes(data: Buffer): Promise<Buffer> {
  return brotliAsync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

export interface PrecompressTotals {
  /** Files that got at least one variant. */
  readonly files: number;
  /** Their bytes, as they are and as written to the .gz and .br variants (the file's own size when a variant was not worth writing). */
  readonly raw: number;
  readonly gzip: number;
  readonly brotli: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** Writes `<file>.gz` and `<file>.br` beside every compressible file under `dir` (recursively). */
export async function precompressDir(dir: string, minBytes = PRECOMPRESS_MIN_BYTES): Promise<PrecompressTotals> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.has(extname(f).toLowerCase()));
  let count = 0;
  let raw = 0;
  let gz = 0;
  let br = 0;
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      if (data.length < minBytes) return;
      const [g, b] = await Promise.all([gzipBytes(data), brotliBytes(data)]);
      let wrote = false;
      if (g.length < data.length) {
        await writeFile(file + VARIANT_SUFFIX.gzip, g);
        wrote = true;
      }
      if (b.length < data.length) {
        await writeFile(file + VARIANT_SUFFIX.br, b);
        wrote = true;
      }
      if (!wrote) return;
      count += 1;
      raw += data.length;
      gz += Math.min(g.length, data.length);
      br += Math.min(b.length, data.length);
    }),
  );
  return { files: count, raw, gzip: gz, brotli: br };
}

/** The Vite plugin: precompresses the build's output folder once it is written. */
export function precompress(options: { readonly minBytes?: number } = {}): Plugin {
  return {
    name: 'turnkeeper:precompress',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(output) {
        if (!output.dir) return;
        const t = await precompressDir(output.dir, options.minBytes);
        this.info(`precompressed ${t.files} files: ${t.raw} B raw, ${t.gzip} B gzip, ${t.brotli} B brotli`);
      },
    },
  };
}
