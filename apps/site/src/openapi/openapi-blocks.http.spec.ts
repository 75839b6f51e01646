import { OpenApiHostingJobsModule, OpenApiHostingModule, PublishedSpecs } from '@docs/openapi-hosting';
import { JobWorker, JobWorkerModule } from '@docs/platform';
import { createTestApp, createTestDatabase, eventually, TestApp, TestDatabase } from '@docs/platform/testing';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOrganization, createPage, createSite, createSiteTestApp, createSpace, SiteClient } from '../testing/site-test-app';
import { HostedOpenApiSpecs } from './hosted-openapi-specs';
import { OpenApiSpecs } from './openapi-specs';

const PETSTORE = (summary: string) =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Pet store', version: '1' },
    servers: [{ url: 'https://api.example.com/v1' }],
    paths: {
      '/pets': {
        get: {
          summary,
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
          responses: { '200': { description: 'The pets.', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } } } },
        },
      },
    },
    components: { schemas: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tag: { type: 'string' } } } } },
  });

/** A spec in two files on the test server: the entry's response schema is a relative `$ref` into `schemas/pet.yaml`, which refers on. */
const SPLIT_ENTRY = `openapi: 3.1.0
info: {title: Split, version: "1"}
servers: [{url: "https://split.example.com"}]
paths:
  /pets:
    get:
      summary: List the split pets
      responses:
        "200":
          description: The pets
          content:
            application/json:
              schema: {$ref: "schemas/pet.yaml#/Pet"}
`;
const SPLIT_PET = `Pet:
  type: object
  properties:
    nickname: {type: string, description: What the pet answers to}
    owner: {$ref: "owner.yaml"}
`;
const SPLIT_OWNER = `type: object\nproperties:\n  ownerEmail: {type: string, format: email}\n`;

const SWAGGER = JSON.stringify({
  swagger: '2.0',
  info: { title: 'Legacy', version: '1' },
  host: 'legacy.example.com',
  basePath: '/v0',
  paths: { '/pets': { get: { summary: 'Legacy pets', responses: { 200: { description: 'pong', schema: { $ref: '#/definitions/Pet' } } } } } },
  definitions: { Pet: { type: 'object', properties: { legacyName: { type: 'string' } } } },
});

/**
 * OpenAPI blocks through the whole server, from specs hosted for real: created over the api,
 * processed by the worker's fetch job (a worker app on the same database, fetching from a test
 * server on 127.0.0.1), read by the site server (`HostedOpenApiSpecs`). A page keeps the version
 * of every spec it names, and is rendered anew when a spec appears, changes or goes.
 */
describe('the published site: OpenAPI blocks from hosted specs', () => {
  let database: TestDatabase;
  let t: TestApp & { site: SiteClient };
  let worker: TestApp;
  let server: Server;
  let origin: string;
  /** What the test server answers, by path: a body, or a handler of its own. */
  const routes = new Map<string, string | ((req: IncomingMessage, res: ServerResponse) => void)>();
  const env = { FETCH_ALLOW_HOSTS: '127.0.0.1', FETCH_TIMEOUT_MS: '10000' };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const route = routes.get((req.url ?? '/').split('?')[0]);
      if (route === undefined) return void res.writeHead(404).end('not here');
      if (typeof route === 'string') return void res.writeHead(200, { 'Content-Type': 'application/yaml' }).end(route);
      route(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    database = await createTestDatabase();
    t = await createSiteTestApp({ database, imports: [OpenApiHostingModule], env });
    worker = await createTestApp({ runtime: 'worker', imports: [JobWorkerModule, OpenApiHostingJobsModule], database, env });
    await worker.get(JobWorker).start({ schedule: false });
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await database.drop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A published site of one page with an operation block of the spec `slug` (GET /pets) and a paragraph. */
  const setup = async (slug = 'petstore') => {
    const org = await createOrganization(t);
    const token = org.members.admin.token;
    const space = await createSpace(t, token, org.organization.id, { title: 'API' });
    const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
    await createPage(t, token, space.id, {
      title: 'Pets',
      document: {
        object: 'document',
        data: {},
        nodes: [
          { object: 'block', type: 'paragraph', nodes: [text('Listing pets.')] },
          { object: 'block', type: 'openapi-operation', isVoid: true, data: { ref: { kind: 'openapi', spec: slug }, path: '/pets', method: 'get' } },
        ],
      },
    });
    const site = await createSite(t, token, org.organization.id, { spaces: [space.id] });
    await t.http.as(token).post(`/v1/orgs/${org.organization.id}/sites/${site.id}/publish`);
    return { organizationId: org.organization.id, token, base: `/sites/${org.organization.id}/${site.id}` };
  };

  /** The spec once the worker has processed it to a version other than `after` (its API body). */
  const processed = async (token: string, organizationId: string, slug: string, after?: string): Promise<any> => {
    let spec: any;
    await eventually(async () => {
      spec = (await t.http.as(token).get(`/v1/orgs/${organizationId}/openapi/${slug}`)).body;
      expect(spec.processingState).toBe('complete');
      expect(spec.lastVersion).toEqual(expect.any(String));
      expect(spec.lastVersion).not.toBe(after);
    }, 20_000);
    return spec;
  };

  const host = async (token: string, organizationId: string, slug: string, source: { text: string } | { url: string }, after?: string) => {
    const res = await t.http.as(token).put(`/v1/orgs/${organizationId}/openapi/${slug}`, { source });
    expect([200, 201]).toContain(res.status);
    return processed(token, organizationId, slug, after);
  };

  it('is bound to the hosted specs', () => {
    expect(t.get(OpenApiSpecs)).toBeInstanceOf(HostedOpenApiSpecs);
  });

  it('renders the method and path of an operation whose spec is not hosted, and the rest of the page', async () => {
    const { base } = await setup();
    const res = await t.site.page(base);
    expect(res.status).toBe(200);
    expect(res.document.querySelector('article p')!.textContent).toBe('Listing pets.');
    expect(res.document.querySelector('section.openapi-operation')).toBeNull();
    expect(res.document.querySelector('.openapi-missing code')!.textContent).toBe('GET /pets');
    // As markdown: the block has no markdown form (content's converter leaves it out), the rest is there.
    const markdown = await t.site.get(`${base}/pets.md`);
    expect(markdown.status).toBe(200);
    expect(markdown.text).toContain('Listing pets.');
  });

  it('renders the operation of a hosted spec once it is processed, a new version anew, and the fallback once the spec is deleted', async () => {
    const { base, organizationId, token } = await setup();
    const missing = await t.site.page(base);
    const missingTag = missing.headers['etag'] as string;

    // Not processed yet (its fetch is held): the fallback, although the spec exists.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    routes.set('/held/petstore.json', (_req, res) => void held.then(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end(PETSTORE('List the pets'))));
    expect((await t.http.as(token).put(`/v1/orgs/${organizationId}/openapi/petstore`, { source: { url: `${origin}/held/petstore.json` } })).status).toBe(201);
    const pending = await t.site.page(base, { headers: { 'If-None-Match': missingTag } });
    expect(pending.status).toBe(304);
    release();
    const first = await processed(token, organizationId, 'petstore');
    // Private (the default): its operations are still the organization's to publish in its docs.
    expect(first.visibility).toBe('private');

    const page = await t.site.page(base, { headers: { 'If-None-Match': missingTag } });
    expect(page.status).toBe(200);
    const section = page.document.querySelector('section.openapi-operation')!;
    expect(section.getAttribute('aria-label')).toBe('GET /pets');
    expect(section.querySelector('.openapi-summary')!.textContent).toBe('List the pets');
    expect(section.querySelector('.openapi-part-title')!.textContent).toBe('Query parameters');
    // The response's items, a `$ref` into components, dereferenced.
    const fields = Array.from(section.querySelectorAll('.openapi-response .openapi-name')).map((node) => node.textContent);
    expect(fields).toEqual(['name', 'tag']);
    expect(section.textContent).toContain('curl');
    expect(section.textContent).toContain('https://api.example.com/v1/pets');
    const firstTag = page.headers['etag'] as string;
    expect(firstTag).not.toBe(missingTag);
    expect((await t.site.get(base, { headers: { 'If-None-Match': firstTag } })).status).toBe(304);

    // A new version (a text source now): the page anew, with the new summary.
    const second = await host(token, organizationId, 'petstore', { text: PETSTORE('List every pet') }, first.lastVersion);
    expect(second.lastVersion).not.toBe(first.lastVersion);
    const changed = await t.site.page(base, { headers: { 'If-None-Match': firstTag } });
    expect(changed.status).toBe(200);
    expect(changed.document.querySelector('.openapi-summary')!.textContent).toBe('List every pet');

    // The same content again: no new version, the page as it was (304).
    const changedTag = changed.headers['etag'] as string;
    await t.http.as(token).patch(`/v1/orgs/${organizationId}/openapi/petstore`, { visibility: 'public' });
    expect((await t.site.get(base, { headers: { 'If-None-Match': changedTag } })).status).toBe(304);

    // Deleted: the fallback, byte for byte the page as it was before any spec.
    expect((await t.http.as(token).delete(`/v1/orgs/${organizationId}/openapi/petstore`)).status).toBe(205);
    const gone = await t.site.page(base, { headers: { 'If-None-Match': changedTag } });
    expect(gone.status).toBe(200);
    expect(gone.document.querySelector('section.openapi-operation')).toBeNull();
    expect(gone.document.querySelector('.openapi-missing code')!.textContent).toBe('GET /pets');
    expect(gone.headers['etag']).toBe(missingTag);
  });

  it('keeps the last good version when a run fails', async () => {
    const { base, organizationId, token } = await setup();
    routes.set('/flaky/petstore.json', PETSTORE('Good pets'));
    const good = await host(token, organizationId, 'petstore', { url: `${origin}/flaky/petstore.json` });
    expect((await t.site.page(base)).document.querySelector('.openapi-summary')!.textContent).toBe('Good pets');
    routes.set('/flaky/petstore.json', '{"openapi": "3.0.3", "paths": 12');
    await t.http.as(token).put(`/v1/orgs/${organizationId}/openapi/petstore`, { source: { url: `${origin}/flaky/petstore.json` } });
    await eventually(async () => {
      const spec = (await t.http.as(token).get(`/v1/orgs/${organizationId}/openapi/petstore`)).body;
      expect(spec.lastProcessErrorCode).toBe('PARSE_ERROR');
      expect(spec.processingState).toBe('complete');
    }, 20_000);
    const page = await t.site.page(base);
    expect(page.document.querySelector('.openapi-summary')!.textContent).toBe('Good pets');
    expect(good.lastVersion).toEqual(expect.any(String));
  });

  it("never renders another organization's spec of the same slug", async () => {
    const mine = await setup();
    const theirs = await setup();
    await host(theirs.token, theirs.organizationId, 'petstore', { text: PETSTORE('Not yours') });
    const theirPage = await t.site.page(theirs.base);
    expect(theirPage.document.querySelector('.openapi-summary')!.textContent).toBe('Not yours');

    const res = await t.site.page(mine.base);
    expect(res.document.querySelector('section.openapi-operation')).toBeNull();
    expect(res.text).not.toContain('Not yours');

    // With a spec of its own by that slug: its own, and the other's page keeps the other's.
    await host(mine.token, mine.organizationId, 'petstore', { text: PETSTORE('Yours') });
    expect((await t.site.page(mine.base)).document.querySelector('.openapi-summary')!.textContent).toBe('Yours');
    expect((await t.site.page(theirs.base)).document.querySelector('.openapi-summary')!.textContent).toBe('Not yours');
  });

  it('dereferences relative $ref files of the version (a second file, and a third it refers to)', async () => {
    routes.set('/split/v1/openapi.yaml', SPLIT_ENTRY);
    routes.set('/split/v1/schemas/pet.yaml', SPLIT_PET);
    routes.set('/split/v1/schemas/owner.yaml', SPLIT_OWNER);
    const { base, organizationId, token } = await setup('split');
    const spec = await host(token, organizationId, 'split', { url: `${origin}/split/v1/openapi.yaml` });
    const content = (await t.http.as(token).get(`/v1/orgs/${organizationId}/openapi/split/versions/${spec.lastVersion}/content`)).body;
    expect(Object.keys(content.filesystem).sort()).toEqual(['openapi.yaml', 'schemas/owner.yaml', 'schemas/pet.yaml']);

    const page = await t.site.page(base);
    const section = page.document.querySelector('section.openapi-operation')!;
    expect(section.querySelector('.openapi-summary')!.textContent).toBe('List the split pets');
    const fields = Array.from(section.querySelectorAll('.openapi-response .openapi-name')).map((node) => node.textContent);
    expect(fields).toEqual(['nickname', 'owner', 'ownerEmail']);
    expect(section.textContent).toContain('What the pet answers to');
    expect(section.textContent).toContain('https://split.example.com/pets');
  });

  it('renders a Swagger 2.0 spec as OpenAPI 3 (its definitions and host)', async () => {
    const { base, organizationId, token } = await setup('legacy');
    await host(token, organizationId, 'legacy', { text: SWAGGER });
    const section = (await t.site.page(base)).document.querySelector('section.openapi-operation')!;
    expect(section.querySelector('.openapi-summary')!.textContent).toBe('Legacy pets');
    expect(Array.from(section.querySelectorAll('.openapi-response .openapi-name')).map((node) => node.textContent)).toEqual(['legacyName']);
    expect(section.textContent).toContain('legacy.example.com/v0/pets');
  });

  describe('with SITE_FRESHNESS=notify', () => {
    let notified: TestApp & { site: SiteClient };
    beforeAll(async () => {
      notified = await createSiteTestApp({ database, freshness: 'notify', env });
    });
    afterAll(() => notified.close());

    it('serves a warm page without reading the versions, and renders it anew once a new version is notified', async () => {
      const { base, organizationId, token } = await setup();
      const first = await host(token, organizationId, 'petstore', { text: PETSTORE('Notified pets') });
      const reads = jest.spyOn(notified.get(PublishedSpecs), 'latestVersions');
      // Once the server hears the notifications, a warm page reads no version.
      await eventually(async () => {
        expect((await notified.site.page(base)).document.querySelector('.openapi-summary')!.textContent).toBe('Notified pets');
        reads.mockClear();
        expect((await notified.site.page(base)).status).toBe(200);
        expect(reads).not.toHaveBeenCalled();
      });

      await host(token, organizationId, 'petstore', { text: PETSTORE('Renotified pets') }, first.lastVersion);
      await eventually(async () => {
        expect((await notified.site.page(base)).document.querySelector('.openapi-summary')!.textContent).toBe('Renotified pets');
      });
      expect(reads).toHaveBeenCalled();

      await t.http.as(token).delete(`/v1/orgs/${organizationId}/openapi/petstore`);
      await eventually(async () => {
        expect((await notified.site.page(base)).document.querySelector('.openapi-missing code')!.textContent).toBe('GET /pets');
      });
      reads.mockRestore();
    });
  });
});
