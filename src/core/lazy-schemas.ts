import { z } from 'zod';

/**
 * A record of schemas each built the first time it is used (`z.lazy`): a rule module has dozens of
 * command schemas, and building them all when the module loads costs the GM screen's first load
 * tens of milliseconds (zod builds every schema with its methods) for commands nobody has sent yet.
 * Each schema parses, reports errors and turns into JSON Schema exactly as the one it stands for; its
 * type is that schema's.
 */
export function lazySchemas<T extends Record<string, () => z.ZodType>>(build: T): { readonly [K in keyof T]: z.ZodLazy<ReturnType<T[K]>> } {
  const out: Record<string, z.ZodType> = {};
  for (const [key, make] of Object.entries(build)) out[key] = z.lazy(make);
  return out as { readonly [K in keyof T]: z.ZodLazy<ReturnType<T[K]>> };
}
