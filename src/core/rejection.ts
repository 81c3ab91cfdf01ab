/**
 * Rejections are values, never thrown: `decide` answers a command with either the events it causes
 * or one Rejection that says, in words a GM understands, why nothing happened.
 */
export interface Rejection {
  /** Namespaced and stable, e.g. `turn/not-your-turn`, `swn/main-spent`. */
  readonly code: string;
  /** One or two sentences for the GM: what was refused and, where possible, what to do instead. */
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

export type Decision<E> =
  | { readonly ok: true; readonly events: readonly E[] }
  | { readonly ok: false; readonly rejection: Rejection };

export function accept<E>(events: readonly E[]): Decision<E> {
  return { ok: true, events };
}

export function reject<E = never>(code: string, message: string, details?: Record<string, unknown>): Decision<E> {
  return { ok: false, rejection: details ? { code, message, details } : { code, message } };
}

export function isRejection(value: unknown): value is Rejection {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Rejection).code === 'string' &&
    typeof (value as Rejection).message === 'string' &&
    !('ok' in value)
  );
}
