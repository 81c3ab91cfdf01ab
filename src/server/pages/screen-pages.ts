/**
 * One index.html per screen, with the screen's code announced in the page itself: the entry
 * (src/web/main.tsx) picks the screen from the address and imports its chunk, so without a hint the
 * browser learns of the GM screen's ~130 kB only after the entry has arrived and run, one round trip
 * late. `screenPages()` is the Vite plugin that writes `index.<screen>.html` beside index.html with a
 * `<link rel="modulepreload">` for each script the screen's chunk imports statically and its
 * stylesheets as `<link rel="stylesheet">`; the server sends the page of the screen the address names
 * (`pagePath`), and index.html where there is none. Vite's loader finds those stylesheets in the page
 * and does not add them again, so the screen's code runs without waiting for them to be added and
 * loaded (they are small and come with the first requests; the page shows nothing before its code).
 * Library chunks (React, the engine, the rules: `isLibraryChunk`) are not only preloaded but run
 * as soon as each arrives, so their code is ready by the time the screen's own has come.
 *
 * The GM screen learns its encounter's game only from the first event, and its rules' fold half would
 * then follow a round trip behind the events. So there is also `index.gm.<game>.html` per game, with
 * the game's rules announced too: the server sends it for a GM address whose key opens that encounter
 * (routes/pages.ts), and the plain page to everyone else, so an address without its key tells nothing.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export type Screen = 'gm' | 'play' | 'campaign' | 'start';

/** Each screen's chunk, by the source file main.tsx imports for it. */
export const SCREEN_SOURCES: Readonly<Record<Screen, string>> = {
  gm: 'src/web/gm/mount.tsx',
  play: 'src/web/player/mount.ts',
  campaign: 'src/web/campaign/mount.tsx',
  start: 'src/web/start/mount.tsx',
};

/** The screen an app address shows, as src/web/shared/routes.ts reads it. */
export function screenOf(urlPath: string): Screen {
  const [first, id] = urlPath.split('?')[0]!.split('/').filter(Boolean);
  if (id && (first === 'gm' || first === 'play' || first === 'campaign')) return first;
  // A campaign's lasting table link shows the player page.
  if (id && first === 'table') return 'play';
  return 'start';
}

/**
 * A game's fold half, the chunks the GM screen imports once it knows the encounter's game
 * (`loadFold` in src/web/games/index.ts): enough to show the fight. The rest of the rules and zod are
 * not announced: the screen loads them right after it shows, so they do not share the slow link with it.
 */
export const GAME_SOURCES: Readonly<Record<string, readonly string[]>> = {
  swn: ['src/rules/swn/fold.ts'],
  cwn: ['src/rules/cwn/fold.ts'],
  kuro: ['src/rules/kuro/fold.ts'],
  fallout: ['src/rules/fallout/fold.ts'],
  popcorn: ['src/rules/popcorn/fold.ts', 'src/rules/popcorn/cards.ts'],
  custom: ['src/rules/custom/fold.ts'],
};

/** The screens whose page can also announce the encounter's game: the GM screen folds the events with its rules. */
export const GAME_SCREENS: readonly Screen[] = ['gm'];

/** The file of a screen's page under the web root. */
export function pagePath(screen: Screen): string {
  return `index.${screen}.html`;
}

/**
 * The file of a screen's page that also preloads a game's rules (a GAME_SOURCES id); null for a screen
 * without such pages or anything else as a game, so no address can name another file.
 */
export function gamePagePath(screen: Screen, game: string): string | null {
  return GAME_SCREENS.includes(screen) && Object.hasOwn(GAME_SOURCES, game) ? `index.${screen}.${game}.html` : null;
}

/** What the build says of a chunk: its file, the chunks it imports statically and its stylesheets. */
export interface BuiltChunk {
  readonly fileName: string;
  readonly imports: readonly string[];
  readonly css: readonly string[];
}

/** The files a chunk needs before it runs: itself, every chunk it imports statically (transitively), and their stylesheets. */
export function chunkClosure(chunks: ReadonlyMap<string, BuiltChunk>, start: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const c = chunks.get(file);
    if (!c) return;
    scripts.push(file);
    for (const s of c.css) styles.add(s);
    for (const i of c.imports) visit(i);
  };
  visit(start);
  return { scripts, styles: [...styles] };
}

/**
 * Whether a chunk holds library code only: packages (React, zod), the engine and the rules (src/core,
 * src/dice, src/rules: pure by the architecture) and the bundler's own helpers. Running such a chunk
 * early changes nothing but when its code runs, so a page may run it as soon as it has arrived.
 */
export function isLibraryChunk(moduleIds: readonly string[]): boolean {
  return moduleIds.length > 0 && moduleIds.every((id) => /[\\/]node_modules[\\/]|[\\/]src[\\/](core|dice|rules)[\\/]|^\0|^rolldown:/.test(id));
}

/**
 * index.html with preload links for `scripts` and stylesheet links for `styles` (those it already
 * loads left out) before `</head>`. The scripts in `early` are library chunks (isLibraryChunk): they
 * are run as soon as they arrive (`<script type="module" async>`) rather than only preloaded, so the
 * browser works through React, zod and the engine while the rest still downloads instead of after it.
 */
export function withPreloads(html: string, scripts: readonly string[], styles: readonly string[], early: ReadonlySet<string> = new Set()): string {
  const present = (file: string) => html.includes(`/${file}"`);
  const links = [
    ...scripts
      .filter((f) => !present(f))
      .map((f) => (early.has(f) ? `    <script type="module" async crossorigin src="/${f}"></script>` : `    <link rel="modulepreload" crossorigin href="/${f}">`)),
    ...styles.filter((f) => !present(f)).map((f) => `    <link rel="stylesheet" crossorigin href="/${f}">`),
  ];
  if (links.length === 0) return html;
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error('index.html has no </head> to put the screen\'s preload links before');
  return `${html.slice(0, at)}${links.join('\n')}\n  ${html.slice(at)}`;
}

interface OutputChunkLike {
  readonly type: 'chunk';
  readonly fileName: string;
  readonly facadeModuleId: string | null;
  readonly imports: readonly string[];
  readonly moduleIds?: readonly string[];
  readonly viteMetadata?: { readonly importedCss: ReadonlySet<string> };
}

/** The Vite plugin: writes each screen's page once the build's files are out (before they are precompressed). */
export function screenPages(): Plugin {
  return {
    name: 'turnkeeper:screen-pages',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(output, bundle) {
        if (!output.dir) return;
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') return;
        const html = String(index.source);
        const chunks = new Map<string, BuiltChunk>();
        const bySource = new Map<string, string>();
        const byModule = new Map<string, string>();
        const early = new Set<string>();
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk') continue;
          const c = item as unknown as OutputChunkLike;
          chunks.set(c.fileName, { fileName: c.fileName, imports: c.imports, css: [...(c.viteMetadata?.importedCss ?? [])] });
          if (c.facadeModuleId) bySource.set(c.facadeModuleId.replaceAll('\\', '/'), c.fileName);
          for (const m of c.moduleIds ?? []) byModule.set(m.replaceAll('\\', '/'), c.fileName);
          if (isLibraryChunk(c.moduleIds ?? [])) early.add(c.fileName);
        }
        const chunkOf = (source: string, what: string) => {
          // A module the build merged into another chunk (fallout's tests.ts, in its rules) is found there.
          const file = [...bySource, ...byModule].find(([id]) => id.endsWith(`/${source}`))?.[1];
          if (!file) throw new Error(`The build has no chunk for ${source}: the ${what} page cannot announce it`);
          return file;
        };
        for (const [screen, source] of Object.entries(SCREEN_SOURCES) as [Screen, string][]) {
          const { scripts, styles } = chunkClosure(chunks, chunkOf(source, `${screen} screen's`));
          await writeFile(join(output.dir, pagePath(screen)), withPreloads(html, scripts, styles, early));
          if (!GAME_SCREENS.includes(screen)) continue;
          for (const [game, sources] of Object.entries(GAME_SOURCES)) {
            const more = sources.map((s) => chunkClosure(chunks, chunkOf(s, `${screen} screen's ${game}`)));
            const all = [{ scripts, styles }, ...more];
            await writeFile(join(output.dir, gamePagePath(screen, game)!), withPreloads(html, [...new Set(all.flatMap((c) => c.scripts))], [...new Set(all.flatMap((c) => c.styles))], early));
          }
        }
      },
    },
  };
}
