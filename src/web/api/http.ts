/**
 * JSON over HTTP with a key. Every failure comes back as a value with the server's `{code, message}`
 * (or a plain-words one for a network failure), never as a throw.
 */

export type Answer<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly status: number; readonly code: string; readonly message: string };

export async function call<T>(method: string, path: string, key: string | null, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  } catch {
    return { ok: false, status: 0, code: 'network/unreachable', message: 'The server cannot be reached. Check the connection; nothing was changed.' };
  }
  let data: unknown = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (res.ok) return { ok: true, data: data as T };
  const err = (data ?? {}) as { code?: unknown; message?: unknown };
  return {
    ok: false,
    status: res.status,
    code: typeof err.code === 'string' ? err.code : `http/${res.status}`,
    message: typeof err.message === 'string' ? err.message : `The server answered ${res.status} ${res.statusText}.`,
  };
}

export function encounterPath(id: string, rest = ''): string {
  return `/api/encounters/${encodeURIComponent(id)}${rest}`;
}
