import { expect, it } from 'vitest';
import { describePostgres } from '../src/store/testing.ts';
import { benchServerInstances } from './server-instances.ts';

describePostgres('several-instances server benchmark', () => {
  it('runs a tiny load against SQLite, two and one PostgreSQL instances and both floors, and reports medians, ratios and the curve', async () => {
    const lines: string[] = [];
    const result = await benchServerInstances((l) => lines.push(l), { instances: [2, 1], encounters: 4, listeners: 2, warmupMs: 100, durationMs: 500, thinkMs: 20, repeat: 1, inWorker: false });
    expect(result.rows.map((r) => `${r.server}, ${r.load}`)).toEqual([
      'Turnkeeper, SQLite, 1 instance, paced',
      'Turnkeeper, SQLite, 1 instance, saturated',
      'Turnkeeper, PostgreSQL, 2 instances, paced',
      'Turnkeeper, PostgreSQL, 2 instances, saturated',
      'Turnkeeper, PostgreSQL, 1 instance, paced',
      'Turnkeeper, PostgreSQL, 1 instance, saturated',
      'floor, PostgreSQL (Fastify + INSERT + ws), paced',
      'floor, PostgreSQL (Fastify + INSERT + ws), saturated',
      'floor, SQLite (Fastify + INSERT + ws), paced',
      'floor, SQLite (Fastify + INSERT + ws), saturated',
    ]);
    for (const r of result.rows) {
      expect(r.errors, r.server).toBe(0);
      expect(r.commandsPerSecond, r.server).toBeGreaterThan(0);
      expect(r.all.p99).toBeGreaterThanOrEqual(r.all.p50);
    }
    // Both instances' event loops were measured, and their CPU time per command (processes of their own).
    expect(result.rows[2]!.busy).toHaveLength(2);
    expect(result.rows[2]!.cpuPerCommand).toBeGreaterThan(0);
    expect(result.rows[0]!.cpuPerCommand).toBeUndefined();
    // PostgreSQL's own CPU per command, for Turnkeeper on it and for its floor; none for SQLite.
    expect(result.rows[2]!.databaseCpuPerCommand).toBeGreaterThan(0);
    expect(result.rows.find((r) => r.server.startsWith('floor, PostgreSQL'))!.databaseCpuPerCommand).toBeGreaterThan(0);
    expect(result.rows[0]!.databaseCpuPerCommand).toBeUndefined();
    expect(result.curve.map((p) => p.instances)).toEqual([2, 1]);
    for (const p of result.curve) expect(p.perInstance * p.instances).toBeCloseTo(p.commandsPerSecond);
    expect(lines.join('\n')).toMatch(/scaling \(saturated commands\/s/);
    for (const x of Object.values(result.ratios)) expect(x).toBeGreaterThan(0);
    expect(lines.join('\n')).toMatch(/Turnkeeper, PostgreSQL, 2 instances \/ floor, PostgreSQL \(Fastify \+ INSERT \+ ws\): \d+\.\d\d/);
  }, 150_000);
});
