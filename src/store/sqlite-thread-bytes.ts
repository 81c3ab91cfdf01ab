/**
 * Bytes across the SQLite thread. Calls and answers cross as JSON, where a Buffer would become an array
 * of numbers (four times its size, and a plain object at the other end): the portraits' bytes cross as
 * base64 instead, named by method, so nothing else's JSON is ever read as bytes.
 */
import type { NewPortrait, Portrait } from './portrait-store.ts';

type Wire<T> = Omit<T, 'bytes'> & { readonly bytes: string };

const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/** The calling side: arguments out, answers back. */
export const callSide = {
  putPortraitArgs: (p: NewPortrait): Wire<NewPortrait> => ({ ...p, bytes: toBase64(p.bytes) }),
  getPortraitValue: (v: Wire<Portrait> | undefined): Portrait | undefined => (v ? { ...v, bytes: Buffer.from(v.bytes, 'base64') } : undefined),
};

/** The worker's side: per method, the arguments in and the answer out. */
export const workerSide: Readonly<Record<string, { args?: (args: unknown[]) => unknown[]; value?: (value: unknown) => unknown }>> = {
  'portraits.putPortrait': { args: ([p, ...rest]) => [{ ...(p as Wire<NewPortrait>), bytes: Buffer.from((p as Wire<NewPortrait>).bytes, 'base64') }, ...rest] },
  'portraits.getPortrait': { value: (v) => (v ? { ...(v as Portrait), bytes: toBase64((v as Portrait).bytes) } : v) },
};
