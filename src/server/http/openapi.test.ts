import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from './openapi.ts';
import type { PlayerNow } from '../players/index.ts';
import { playerViewSchema } from './response-schemas.ts';
import { testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

let t: TestApp;
let doc: { openapi: string; paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown>; parameters: { name: string; in: string }[]; requestBody?: unknown }>> };
beforeAll(async () => {
  t = await testApp();
  doc = (await t.call('GET', '/api/openapi.json')).json();
});
afterAll(async () => t.close());

describe('OpenAPI description', () => {
  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('describes every route the server registers', () => {
    const registered = t.app.registered.filter((r) => r.method !== 'HEAD');
    expect(registered.length).toBeGreaterThan(15);
    for (const r of registered) {
      const op = doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.url}`).toBeDefined();
      expect(Object.keys(op!.responses).length).toBeGreaterThan(0);
    }
  });

  it('documents only routes that exist, with unique operation ids and every path parameter', () => {
    const registered = new Set(t.app.registered.map((r) => `${r.method} ${openApiPath(r.url)}`));
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(registered.has(`${method.toUpperCase()} ${path}`), `${method} ${path}`).toBe(true);
        expect(ids.has(op.operationId)).toBe(false);
        ids.add(op.operationId);
        for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
          expect(op.parameters.some((p) => p.in === 'path' && p.name === name), `${path} ${name}`).toBe(true);
        }
      }
    }
  });

  it('documents the read limit (429) on every GET that takes a key, and the pages of the long lists', () => {
    for (const spec of t.app.routes.filter((r) => r.method === 'GET' && r.auth !== 'none')) {
      const op = doc.paths[openApiPath(spec.url)]!.get!;
      expect(Object.keys(op.responses), spec.url).toContain('429');
    }
    for (const path of ['/api/encounters/{id}/log', '/api/encounters/{id}/events', '/api/encounters/{id}/requests']) {
      const op = doc.paths[path]!.get!;
      expect(op.parameters.map((p) => p.name), path).toEqual(expect.arrayContaining(['after', 'limit']));
      expect(JSON.stringify(op.parameters.find((p) => p.name === 'limit')), path).toContain('default 500, at most 2000');
      expect(JSON.stringify(op.responses['200']), path).toContain('"next"');
    }
  });

  // Issue 20, item 5: a hidden combatant's turn reads as the GM deciding; no kind of "now" says that someone unseen acts.
  it('documents the kinds of "now" a player view has, and no other', () => {
    const sent = ['setup', 'actor', 'side', 'group', 'pass', 'decision', 'ended'] as const satisfies readonly PlayerNow['kind'][];
    // Fails to compile when the player view gains a kind this list lacks.
    const everyKind: [Exclude<PlayerNow['kind'], (typeof sent)[number]>] extends [never] ? true : false = true;
    expect(everyKind).toBe(true);
    expect(playerViewSchema.shape.now.shape.kind.options).toEqual(sent);
    const encounter = JSON.stringify(doc.paths['/api/encounters/{id}']!.get!.responses['200']);
    expect(encounter).toContain(JSON.stringify(sent));
    expect(encounter).not.toContain('"unseen"');
  });

  it('carries the request schemas built from zod', () => {
    const create = doc.paths['/api/encounters']!.post!;
    expect(JSON.stringify(create.requestBody)).toContain('"rules"');
    const requests = doc.paths['/api/encounters/{id}/requests']!.post!;
    expect(JSON.stringify(requests.requestBody)).toContain('"luck"');
    const command = doc.paths['/api/encounters/{id}/commands']!.post!;
    expect(command.parameters.map((p) => p.name)).toEqual(['id', 'expectedVersion', 'view']);
    expect(Object.keys(command.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409', '413', '422', '429']));
  });
});
