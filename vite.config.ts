import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './src/server/precompress.ts';
import { screenPages } from './src/server/screen-pages.ts';

/**
 * The web app (src/web) builds to dist/web, the folder the server serves (WEB_ROOT in
 * src/server/version.ts). `npm run build:web`; `npx vite` serves it for development, with the API
 * proxied to a server on port 4646 (TURNKEEPER_API to change it). The build also writes `.br` and `.gz`
 * beside each text file, which the server sends to browsers that accept them (src/server/precompress.ts),
 * and a page per screen that announces the screen's code (src/server/screen-pages.ts).
 */
const root = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
const api = process.env.TURNKEEPER_API ?? 'http://127.0.0.1:4646';

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
    // Three chunks every React screen needs whole, instead of many small shared pieces: React, zod and
    // the engine (core and dice). The GM screen's first load on a slow link then makes fewer requests
    // (14 scripts, from 16) and 2 kB less; the start and campaign pages take about 6 kB more of zod and
    // the engine than they use. React's chunk changes only with React, so browsers keep it across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 3 },
            { name: 'engine', test: /src[\\/](core|dice)[\\/]/, priority: 2 },
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
