/**
 * A portrait's bytes checked before they are stored: a PNG, JPEG or WebP image by its content (the
 * magic bytes), sent under its own type (a mislabelled file is refused and told what it is), at most
 * 256 kB, with a plausible header of at most 4096 pixels a side (a small file that would decode to a
 * huge image is refused). Messages speak of the file only. Pure.
 */
import type { PortraitType } from '../../store/index.ts';

export const PORTRAIT_MAX_BYTES = 262_144;
export const PORTRAIT_MAX_SIDE = 4096;

export type PortraitCheck =
  | { readonly ok: true; readonly type: PortraitType; readonly width: number; readonly height: number }
  | { readonly ok: false; readonly status: 413 | 415 | 422; readonly code: string; readonly message: string };

const NAMES: Readonly<Record<PortraitType, string>> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP' };

/** "10.0 MB", "300 kB", "12 bytes". */
export function sizeWords(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.ceil(bytes / 1024)} kB`;
  return `${bytes} bytes`;
}

export function tooLarge(size: number): PortraitCheck & { ok: false } {
  return {
    ok: false,
    status: 413,
    code: 'portrait/too-large',
    message: `A portrait is at most ${PORTRAIT_MAX_BYTES / 1024} kB; this file is ${sizeWords(size)}. Save it smaller (512 × 512 pixels is plenty) and try again.`,
  };
}

const fail = (status: 413 | 415 | 422, code: string, message: string): PortraitCheck => ({ ok: false, status, code, message });

const starts = (b: Uint8Array, at: number, bytes: readonly number[]): boolean => bytes.every((x, i) => b[at + i] === x);
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));
const be16 = (b: Uint8Array, at: number): number => (b[at]! << 8) | b[at + 1]!;
const be32 = (b: Uint8Array, at: number): number => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const le16 = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);
const le24 = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

/** What the bytes are, by their first bytes alone. */
export function sniffPortrait(b: Uint8Array): PortraitType | undefined {
  if (starts(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts(b, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts(b, 0, ascii('RIFF')) && starts(b, 8, ascii('WEBP'))) return 'image/webp';
  return undefined;
}

type Size = { width: number; height: number } | undefined;

function pngSize(b: Uint8Array): Size {
  // The first chunk is IHDR, 13 bytes long: width and height, 4 bytes each, big-endian.
  if (b.length < 33 || be32(b, 8) !== 13 || !starts(b, 12, ascii('IHDR'))) return undefined;
  return { width: be32(b, 16), height: be32(b, 20) };
}

function jpegSize(b: Uint8Array): Size {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // no length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // the end, or the scan, before any frame header
    const length = be16(b, at + 2);
    if (length < 2) return undefined;
    // SOF0..SOF15 but DHT (C4), JPG (C8) and DAC (CC): precision, then height and width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > b.length) return undefined;
      return { height: be16(b, at + 5), width: be16(b, at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

function webpSize(b: Uint8Array): Size {
  if (b.length < 30) return undefined;
  if (starts(b, 12, ascii('VP8X'))) return { width: le24(b, 24) + 1, height: le24(b, 27) + 1 };
  if (starts(b, 12, ascii('VP8L'))) {
    if (b[20] !== 0x2f) return undefined;
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (starts(b, 12, ascii('VP8 '))) {
    if (!starts(b, 23, [0x9d, 0x01, 0x2a])) return undefined;
    return { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff };
  }
  return undefined;
}

const SIZE_OF: Readonly<Record<PortraitType, (b: Uint8Array) => Size>> = { 'image/png': pngSize, 'image/jpeg': jpegSize, 'image/webp': webpSize };

/**
 * Checks an upload. `declared`: the Content-Type it was sent with (its parameters ignored); the image
 * must be what it says it is.
 */
export function checkPortrait(bytes: Uint8Array, declared: string | undefined): PortraitCheck {
  if (bytes.length > PORTRAIT_MAX_BYTES) return tooLarge(bytes.length);
  if (bytes.length === 0) return fail(422, 'portrait/empty', 'The file is empty: choose a PNG, JPEG or WebP image.');
  const type = sniffPortrait(bytes);
  if (!type) return fail(415, 'portrait/not-an-image', 'This file is not a PNG, JPEG or WebP image (it does not begin like one). Choose an image in one of those formats.');
  const label = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (label !== type) {
    const sent = label in NAMES ? `${NAMES[label as PortraitType]} (${label})` : label === '' ? 'no type' : label.slice(0, 60);
    return fail(415, 'portrait/mislabelled', `The file is a ${NAMES[type]} image but was sent as ${sent}. Send it as ${type}, or save it again in the format its name says.`);
  }
  const size = SIZE_OF[type](bytes);
  if (!size || size.width < 1 || size.height < 1) return fail(422, 'portrait/damaged', `The ${NAMES[type]} file's header is damaged or incomplete. Save the image again and retry.`);
  if (size.width > PORTRAIT_MAX_SIDE || size.height > PORTRAIT_MAX_SIDE) {
    return fail(422, 'portrait/too-many-pixels', `The image is ${size.width} × ${size.height} pixels; a portrait is at most ${PORTRAIT_MAX_SIDE} pixels a side. Make it smaller and try again.`);
  }
  return { ok: true, type, ...size };
}
