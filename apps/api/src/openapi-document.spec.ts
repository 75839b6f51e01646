import SwaggerParser from '@apidevtools/swagger-parser';
import { getMetadataStorage } from 'class-validator';
import { FREE_FORM_MARK, isBareObject, referenceDocument } from '@docs/platform';
import { createTestApp, normalizeNullable, TestApp } from '@docs/platform/testing';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { ApiModule } from './api.module';

interface Operation {
  operationId?: string;
  requestBody?: unknown;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** Routes a browser opens, outside the API (docs/api-decisions.md, "People signing in"): not in the document. */
const BROWSER_PAGES = /^\/(auth|sso|assets)\/|^\/$/;

/** The project's own OpenAPI document (/openapi.json) describes every route the api serves, but the browser's pages. */
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
      // Not API operations: the reference UI, and the browser's pages (sign-in, SAML's exchange, the browser app and its files).
      .filter((layer) => layer.route && !layer.route.path.includes('*') && !/^\/(docs|openapi)/.test(layer.route.path) && !BROWSER_PAGES.test(layer.route.path))
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

  /** Every schema node of an operation (parameters, request bodies, responses), components followed once. */
  function schemaNodes(document: Record<string, any>): { node: Record<string, any>; at: string; reference: boolean }[] {
    const components = document.components.schemas as Record<string, any>;
    const out: { node: Record<string, any>; at: string; reference: boolean }[] = [];
    const entered = new Set<string>();
    const stack: { node: unknown; at: string; reference: boolean }[] = [];
    for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
      for (const [method, operation] of Object.entries<Record<string, any>>(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? []) stack.push({ node: parameter.schema, at: `${where} parameter ${parameter.name}`, reference: false });
        for (const [type, media] of Object.entries<Record<string, any>>(operation.requestBody?.content ?? {})) stack.push({ node: media.schema, at: `${where} request ${type}`, reference: false });
        for (const [status, response] of Object.entries<Record<string, any>>(operation.responses ?? {})) {
          for (const [type, media] of Object.entries<Record<string, any>>(response.content ?? {})) stack.push({ node: media.schema, at: `${where} ${status} ${type}`, reference: false });
        }
      }
    }
    while (stack.length > 0) {
      const { node, at, reference } = stack.pop()!;
      if (!node || typeof node !== 'object') continue;
      const schema = node as Record<string, any>;
      // The reference's own schemas, and content declared free-form (FREE_FORM_MARK), may hold bare objects.
      const inReference = reference || schema['x-reference'] !== undefined || schema['x-reference-input'] !== undefined || schema[FREE_FORM_MARK] !== undefined;
      if (typeof schema.$ref === 'string') {
        const name = schema.$ref.split('/').pop() as string;
        if (!entered.has(name)) {
          entered.add(name);
          stack.push({ node: components[name], at: `${at} -> ${name}`, reference: inReference });
        }
        continue;
      }
      out.push({ node: schema, at, reference: inReference });
      for (const [name, property] of Object.entries(schema.properties ?? {})) stack.push({ node: property, at: `${at}.${name}`, reference: inReference });
      if (schema.items) stack.push({ node: schema.items, at: `${at}[]`, reference: inReference });
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') stack.push({ node: schema.additionalProperties, at: `${at}{}`, reference: inReference });
      for (const key of ['allOf', 'oneOf', 'anyOf']) (schema[key] ?? []).forEach((branch: unknown, i: number) => stack.push({ node: branch, at: `${at}.${key}[${i}]`, reference: inReference }));
      // `not` holds constraints (`required`), not a shape: not walked.
    }
    return out;
  }

  it('describes every object: no bare object in any operation, except where the reference itself has one', async () => {
    const document = (await t.http.as(undefined).get('/openapi.json')).body;
    const nodes = schemaNodes(document);
    expect(nodes.length).toBeGreaterThan(1000);
    // A bare object is allowed only inside a schema taken from the reference (its own bare objects).
    expect(nodes.filter(({ node, reference }) => isBareObject(node) && !reference).map(({ at }) => at)).toEqual([]);
    // What the reference describes is described with its words: pages, documents, users, links.
    const page = document.paths['/v1/spaces/{spaceId}/content/page/{pageId}'].get.responses['200'].content['application/json'].schema;
    expect(page).toEqual({ $ref: '#/components/schemas/RevisionPage' });
    expect(document.components.schemas.CreatePageDto.properties.document.allOf).toEqual([{ $ref: '#/components/schemas/JSONDocument' }]);
    expect(JSON.stringify(document.paths['/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews'].get.responses['200'])).toContain('#/components/schemas/User');
  });

  it("copies the reference's components as the reference has them (the Empty document read as API-CONVENTIONS says)", async () => {
    const document = (await t.http.as(undefined).get('/openapi.json')).body;
    const reference = referenceDocument().components.schemas;
    const copied = Object.entries<Record<string, any>>(document.components.schemas).filter(([, schema]) => schema['x-reference'] !== undefined);
    expect(copied.length).toBeGreaterThan(50);
    for (const [name, schema] of copied) {
      const { ['x-reference']: mark, ...rest } = schema;
      expect([name, mark, rest]).toEqual([name, name, reference[name]]);
    }
    // A body that is the reference's own schema is described by closed copies (`<Name>Input`): the
    // reference's words, every object closed, NUL refused in free strings.
    const customization = document.paths['/v1/orgs/{organizationId}/sites/{siteId}/customization'].put.requestBody.content['application/json'].schema;
    expect(customization).toEqual({ $ref: '#/components/schemas/SiteCustomizationSettingsInput' });
    const inputs = Object.entries<Record<string, any>>(document.components.schemas).filter(([, schema]) => schema['x-reference-input'] !== undefined);
    expect(inputs.length).toBeGreaterThan(10);
    const open = (node: unknown, copy: boolean): unknown => {
      if (Array.isArray(node)) return node.map((item) => open(item, copy));
      if (!node || typeof node !== 'object') return node;
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node)) {
        if (key === 'x-reference-input') continue;
        if (key === 'additionalProperties' && value === false) continue;
        if (key === 'pattern' && value === '^[^\\u0000]*$') continue;
        if (key === '$ref') out[key] = copy ? String(value).replace(/Input$/, '') : value;
        else out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, open(v, copy)])) : open(value, copy);
      }
      return out;
    };
    for (const [name, schema] of inputs) {
      expect(name).toBe(`${schema['x-reference-input']}Input`);
      if (schema['properties']) expect([name, schema['additionalProperties']]).toEqual([name, false]);
      expect([name, open(schema, true)]).toEqual([name, open(reference[schema['x-reference-input']], false)]);
    }
    // Every $ref of the document resolves inside it.
    const refs = new Set(JSON.stringify(document).match(/#\/components\/schemas\/[^"]+/g));
    expect([...refs].filter((ref) => !document.components.schemas[ref.split('/').pop()!])).toEqual([]);
  });

  it('states the input rules: no NUL in any request string, limits after trimming, query bounds, integrationName, upload name', async () => {
    const document = (await t.http.as(undefined).get('/openapi.json')).body;
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    const problems: string[] = [];
    const requestNodes = schemaNodes({ ...document, paths: Object.fromEntries(Object.entries<Record<string, any>>(document.paths).map(([path, item]) => [path, Object.fromEntries(Object.entries<Record<string, any>>(item).map(([m, op]) => [m, { ...op, responses: {} }]))])) });
    let strings = 0;
    for (const { node, at, reference } of requestNodes) {
      if (reference || node.type !== 'string' || node.enum || node.format) continue;
      strings++;
      const validate = ajv.compile(node);
      if (validate('a\u0000b')) problems.push(`${at}: takes a NUL`);
      // A trimmed string with a minimum: that many spaces are not enough.
      if (String(node.description ?? '').includes('whitespace is removed') && (node.minLength ?? 0) > 0 && validate(' '.repeat(Math.max(node.minLength, 2)))) problems.push(`${at}: takes blanks`);
    }
    expect(strings).toBeGreaterThan(100);
    expect(problems).toEqual([]);
    const query = (path: string, method: string, name: string) => document.paths[path][method].parameters.find((p: { name: string }) => p.name === name).schema;
    expect(query('/v1/orgs/{organizationId}/teams', 'get', 'owner')).toMatchObject({ maxLength: 256 });
    expect(query('/v1/orgs/{organizationId}/teams', 'get', 'title')).toMatchObject({ maxLength: 64 });
    expect(query('/v1/spaces/{spaceId}', 'get', 'shareKey')).toMatchObject({ maxLength: 512 });
    const upload = query('/v1/spaces/{spaceId}/content/files', 'post', 'name');
    expect([new RegExp(upload.pattern).test('logo.png'), new RegExp(upload.pattern).test('a/b.png'), new RegExp(upload.pattern).test('a\u0001')]).toEqual([true, false, false]);
    for (const path of ['/v1/integrations/{integrationName}', '/v1/integrations/{integrationName}/installations']) {
      const name = Object.values<Record<string, any>>(document.paths[path])[0].parameters.find((p: { name: string }) => p.name === 'integrationName').schema;
      expect(name).toMatchObject({ pattern: '^[a-zA-Z0-9-_.]+$', maxLength: 100 });
    }
    // Limits after trimming: "  a  " is a one-character title.
    const title = ajv.compile(document.components.schemas.UpdateSiteDto.properties.title);
    expect([title('  ab  '), title('  a  '), title('ab')]).toEqual([true, false, true]);
  });

  it('takes, by a standard validator (Ajv), the shapes the API takes and answers: a page without a body, each form of a one-of body', async () => {
    const document = (await t.http.as(undefined).get('/openapi.json')).body;
    const ajv = new Ajv({ strict: false, validateSchema: false });
    addFormats(ajv);
    for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password', 'emoji', 'icon']) ajv.addFormat(format, true);
    ajv.addSchema(normalizeNullable(document) as object, 'document');
    const takes = (name: string, value: unknown) => ajv.getSchema(`document#/components/schemas/${name}`)!(value);
    // A page as trees, moves and updates without format answer it: no body (the reference's "Empty" as meant).
    const layout = { width: 'default', cover: false, coverSize: 'hero', title: true, description: true, tableOfContents: true, outline: true, pagination: true, metadata: true };
    const page = { id: 'p1', title: 'Page', kind: 'sheet', type: 'document', slug: 'page', path: 'page', pages: [], layout, urls: { app: 'https://app.example/p' } };
    const body = { object: 'document', data: {}, nodes: [] };
    expect([takes('RevisionPage', page), takes('RevisionPage', { ...page, markdown: 'x' }), takes('RevisionPage', { ...page, document: body }), takes('RevisionPage', { ...page, markdown: 'x', document: body })]).toEqual([true, true, true, false]);
    // One-of rules beside a DTO's properties: exactly one form.
    expect([takes('SpecSourceDto', { text: 'Q' }), takes('SpecSourceDto', { url: 'https://example.com/a.yaml' }), takes('SpecSourceDto', { text: 'Q', url: 'https://example.com/a.yaml' }), takes('SpecSourceDto', {})]).toEqual([true, true, false, false]);
    expect([takes('CommentBodyDto', { markdown: 'b' }), takes('CommentBodyDto', { document: body }), takes('CommentBodyDto', { markdown: 'b', document: body }), takes('CommentBodyDto', {})]).toEqual([true, true, false, false]);
    expect([takes('PositionDto', { before: { type: 'space', space: 's' } }), takes('PositionDto', { after: { type: 'collection', collection: 'c' } }), takes('PositionDto', { before: { type: 'space', collection: 'c' } })]).toEqual([true, true, false]);
    const searches = [{ query: '', scope: { mode: 'all' } }, { query: '', mode: 'all' }, { query: '', mode: 'current', siteSpaceId: 's' }, { query: '', siteSpaceIds: ['s'] }, { query: '', scope: { mode: 'all' }, mode: 'all' }];
    expect(searches.map((search) => takes('SearchSiteContentDto', search))).toEqual([true, true, true, true, false]);
    // A spec file: its JSON form is the JSON value it is; its path 1 to 2048 characters.
    const file = document.paths['/spec-files/{versionId}/{signature}/{path}'].get;
    const json = ajv.compile(normalizeNullable(file.responses['200'].content['application/json'].schema) as object);
    expect([json({ openapi: '3.1.0' }), json([]), json('openapi: 3.1.0')]).toEqual([true, true, false]);
    expect(file.parameters.find((p: { name: string }) => p.name === 'path').schema).toMatchObject({ minLength: 1, maxLength: 2048 });
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
