/** A persistent (immutable, shared-tail) stack: pushing never copies, so a fold keeps every undo step cheaply. */
export type Stack<T> = { readonly top: T; readonly rest: Stack<T>; readonly size: number } | null;

export function push<T>(stack: Stack<T>, top: T): Stack<T> {
  return { top, rest: stack, size: (stack?.size ?? 0) + 1 };
}
