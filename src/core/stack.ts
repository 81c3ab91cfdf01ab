/** A persistent (immutable, shared-tail) stack: pushing never copies, so a fold keeps every undo step cheaply. */
export type Stack<T> = { readonly top: T; readonly rest: Stack<T>; readonly size: number } | null;

export function push<T>(stack: Stack<T>, top: T): Stack<T> {
  return { top, rest: stack, size: (stack?.size ?? 0) + 1 };
}

/**
 * Push, keeping at most `limit` entries. The stack may grow to twice the limit before it is cut back
 * to `limit` (rebuilding `limit` cells), so trimming costs O(1) per push on average.
 */
export function pushBounded<T>(stack: Stack<T>, top: T, limit: number): Stack<T> {
  const pushed = push(stack, top);
  return pushed!.size > 2 * limit ? take(pushed, limit) : pushed;
}

function take<T>(stack: Stack<T>, n: number): Stack<T> {
  const items: T[] = [];
  for (let s = stack; s !== null && items.length < n; s = s.rest) items.push(s.top);
  let out: Stack<T> = null;
  for (let i = items.length - 1; i >= 0; i--) out = push(out, items[i]!);
  return out;
}
