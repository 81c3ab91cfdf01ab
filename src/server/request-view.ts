/** A request as clients see it (the GM sees everything; players the same minus nothing hidden: requests only name visible PCs). */
import type { RequestRecord } from '../store/event-store.ts';

export interface RequestView {
  readonly id: number;
  readonly kind: string;
  readonly combatant: string;
  readonly command: Readonly<Record<string, unknown>>;
  readonly status: RequestRecord['status'];
  readonly createdAt: string;
  readonly resolvedAt: string | null;
  readonly result: Readonly<Record<string, unknown>> | null;
}

export function requestView(r: RequestRecord): RequestView {
  return { id: r.id, kind: r.kind, combatant: r.combatant, command: r.command, status: r.status, createdAt: r.createdAt, resolvedAt: r.resolvedAt, result: r.result };
}
