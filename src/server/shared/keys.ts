/**
 * Keys and ids. Keys are 256 random bits (base64url, with a prefix saying what they open); only their
 * sha256 is stored, compared in constant time. The owner token lives in the data folder, created once.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type RandomBytes = (size: number) => Uint8Array;

export const cryptoRandom: RandomBytes = (size) => randomBytes(size);

export type KeyKind = 'owner' | 'gm' | 'player' | 'tv' | 'seat';
const PREFIX: Record<KeyKind, string> = { owner: 'tko', gm: 'tkg', player: 'tkp', tv: 'tkv', seat: 'tks' };

export function newKey(random: RandomBytes, kind: KeyKind): string {
  return `${PREFIX[kind]}_${Buffer.from(random(32)).toString('base64url')}`;
}

/** 12 URL-safe characters (72 bits). */
export function newEncounterId(random: RandomBytes): string {
  return Buffer.from(random(9)).toString('base64url');
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The sha256 digest of a key, to compare with stored hashes (`digestMatches`). */
export function keyDigest(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** Whether a key's digest equals a stored hash, in time independent of where they differ. */
export function digestMatches(digest: Buffer, hash: string): boolean {
  const b = Buffer.from(hash, 'hex');
  return b.length === digest.length && timingSafeEqual(digest, b);
}

/** Whether `key` hashes to `hash`, in constant time. */
export function keyMatches(key: string, hash: string): boolean {
  return digestMatches(keyDigest(key), hash);
}

export const OWNER_TOKEN_FILE = 'owner-token';

/** The data folder's mode when the server creates it: its owner only. */
export const PRIVATE_FOLDER = 0o700;

/** The owner token of this data folder: read it, or create it the first time (readable by the owner only). */
export function loadOwnerToken(dataDir: string, random: RandomBytes = cryptoRandom): string {
  const file = join(dataDir, OWNER_TOKEN_FILE);
  if (existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    if (token.length >= 20) return token;
  }
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER });
  const token = newKey(random, 'owner');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return token;
}
