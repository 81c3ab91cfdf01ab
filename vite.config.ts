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
  },
  server: {
    proxy: { '/api': { target: api, ws: true, changeOrigin: true } },
  },
  logLevel: 'warn',
});
