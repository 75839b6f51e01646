import { createTestApp, TestApp } from '@docs/platform/testing';
import { ApiModule } from './api.module';

interface Operation {
  operationId?: string;
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** The project's own OpenAPI document (/openapi.json) describes every route the api serves. */
describe('GET /openapi.json', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ApiModule] });
    paths = (await t.http.as(undefined).get('/openapi.json')).body.paths;
  });
  afterAll(() => t.close());

  const served = () => {
    const express = t.app.getHttpAdapter().getInstance() as unknown as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } };
    const stack = express.router.stack;
    return stack
      .filter((layer) => layer.route && !layer.route.path.includes('*') && !/^\/(docs|openapi)/.test(layer.route.path))
      .flatMap((layer) => Object.keys(layer.route!.methods).map((method) => ({ method, path: layer.route!.path.replace(/:(\w+)/g, '{$1}') })));
  };

  it('lists every route', () => {
    const routes = served();
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter(({ method, path }) => !paths[path]?.[method]);
    expect(missing).toEqual([]);
  });

  it('gives every operation an explicit id, a response shape, and its request body', () => {
    const problems: string[] = [];
    for (const { method, path } of served()) {
      const operation = paths[path][method];
      if (!operation.operationId || operation.operationId.includes('Controller_')) problems.push(`${method} ${path}: no operationId`);
      const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      if (success.length === 0) problems.push(`${method} ${path}: no success response`);
      for (const [status, response] of success) {
        // JSON answers have a JSON schema; a download (binary) declares its own media type.
        const schema = response.content?.['application/json']?.schema ?? Object.values(response.content ?? {})[0]?.schema;
        if (status !== '204' && status !== '205' && !schema) {
          problems.push(`${method} ${path}: ${status} has no schema`);
        }
      }
      if (['post', 'put', 'patch'].includes(method) && !operation.requestBody && !/\/(restore|duplicate|ping|sso|merge|update)$/.test(path)) {
        problems.push(`${method} ${path}: no request body`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents the bearer scheme', async () => {
    const document = (await t.http.as(undefined).get('/openapi.json')).body;
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/health'].get.security).toEqual([]);
  });
});
