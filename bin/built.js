// Which code the command-line tool runs: the built JavaScript in dist/ (what the npm package ships, and
// what `npm run build:lib` makes in a checkout), unless this is a development checkout (src/ beside
// dist/) whose build is missing, failed, or older than a source file it compiled: then the TypeScript
// sources, through tsx, so the tool and the tests that start it never run stale code.
/* global URL */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built command-line tool. */
export const builtMain = new URL('../dist/cli/main.js', import.meta.url);
/** Written by tools/build-lib.js when `npm run build:lib` has succeeded: the sources it compiled. */
const stamp = fileURLToPath(new URL('../dist/.built', import.meta.url));
const sources = fileURLToPath(new URL('../src/', import.meta.url));

/** Whether there are sources here (a development checkout, not the npm package). */
export const hasSources = existsSync(sources);

/** Whether a source file the build compiled changed or went after the build (a stat each: a few ms). */
function outdated() {
  try {
    const builtAt = statSync(stamp).mtimeMs;
    const { sources: compiled } = JSON.parse(readFileSync(stamp, 'utf8'));
    return compiled.length === 0 || compiled.some((name) => statSync(join(sources, name)).mtimeMs > builtAt);
  } catch {
    // No stamp (never built, or the build failed), an older stamp, or a source gone.
    return true;
  }
}

/** 'built' (dist/), 'sources' (tsx), or 'none' (the package without its build). */
export function choose() {
  if (existsSync(builtMain) && !(hasSources && outdated())) return 'built';
  return hasSources ? 'sources' : 'none';
}
