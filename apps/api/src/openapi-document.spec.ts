import SwaggerParser from '@apidevtools/swagger-parser';
import { getMetadataStorage } from 'class-validator';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { ApiModule } from './api.module';

interface Operation {
  operationId?: string;
  requestBody?: unknown;
  security?: unknown[];
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
        // JSON everywhere, except binary answers (integration images) that declare their media types.
        if (status !== '204' && status !== '205' && !Object.values(response.content ?? {}).some((media) => media.schema)) {
          problems.push(`${method} ${path}: ${status} has no schema`);
        }
      }
      if (['post', 'put', 'patch'].includes(method) && !operation.requestBody && !/\/(restore|duplicate|ping|sso|publish|unpublish|regenerate|merge|update|rotate|redeliver)$/.test(path)) {
        problems.push(`${method} ${path}: no request body`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents the bearer scheme as an opaque token, not a JWT', async () => {
    const document = (await t.http.as(undefined).get('/openapi.json')).body;
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.bearer.bearerFormat).toBeUndefined();
    expect(document.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/health'].get.security).toEqual([]);
  });

  it('is a valid OpenAPI 3 document (swagger-parser validates it, references resolved)', async () => {
    const document = (await t.http.as(undefined).get('/openapi.json')).body;
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
    // The validator does refuse a broken document.
    const broken = structuredClone(document);
    broken.paths['/v1/orgs'].get.responses['200'] = { content: 'not an object' };
    await expect(SwaggerParser.validate(broken)).rejects.toThrow();
  });

  it('gives the imports their second request body: the file itself, streamed, with source and name in the query', () => {
    for (const [path, method] of [
      ['/v1/spaces/{spaceId}/content/import', 'post'],
      ['/v1/spaces/{spaceId}/content/page/{pageId}/import', 'post'],
      ['/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/import', 'post'],
      ['/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/import', 'post'],
    ]) {
      const operation = paths[path][method] as Operation & { requestBody: { content: Record<string, { schema: Record<string, unknown> }> }; parameters: { name: string; in: string }[] };
      expect(operation.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ImportContentDto' });
      expect(operation.requestBody.content['application/zip'].schema).toEqual({ type: 'string', format: 'binary' });
      expect(operation.requestBody.content['text/markdown'].schema).toEqual({ type: 'string', format: 'binary' });
      expect(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(['source', 'name']);
      expect(Object.keys(operation)).not.toContain('x-extra-request-content');
    }
  });

  it('has a relative server, so /docs calls the origin it was opened at', async () => {
    const document = (await t.http.as(undefined).get('/openapi.json')).body;
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('says what is enforced: closed request bodies, nullable strings, integer limit, bounds, one-of shapes', async () => {
    const document = (await t.http.as(undefined).get('/openapi.json')).body;
    const schemas = document.components.schemas;
    for (const name of ['CreateSpaceDto', 'UpdateSpaceDto', 'MoveDto', 'PositionDto', 'SiblingPointerDto', 'InviteUsersDto', 'CreateSamlProviderDto']) {
      expect([name, schemas[name].additionalProperties]).toEqual([name, false]);
    }
    expect(schemas.InviteUsersDto.properties.emails).toMatchObject({ minItems: 1, maxItems: 1000 });
    expect(schemas.InviteUsersDto.properties.emails.items.oneOf[1]).toMatchObject({ additionalProperties: false, required: ['email', 'role'] });
    expect(schemas.UpdateSpaceDto.properties.emoji).toMatchObject({ type: 'string', nullable: true });
    expect(schemas.UpdateCollectionDto.properties.description).toMatchObject({ type: 'string', nullable: true });
    expect(schemas.CreateSamlProviderDto.properties.defaultTeam).toMatchObject({ type: 'string', nullable: true });
    expect(schemas.TransferDto.properties.organization).toMatchObject({ type: 'string', minLength: 1 });
    expect(schemas.PositionDto.oneOf).toHaveLength(2);
    expect(schemas.MoveDto.minProperties).toBe(1);
    const limit = document.paths['/v1/orgs'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 0, maximum: 1000 });
  });

  it('declares every validated field of a request DTO, so the document and the input rules know it', async () => {
    const document = (await t.http.as(undefined).get('/openapi.json')).body;
    const requestSchemas = new Set<string>();
    JSON.stringify(
      Object.values<Record<string, { requestBody?: unknown }>>(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.requestBody)),
    ).replace(/#\/components\/schemas\/(\w+)/g, (match, name: string) => {
      requestSchemas.add(name);
      return match;
    });
    // Nested DTOs of request bodies too.
    for (const name of [...requestSchemas]) {
      JSON.stringify(document.components.schemas[name]).replace(/#\/components\/schemas\/(\w+)/g, (match, nested: string) => {
        requestSchemas.add(nested);
        return match;
      });
    }
    const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<{ name: string }, { propertyName: string }[]> };
    const problems: string[] = [];
    for (const [target, rules] of storage.validationMetadatas) {
      if (!requestSchemas.has(target.name)) continue;
      const declared = Object.keys(document.components.schemas[target.name].properties ?? {});
      for (const { propertyName } of rules) if (!declared.includes(propertyName)) problems.push(`${target.name}.${propertyName}`);
    }
    expect(requestSchemas.size).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });

  it('gives response objects their properties', async () => {
    const document = (await t.http.as(undefined).get('/openapi.json')).body;
    const problems: string[] = [];
    for (const [name, schema] of Object.entries<{ properties?: Record<string, { type?: string; properties?: unknown; additionalProperties?: unknown }> }>(document.components.schemas)) {
      for (const [property, value] of Object.entries(schema.properties ?? {})) {
        if (value.type === 'object' && !value.properties && !value.additionalProperties) problems.push(`${name}.${property}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents every status an operation can answer: 401, 429, 500 always; 400, 413, 415 with a body', async () => {
    const problems: string[] = [];
    for (const { method, path } of served()) {
      const operation = paths[path][method];
      // Operations that need no token (`security: []`: health, signed downloads, integration images) cannot answer 401.
      const open = Array.isArray(operation.security) && operation.security.length === 0;
      const expected = ['429', '500', ...(open ? [] : ['401']), ...(operation.requestBody ? ['400', '413', '415'] : [])];
      for (const status of expected) if (!operation.responses[status]) problems.push(`${method} ${path}: no ${status}`);
    }
    expect(problems).toEqual([]);
  });
});
