import type { z } from 'zod';

/** A zod error in words a GM understands: `stats.dexMod: expected a number, got "fast"`. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
      return `${path}${issue.message}`;
    })
    .join('; ');
}
