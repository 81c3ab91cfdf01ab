/**
 * This browser's local storage, or null where there is none or it is refused (private modes, a
 * sandboxed frame, tests under Node): whatever keeps the GM's things in the browser then does without.
 */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The JSON record kept under `key`: empty when there is none, or it cannot be read as an object. */
export function readStored<T>(key: string): Record<string, T> {
  try {
    const raw = JSON.parse(browserStorage()?.getItem(key) ?? '{}') as unknown;
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, T>) : {};
  } catch {
    return {};
  }
}

/** Keeps `value` as JSON under `key`; false when the storage is missing, full or refused. */
export function writeStored(key: string, value: unknown): boolean {
  try {
    const s = browserStorage();
    s?.setItem(key, JSON.stringify(value));
    return s !== null;
  } catch {
    return false;
  }
}
