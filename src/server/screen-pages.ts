/**
 * One index.html per screen, with the screen's code announced in the page itself: the entry
 * (src/web/main.tsx) picks the screen from the address and imports its chunk, so without a hint the
 * browser learns of the GM screen's ~130 kB only after the entry has arrived and run, one round trip
 * late. `screenPages()` is the Vite plugin that writes `index.<screen>.html` beside index.html with a
 * `<link rel="modulepreload">` for each script the screen's chunk imports statically and a
 * `<link rel="preload" as="style">` for its stylesheets; the server sends the page of the screen the
 * address names (`pagePath`), and index.html where there is none. Vite's loader still adds each
 * stylesheet itself (it looks for a `rel="stylesheet"` link, which a preload is not), served then
 * from the preloaded copy.
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
  return 'start';
}

/** The file of a screen's page under the web root. */
export function pagePath(screen: Screen): string {
  return `index.${screen}.html`;
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

/** index.html with preload links for `scripts` and `styles` (those it already loads left out) before `</head>`. */
export function withPreloads(html: string, scripts: readonly string[], styles: readonly string[]): string {
  const present = (file: string) => html.includes(`/${file}"`);
  const links = [
    ...scripts.filter((f) => !present(f)).map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">`),
    ...styles.filter((f) => !present(f)).map((f) => `    <link rel="preload" as="style" crossorigin href="/${f}">`),
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
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk') continue;
          const c = item as unknown as OutputChunkLike;
          chunks.set(c.fileName, { fileName: c.fileName, imports: c.imports, css: [...(c.viteMetadata?.importedCss ?? [])] });
          if (c.facadeModuleId) bySource.set(c.facadeModuleId.replaceAll('\\', '/'), c.fileName);
        }
        for (const [screen, source] of Object.entries(SCREEN_SOURCES) as [Screen, string][]) {
          const file = [...bySource].find(([id]) => id.endsWith(`/${source}`))?.[1];
          if (!file) throw new Error(`The build has no chunk for ${source}: the ${screen} screen's page cannot announce it`);
          const { scripts, styles } = chunkClosure(chunks, file);
          await writeFile(join(output.dir, pagePath(screen)), withPreloads(html, scripts, styles));
        }
      },
    },
  };
}
