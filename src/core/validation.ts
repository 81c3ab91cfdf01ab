import type { z } from 'zod';
import { reject } from './rejection.ts';
import type { Decision } from './rejection.ts';

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

/**
 * The rejection for input that failed its schema. An issue may carry its own rejection code in
 * `params.code` (and `params.details`): `dice/notation` from `diceNotation` (the parser's message, the
 * caret in details), `name/invalid` from `nameSchema`. The first such issue decides, its path (after
 * `base`, where the validated value sits in the command) in the message and `details.path`; otherwise
 * `code`, with the problems described.
 */
export function rejectInvalid(error: z.ZodError, code: string, prefix: string, base: readonly PropertyKey[] = []): Decision<never> {
  for (const issue of error.issues) {
    const coded = codedIssue(issue, base);
    if (coded) {
      const path = coded.path.map(String).join('.');
      const details = { ...(coded.details ?? {}), ...(path ? { path } : {}) };
      return reject(coded.code, `${prefix}: ${path ? `${path}: ` : ''}${coded.message}${/[.!?]$/.test(coded.message) ? '' : '.'}`, details);
    }
  }
  return reject(code, `${prefix}: ${describeZodError(error)}.`);
}

interface Coded {
  readonly code: string;
  readonly message: string;
  readonly path: readonly PropertyKey[];
  readonly details?: Record<string, unknown>;
}

function codedIssue(issue: z.core.$ZodIssue, base: readonly PropertyKey[]): Coded | null {
  const path = [...base, ...issue.path];
  if (issue.code === 'custom') {
    const params = issue.params as { code?: unknown; details?: Record<string, unknown> } | undefined;
    if (typeof params?.code === 'string') return { code: params.code, message: issue.message, path, ...(params.details ? { details: params.details } : {}) };
  }
  if (issue.code === 'invalid_union') {
    for (const branch of issue.errors) for (const inner of branch) {
      const found = codedIssue(inner, path);
      if (found) return found;
    }
  }
  return null;
}
