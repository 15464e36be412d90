import { Validator } from '@seriousme/openapi-schema-validator';
import type { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { LockHistories } from './locks/history';
import { openApiDocument, ROUTES } from './openapi';
import { breakRouter } from './routes/break';
import { garbageRouter } from './routes/garbage';
import type { ExplorerContext } from './routes/context';
import { controlsGuard } from './routes/controls';
import { locksRouter } from './routes/locks';
import { opsRouter } from './routes/ops';
import { simRouter } from './routes/sim';
import { filesRouter } from './replay/live';
import { fleetRouter } from './routes/fleet';

/** The method and path of every route a router registers, in OpenAPI's spelling (`*segments` is `{path}`). */
function routesOf(router: Router): string[] {
  const found: string[] = [];
  for (const layer of router.stack as Array<{ route?: { path: string | string[]; methods: Record<string, boolean> } }>) {
    if (layer.route === undefined) continue;
    // One handler may answer several paths.
    for (const written of [layer.route.path].flat()) {
      const path = written.replace('*segments', '{path}').replace(/:(\w+)/g, '{$1}');
      for (const method of Object.keys(layer.route.methods)) found.push(`${method} ${path}`);
    }
  }
  return found;
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(openApiDocument('1.0.0'));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every route the server answers, and no other', () => {
    // The routers only register their handlers when built: nothing of the context is called here.
    const registry = { on: () => undefined, off: () => undefined };
    const context = { histories: new LockHistories(registry as never, { capacity: 10, introspection: () => null }), features: {}, controls: {} } as unknown as ExplorerContext;
    // The files' router answers some of the same routes at a past moment: each route once.
    const served = [...new Set([() => fleetRouter([], () => { throw new Error("not scraped here"); }), opsRouter, controlsGuard, simRouter, breakRouter, (built: ExplorerContext) => garbageRouter({ ...built, garbage: {} as never, cleanupAllowed: false }), (built: ExplorerContext) => filesRouter(null, built.roots), locksRouter].flatMap((make) => routesOf(make(context))))];
    expect(served.sort()).toEqual(ROUTES.map((route) => `${route.method} ${route.path}`).sort());
  });

  it('describes each response with the schema the server answers in, errors as {error}', () => {
    const document = openApiDocument('1.0.0') as { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }> }>> };
    const history = document.paths['/api/history/{path}']!.get!;
    expect(Object.keys(history.responses['200']!.content['application/json']!.schema.properties ?? {})).toEqual(['path', 'capacity', 'since', 'recordsSince', 'holds', 'waits', 'stats']);
    expect(history.responses['404']!.content['application/json']!.schema.properties).toHaveProperty('error');
    const spawn = document.paths['/api/sim/contenders']!.post as unknown as { requestBody: { content: Record<string, { schema: { required: string[] } }> }; security: unknown[] };
    expect(spawn.requestBody.content['application/json']!.schema.required).toContain('path');
    expect(spawn.security).toEqual([{}, { adminToken: [] }]);
  });
});
