import type { TestApp } from '@docs/platform/testing';
import { createOrganization, createPage, createSite, createSiteTestApp, createSpace, SiteClient } from '../testing/site-test-app';
import { HostedOpenApiSpec, NoHostedOpenApiSpecs, OpenApiSpecs } from './openapi-specs';

const PETSTORE = (summary: string) => ({
  openapi: '3.0.3',
  info: { title: 'Pet store', version: '1' },
  servers: [{ url: 'https://api.example.com/v1' }],
  paths: {
    '/pets': {
      get: {
        summary,
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: { '200': { description: 'The pets.', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } } } },
      },
    },
  },
});

/**
 * OpenAPI blocks through the whole server. Until specifications are hosted (issue 20) the server
 * is bound to `NoHostedOpenApiSpecs`, and every block renders its fallback; the binding is an
 * interface, so this test stands in a hosted spec to show what the server does with one: renders
 * the operation, and renders the page anew when the spec appears, changes or goes (its version is
 * kept with the cached page), never serving a page made with a spec as it was.
 */
describe('the published site: OpenAPI blocks', () => {
  let t: TestApp & { site: SiteClient };
  let specs: OpenApiSpecs;
  beforeAll(async () => {
    t = await createSiteTestApp();
    specs = t.get(OpenApiSpecs);
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  /** A published site of one page with an operation block of the spec `petstore` and a paragraph. */
  const setup = async () => {
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
          { object: 'block', type: 'openapi-operation', isVoid: true, data: { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets', method: 'get' } },
        ],
      },
    });
    const site = await createSite(t, token, org.organization.id, { spaces: [space.id] });
    await t.http.as(token).post(`/v1/orgs/${org.organization.id}/sites/${site.id}/publish`);
    return { organizationId: org.organization.id, base: `/sites/${org.organization.id}/${site.id}` };
  };

  /** Stands a hosted spec in for the organization's `petstore` (undefined: none hosted). */
  const host = (organizationId: string, spec: HostedOpenApiSpec | undefined) => {
    const only = (slugs: string[]) => slugs.includes('petstore') && spec !== undefined;
    jest.spyOn(specs, 'find').mockImplementation(async (org, slugs) => new Map(org === organizationId && only(slugs) ? [['petstore', spec!]] : []));
    jest.spyOn(specs, 'versions').mockImplementation(async (org, slugs) => new Map(org === organizationId && only(slugs) ? [['petstore', spec!.version]] : []));
  };

  it('is bound to no hosted specs until OpenAPI hosting lands', () => {
    expect(specs).toBeInstanceOf(NoHostedOpenApiSpecs);
  });

  it('renders the method and path of an operation whose spec is not available, and the rest of the page', async () => {
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

  it('renders a hosted spec, and renders the page anew when the spec appears, changes or goes', async () => {
    const { base, organizationId } = await setup();
    const missing = await t.site.page(base);
    expect(missing.document.querySelector('.openapi-missing')).not.toBeNull();
    const missingTag = missing.headers['etag'] as string;

    host(organizationId, { document: PETSTORE('List the pets'), version: 'v1' });
    const first = await t.site.page(base, { headers: { 'If-None-Match': missingTag } });
    expect(first.status).toBe(200);
    const section = first.document.querySelector('section.openapi-operation')!;
    expect(section.getAttribute('aria-label')).toBe('GET /pets');
    expect(section.querySelector('.openapi-summary')!.textContent).toBe('List the pets');
    expect(section.textContent).toContain('curl');
    expect(first.headers['etag']).not.toBe(missingTag);
    // Unchanged: a 304 for the new ETag.
    expect((await t.site.get(base, { headers: { 'If-None-Match': first.headers['etag'] as string } })).status).toBe(304);

    host(organizationId, { document: PETSTORE('List every pet'), version: 'v2' });
    const changed = await t.site.page(base, { headers: { 'If-None-Match': first.headers['etag'] as string } });
    expect(changed.status).toBe(200);
    expect(changed.document.querySelector('.openapi-summary')!.textContent).toBe('List every pet');

    host(organizationId, undefined);
    const gone = await t.site.page(base);
    expect(gone.document.querySelector('section.openapi-operation')).toBeNull();
    expect(gone.document.querySelector('.openapi-missing code')!.textContent).toBe('GET /pets');
    expect(gone.headers['etag']).toBe(missingTag);
  });

  it("never renders another organization's spec of the same slug", async () => {
    const { base } = await setup();
    host('another-organization', { document: PETSTORE('Not yours'), version: 'v1' });
    const res = await t.site.page(base);
    expect(res.document.querySelector('section.openapi-operation')).toBeNull();
    expect(res.text).not.toContain('Not yours');
  });
});
