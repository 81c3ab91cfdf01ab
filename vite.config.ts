import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { zodSideFiles } from './src/server/pages/index.ts';
import { precompress } from './src/server/pages/index.ts';
import { screenPages } from './src/server/pages/index.ts';

/**
 * The web app (src/web) builds to dist/web, the folder the server serves (WEB_ROOT in
 * src/server/version.ts). `npm run build:web`; `npx vite` serves it for development, with the API
 * proxied to a server on port 4646 (TURNKEEPER_API to change it). The build also writes `.br` and `.gz`
 * beside each text file, which the server sends to browsers that accept them (src/server/pages/precompress.ts),
 * and a page per screen that announces the screen's code (src/server/pages/screen-pages.ts).
 */
const root = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
const api = process.env.TURNKEEPER_API ?? 'http://127.0.0.1:4646';
// The engine's files that need zod (src/server/pages/chunk-groups.ts): the half that decides, apart from the one that folds.
const zodSide = zodSideFiles(fileURLToPath(new URL('./src', import.meta.url)));
const slash = (id: string) => id.replaceAll('\\', '/');
const inEngine = (id: string) => /src[\\/](core|dice)[\\/]/.test(id);

export default defineConfig({
  root,
  base: '/',
  // screenPages before precompress: both run once the files are written, in this order.
  plugins: [react(), screenPages(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 600,
    manifest: true,
    // Every browser the app supports preloads modules natively.
    modulePreload: { polyfill: false },
    // Chunks every screen needs whole, instead of many small shared pieces: React; zod; the engine's half
    // that folds events and answers queries (what the GM screen needs to show a fight); and the engine's
    // half that decides commands with zod's schemas, which the GM screen loads with zod right after it
    // shows (src/server/pages/chunk-groups.ts tells the halves apart). The GM screen's first load then makes
    // few requests and carries no zod. React's chunk changes only with React, so browsers keep it
    // across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 3 },
            { name: 'decide', test: (id) => zodSide.has(slash(id)), priority: 3 },
            { name: 'engine', test: (id) => inEngine(id) && !zodSide.has(slash(id)), priority: 4 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: api, ws: true, changeOrigin: true } },
  },
  logLevel: 'warn',
});
