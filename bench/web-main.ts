/**
 * `npm run bench:web [part...]`: only the web app's figures. The sizes always; then the parts that
 * drive Chromium, all by default: first-load (the GM screen on a slow link), latency (a click until
 * the player view shows it), campaign (the campaign page's load). `--no-build` measures dist/web as
 * it is.
 */
import { BROWSER_PARTS, benchWeb } from './web.ts';
import type { BrowserPart } from './web.ts';

const args = process.argv.slice(2);
const named = args.filter((a) => !a.startsWith('--'));
const unknown = [...named.filter((a) => !(BROWSER_PARTS as readonly string[]).includes(a)), ...args.filter((a) => a.startsWith('--') && a !== '--no-build')];
if (unknown.length > 0) {
  console.error(`Unknown part(s) or option(s): ${unknown.join(', ')}. Parts: ${BROWSER_PARTS.join(', ')}; option: --no-build.`);
  process.exit(2);
}
await benchWeb((line) => console.log(line), {
  ...(named.length > 0 ? { parts: named as BrowserPart[] } : {}),
  build: !args.includes('--no-build'),
});
