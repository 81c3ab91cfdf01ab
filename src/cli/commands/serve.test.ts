import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingPackagesLine, missingServerPackages, runServe, serverPackages } from './serve.ts';
import type { CliIo } from '../io.ts';

describe('turnkeeper serve without the server packages', () => {
  it('finds them in this repository (dev dependencies)', () => {
    expect(missingServerPackages()).toEqual([]);
  });

  it('names what is missing in one line, with the ranges package.json accepts, and exits 1', async () => {
    const err: string[] = [];
    const io: CliIo = { out: () => {}, err: (t) => void err.push(t) };
    const absent = new Set(['fastify', 'better-sqlite3']);
    const resolve = (name: string): string => {
      if (absent.has(name)) throw new Error(`Cannot find package '${name}'`);
      return name;
    };
    expect(await runServe([], io, {}, resolve)).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).not.toContain('\n');
    const peers = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { peerDependencies: Record<string, string> }).peerDependencies;
    expect(err[0]).toBe(`Turnkeeper's server needs fastify, better-sqlite3, not installed here. Install them with: npm install fastify@${peers.fastify} better-sqlite3@${peers['better-sqlite3']}`);
  });

  it('says "it" for one package', () => {
    expect(missingPackagesLine(['pg'])).toMatch(/Install it with: npm install pg@/);
    expect(serverPackages).toContain('@fastify/websocket');
  });
});
