/**
 * Folders' public faces. A folder under src/ that has an index.ts is a module: from outside it, only
 * its index.ts (and a testing.ts of test support, and the extra faces named for it in the options)
 * may be imported. Nested modules are faces of their own. Plain JavaScript so ESLint loads it as it is.
 */
import { existsSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

const indexCache = new Map();
const hasIndex = (dir) => {
  let known = indexCache.get(dir);
  if (known === undefined) indexCache.set(dir, (known = existsSync(resolve(dir, 'index.ts'))));
  return known;
};

/** `*` stands for one path segment. */
const matches = (pattern, folder) => new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`).test(folder);

/**
 * Why `importer` may not import `target` (absolute paths), or undefined when it may.
 * root: the repository; faces: { '<folder pattern, repo-relative>': ['file.ts', ...] }.
 */
export function faceProblem(root, importer, target, faces = {}) {
  const src = resolve(root, 'src');
  let module;
  for (let dir = dirname(target); dir.startsWith(src + sep); dir = dirname(dir)) {
    if (hasIndex(dir)) { module = dir; break; }
  }
  if (module === undefined) return undefined;
  if (importer.startsWith(module + sep)) return undefined;
  const inner = relative(module, target).split(sep).join('/');
  const folder = relative(root, module).split(sep).join('/');
  const extra = Object.entries(faces).filter(([p]) => matches(p, folder)).flatMap(([, f]) => f);
  if (inner === 'index.ts' || inner === 'testing.ts' || extra.includes(inner)) return undefined;
  return { folder, inner };
}
