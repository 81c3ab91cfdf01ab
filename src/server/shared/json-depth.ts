/**
 * How deep a parsed JSON body nests, found without recursion. JSON.parse takes any depth, but what
 * walks the result afterwards by recursion (JSON.stringify, a schema, a fold) overflows the stack
 * somewhere past a few thousand levels: an import is measured here first, with a loop and a stack of
 * its own, and refused past a depth no export reaches.
 */

/** Deeper than any export: a file, its events, an event, then a sheet as deep as a command may hold. */
export const MAX_IMPORT_DEPTH = 64;

/**
 * The path of the first value nested deeper than `max` levels (the top level is level 0), written
 * as in messages (`events[3].event.extra[0]`); null when the whole value is within `max`.
 */
export function tooDeep(value: unknown, max: number = MAX_IMPORT_DEPTH): string | null {
  interface Item {
    readonly value: object;
    readonly depth: number;
    readonly key: string | number;
    readonly parent: Item | null;
  }
  if (typeof value !== 'object' || value === null) return null;
  // Only objects and arrays are stacked, each knowing its parent: the path is written only when needed.
  const stack: Item[] = [{ value, depth: 0, key: '', parent: null }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item.depth >= max) return pathOf(item);
    const v = item.value;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const inner: unknown = v[i];
        if (typeof inner === 'object' && inner !== null) stack.push({ value: inner, depth: item.depth + 1, key: i, parent: item });
      }
      continue;
    }
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      const inner: unknown = (v as Record<string, unknown>)[key];
      if (typeof inner === 'object' && inner !== null) stack.push({ value: inner, depth: item.depth + 1, key, parent: item });
    }
  }
  return null;

  function pathOf(item: Item): string {
    let out = '';
    for (let at: Item | null = item; at?.parent; at = at.parent) out = typeof at.key === 'number' ? `[${at.key}]${out}` : `.${at.key}${out}`;
    return out.startsWith('.') ? out.slice(1) : out;
  }
}
