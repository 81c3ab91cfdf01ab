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
