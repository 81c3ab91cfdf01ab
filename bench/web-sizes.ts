/**
 * What each screen of the web app downloads, read from the build's manifest (dist/web/.vite/manifest.json):
 * an entry's chunk and everything it imports statically, gzipped (level 9, as Vite reports); the GM
 * screen also brotli-compressed (quality 11, the copies the server sends browsers that accept them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { GAME_SOURCES } from '../src/server/pages/index.ts';

interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly isEntry?: boolean;
}

type Manifest = Readonly<Record<string, ManifestChunk>>;

export const GAMES = ['swn', 'cwn', 'kuro', 'fallout', 'popcorn', 'custom'] as const;

/** Parts of the GM screen that load only for one game (its order panel, its pools). */
const GAME_UI: Readonly<Record<string, readonly string[]>> = {
  kuro: ['games/kuro/order-view.tsx'],
  popcorn: ['games/popcorn/order-view.tsx', 'games/popcorn/state-panel.tsx'],
  fallout: ['games/fallout/state-panel.tsx'],
  cwn: ['games/cwn/state-panel.tsx'],
};

export interface Sizes {
  /** The player view: the entry and the player chunk. */
  readonly player: number;
  /** The start page. */
  readonly start: number;
  /** The campaign page, before the rules of its game (fetched once it knows the game). */
  readonly campaign: number;
  /** The GM screen as it first shows, per game: entry, GM chunk, the fold half of the game's rules (GAME_SOURCES) and its own panels. */
  readonly gm: Readonly<Record<string, number>>;
  /** The same, brotli-compressed. */
  readonly gmBrotli: Readonly<Record<string, number>>;
  /** Fetched right after the GM screen shows, per game: the whole rules with zod, the dialogs and their forms, the setup tools. */
  readonly gmPrefetch: Readonly<Record<string, number>>;
  /** React's development build is in it (a build made under NODE_ENV=test, as the browser tests' is): its sizes and times mean nothing. */
  readonly development: boolean;
}

export function readSizes(dir: string): Sizes {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const gz = new Map<string, number>();
  const sizeOf = (key: string): number => {
    const file = manifest[key]?.file;
    if (!file || !file.endsWith('.js')) return 0;
    let n = gz.get(file);
    if (n === undefined) {
      n = gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
      gz.set(file, n);
    }
    return n;
  };
  const find = (suffix: string): string => {
    const key = Object.keys(manifest).find((k) => k === suffix || k.endsWith(suffix.replace(/^(\.\.\/)+/, '')));
    if (!key) throw new Error(`The build has no chunk for ${suffix}: run npm run build:web.`);
    return key;
  };
  const closure = (keys: readonly string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [...keys];
    while (stack.length > 0) {
      const k = stack.pop()!;
      if (seen.has(k)) continue;
      seen.add(k);
      stack.push(...(manifest[k]?.imports ?? []));
    }
    return seen;
  };
  const total = (keys: Iterable<string>): number => [...keys].reduce((n, k) => n + sizeOf(k), 0);
  const br = new Map<string, number>();
  const brotliOf = (key: string): number => {
    const file = manifest[key]?.file;
    if (!file || !file.endsWith('.js')) return 0;
    let n = br.get(file);
    if (n === undefined) {
      const data = readFileSync(join(dir, file));
      const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: data.length };
      n = brotliCompressSync(data, { params }).length;
      br.set(file, n);
    }
    return n;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('The build has no entry.');
  const gmBase = closure([entry, find('gm/mount.tsx')]);
  const gm: Record<string, number> = {};
  const gmBrotli: Record<string, number> = {};
  for (const g of GAMES) {
    const parts = new Set([...gmBase, ...closure([...(GAME_SOURCES[g] ?? []).map((f) => find(f.replace(/^src\//, ''))), ...(GAME_UI[g] ?? []).map(find)])]);
    gm[g] = total(parts);
    gmBrotli[g] = [...parts].reduce((n, k) => n + brotliOf(k), 0);
  }
  // The dialogs with the forms they load themselves (not the QR code library, loaded when Share opens),
  // and the setup tools.
  const dialogs = find('gm/dialogs/dialogs.tsx');
  const forms = (manifest[dialogs]?.dynamicImports ?? []).filter((k) => !k.includes('node_modules'));
  const after = closure([dialogs, ...forms, find('gm/setup/setup-tools.tsx')]);
  const gmPrefetch: Record<string, number> = {};
  for (const g of GAMES) {
    const shown = new Set([...gmBase, ...closure([...(GAME_SOURCES[g] ?? []).map((f) => find(f.replace(/^src\//, '')))])]);
    gmPrefetch[g] = total([...new Set([...after, ...closure([find(`rules/${g}/index.ts`)])])].filter((k) => !shown.has(k)));
  }
  return {
    player: total(closure([entry, find('player/mount.ts')])),
    start: total(closure([entry, find('start/mount.tsx')])),
    campaign: total(closure([entry, find('campaign/mount.tsx')])),
    gm,
    gmBrotli,
    gmPrefetch,
    development: [...gmBase].some((k) => {
      const file = manifest[k]?.file;
      return file?.endsWith('.js') === true && readFileSync(join(dir, file), 'utf8').includes('Download the React DevTools');
    }),
  };
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}
