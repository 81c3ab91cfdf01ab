/** A zod issue path as a GM reads it: `templates[1].template`, `events[12].event.pc.stats.hp`. */
export function pathText(path: readonly PropertyKey[], base = ''): string {
  let out = base;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** The first issue of a zod error: its path (after `base`) and its message. */
export function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }, base = ''): { path: string; message: string } {
  const issue = error.issues[0];
  if (!issue) return { path: base, message: 'is not valid' };
  return { path: pathText(issue.path, base), message: issue.message };
}

interface Issue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly params?: unknown;
  readonly errors?: readonly (readonly Issue[])[];
}

/** An issue that carries its own rejection code (`name/invalid`, `dice/notation`), looking inside unions. */
function coded(issue: Issue, base: readonly PropertyKey[]): { code: string; path: readonly PropertyKey[]; message: string } | null {
  const path = [...base, ...issue.path];
  const params = issue.params as { code?: unknown } | undefined;
  if (issue.code === 'custom' && typeof params?.code === 'string') return { code: params.code, path, message: issue.message };
  for (const branch of issue.errors ?? []) {
    for (const inner of branch) {
      const found = coded(inner, path);
      if (found) return found;
    }
  }
  return null;
}

/**
 * A rejection for input that failed its schema, naming each field by its whole path in the command
 * (`Vasquez: stats.hp: expected number`). An issue with its own code (`name/invalid`) decides the
 * code; otherwise `code`. `details.path` holds the first path.
 */
export function rejectIssues(
  error: { issues: readonly Issue[] },
  code: string,
  prefix: string,
  base: readonly PropertyKey[] = [],
): { ok: false; rejection: { code: string; message: string; details: { path: string } } } {
  const stop = (m: string): string => (/[.!?]$/.test(m) ? m : `${m}.`);
  for (const issue of error.issues) {
    const c = coded(issue, base);
    if (c) {
      const path = pathText(c.path);
      return { ok: false, rejection: { code: c.code, message: stop(`${prefix}: ${path ? `${path}: ` : ''}${c.message}`), details: { path } } };
    }
  }
  const parts = error.issues.slice(0, 3).map((i) => {
    const path = pathText([...base, ...i.path]);
    return `${path ? `${path}: ` : ''}${i.message}`;
  });
  const first = error.issues[0];
  return { ok: false, rejection: { code, message: stop(`${prefix}: ${parts.join('; ')}`), details: { path: first ? pathText([...base, ...first.path]) : pathText(base) } } };
}
