/**
 * JSON over HTTP with a key. Every failure comes back as a value with the server's `{code, message}`
 * (or a plain-words one for a network failure), never as a throw.
 */

export type Answer<T> =
  | { readonly ok: true; readonly data: T }
  | {
      readonly ok: false;
      readonly status: number;
      readonly code: string;
      readonly message: string;
      /**
       * Turnkeeper did not answer: no answer came (status 0), or one without its JSON `{code, message}`
       * (a reverse proxy's 502, 503 or 504 page). Nothing is known of what a change did then.
       */
      readonly unanswered?: true;
    };

/** Reads change nothing: only a change can be in doubt when its answer is lost. */
const reads = new Set(['GET', 'HEAD']);

/**
 * No answer came (the connection dropped, the server is down): said without claiming that nothing was
 * changed, which only the server can say — a change may have been made before its answer was lost.
 */
export function unreachable(method: string): Answer<never> {
  const message = reads.has(method.toUpperCase())
    ? 'The server cannot be reached. Check the connection.'
    : 'The server did not answer: this may or may not have been done. Check the connection, then look before doing it again.';
  return { ok: false, status: 0, code: 'network/unreachable', message, unanswered: true };
}

export async function call<T>(method: string, path: string, key: string | null, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    // The body can be cut off too (the connection dropped after the headers).
    text = await res.text();
  } catch {
    return unreachable(method);
  }
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (res.ok) return { ok: true, data: data as T };
  const err = (data ?? {}) as { code?: unknown; message?: unknown };
  if (typeof err.code === 'string' && typeof err.message === 'string') return { ok: false, status: res.status, code: err.code, message: err.message };
  return otherAnswer(method, res.status, res.statusText);
}

/** An error answer without Turnkeeper's JSON body (a proxy's page): it does not say whether a change was made. */
export function otherAnswer(method: string, status: number, statusText: string): Answer<never> {
  const answered = `The server answered ${status}${statusText ? ` ${statusText}` : ''}`;
  const message = reads.has(method.toUpperCase()) ? `${answered}.` : `${answered}, not Turnkeeper itself: this may or may not have been done.`;
  return { ok: false, status, code: `http/${status}`, message, unanswered: true };
}

export function encounterPath(id: string, rest = ''): string {
  return `/api/encounters/${encodeURIComponent(id)}${rest}`;
}
