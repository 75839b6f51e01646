import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization, createUser } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { SignJWT } from 'jose';
import { createSection, createSite } from '../../testing/site-fixtures';
import { SitesModule } from '../sites.module';

const SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  additionalProperties: false,
  properties: { beta: { type: 'boolean', description: 'Beta tester' } },
};

describe('POST /v1/orgs/{organizationId}/sites/{siteId}/search (searchSiteContent)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
  });
  afterAll(() => t.close());

  const page = async (token: string, spaceId: string, body: Record<string, unknown>) => {
    const res = await t.http.as(token).post(`/v1/spaces/${spaceId}/content/pages`, body);
    if (res.status !== 201) throw new Error(`page -> ${res.status} ${res.text}`);
    return res.body;
  };

  /** A site with a guides section (two variants) and a beta section; pages about deploying in several places. */
  const setup = async (visibility = 'public') => {
    const org = await createOrganization(t, { reader: 'read' });
    const token = org.members.admin.token;
    const guides = await createSpace(t, token, org.organization.id, { title: 'Guides' });
    const legacy = await createSpace(t, token, org.organization.id, { title: 'Legacy' });
    const beta = await createSpace(t, token, org.organization.id, { title: 'Beta' });
    const site = await createSite(t, token, org.organization.id, { visibility });
    const base = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    const guidesSection = await createSection(t, token, base, guides.id, { title: 'Guides' });
    const legacySpace = (await t.http.as(token).post(`${base}/site-spaces`, { spaceId: legacy.id, sectionId: guidesSection.id })).body;
    await t.http.as(token).put(`${base}/adaptive-schema`, { jsonSchema: SCHEMA });
    const betaSection = await createSection(t, token, base, beta.id, { title: 'Beta' });
    await t.http.as(token).patch(`${base}/sections/${betaSection.id}`, { condition: 'visitor.claims.beta == true' });
    const deploy = await page(token, guides.id, { title: 'Deploying', markdown: 'Intro text.\n\n## Deploy with Docker\n\nRun the deploy command in a container.\n\n## Other\n\nNothing here.' });
    await page(token, guides.id, { title: 'Secret deploy notes', hidden: true, markdown: 'How we deploy internally.' });
    const parent = await page(token, guides.id, { title: 'Hidden parent', hidden: true, markdown: 'x' });
    await page(token, guides.id, { title: 'Child of hidden', parent: parent.id, markdown: 'deploy under a hidden page' });
    await page(token, legacy.id, { title: 'Old deploy', markdown: 'The old way to deploy.' });
    await page(token, beta.id, { title: 'Beta deploy', markdown: 'Deploy the beta.' });
    await t.http.as(token).post(`${base}/publish`);
    return { ...org, token, site, base, guides, legacy, beta, legacySpace, guidesSection, deploy };
  };

  const sign = async (claims: Record<string, unknown>, key: string) => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + 600).sign(new TextEncoder().encode(key));
  };

  it('finds pages of the default content of each section, by space, with sections and published URLs; never hidden pages', async () => {
    const { base, guides, site, deploy, organization } = await setup();
    const stranger = await createUser(t);
    const res = await t.http.as(stranger.token).post(`${base}/search`, { query: 'deploy', scope: { mode: 'default' } });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    const [space] = res.body.items;
    expect(space).toMatchObject({ id: guides.id, title: 'Guides' });
    expect(space.pages.map((p: any) => p.title)).toEqual(['Deploying']);
    const [hit] = space.pages;
    expect(hit).toMatchObject({ id: deploy.id, path: 'deploying' });
    expect(hit.urls.app).toBe(`http://app.test/s/${guides.id}/deploying`);
    expect(hit.urls.published).toBe(`http://docs.test/sites/${organization.id}/${site.id}/deploying`);
    expect(hit.sections.map((s: any) => [s.id, s.path])).toEqual([['deploy-with-docker', 'deploying#deploy-with-docker']]);
    expect(hit.sections[0].body).toContain('deploy command');
    expect(hit.sections[0].urls.published).toBe(`http://docs.test/sites/${organization.id}/${site.id}/deploying#deploy-with-docker`);
  });

  it('searches every site space with mode all, the current one with default, given ones with specific; conditions apply', async () => {
    const { base, token, legacySpace } = await setup();
    const spaces = async (body: Record<string, unknown>, query: Record<string, string> = {}) => {
      const res = await t.http.as(token).post(`${base}/search`, body, { query });
      expect(res.status).toBe(200);
      return res.body.items.map((item: any) => [item.title, item.pages.map((p: any) => p.title)]);
    };
    expect(await spaces({ query: 'deploy', scope: { mode: 'all' } })).toEqual([
      ['Guides', ['Deploying']],
      ['Legacy', ['Old deploy']],
    ]);
    expect(await spaces({ query: 'deploy', scope: { mode: 'default', currentSiteSpace: legacySpace.id } })).toEqual([
      ['Guides', ['Deploying']],
      ['Legacy', ['Old deploy']],
    ]);
    expect(await spaces({ query: 'deploy', scope: { mode: 'specific', siteSpaceIds: [legacySpace.id] } })).toEqual([['Legacy', ['Old deploy']]]);
    // The deprecated forms.
    expect(await spaces({ query: 'deploy', mode: 'all' })).toHaveLength(2);
    expect(await spaces({ query: 'deploy', mode: 'current', siteSpaceId: legacySpace.id })).toHaveLength(2);
    expect(await spaces({ query: 'deploy', siteSpaceIds: [legacySpace.id] })).toEqual([['Legacy', ['Old deploy']]]);
    // The beta section shows to beta testers only.
    const key = (await t.http.as(token).get(`${base}/publishing/auth`)).body.privateKey;
    expect(await spaces({ query: 'deploy', scope: { mode: 'all' } }, { jwt_token: await sign({ beta: true }, key) })).toEqual([
      ['Guides', ['Deploying']],
      ['Legacy', ['Old deploy']],
      ['Beta', ['Beta deploy']],
    ]);
  });

  it('pages through spaces with limit and a cursor; counts them; an empty query finds nothing', async () => {
    const { base, token } = await setup();
    const first = await t.http.as(token).post(`${base}/search`, { query: 'deploy', scope: { mode: 'all' } }, { query: { limit: 1 } });
    expect(first.body.count).toBe(2);
    expect(first.body.items).toHaveLength(1);
    const second = await t.http.as(token).post(`${base}/search`, { query: 'deploy', scope: { mode: 'all' } }, { query: { limit: 1, page: first.body.next.page } });
    expect(second.body.items[0].title).toBe('Legacy');
    expect(second.body.next).toBeUndefined();
    // A cursor of another query is refused.
    expect((await t.http.as(token).post(`${base}/search`, { query: 'old', scope: { mode: 'all' } }, { query: { page: first.body.next.page } })).status).toBe(400);
    const none = await t.http.as(token).post(`${base}/search`, { query: '  ', scope: { mode: 'all' } });
    expect(none.body).toEqual({ items: [], count: 0 });
    expect((await t.http.as(token).post(`${base}/search`, { query: 'deploy', scope: { mode: 'all' } }, { query: { limit: 0 } })).body).toEqual({ items: [], count: 2 });
  });

  it.each([
    ['no query', {}, 'query is required'],
    ['no scope', { query: 'x' }, 'scope'],
    ['a query over 512 characters', { query: 'x'.repeat(513), scope: { mode: 'all' } }, 'query must be shorter than or equal to 512 characters'],
    ['an unknown mode', { query: 'x', scope: { mode: 'nope' } }, 'scope.mode must be one of'],
    ['mode specific without site spaces', { query: 'x', scope: { mode: 'specific' } }, 'scope.siteSpaceIds is required'],
    ['an unknown site space', { query: 'x', scope: { mode: 'specific', siteSpaceIds: ['unknown'] } }, 'siteSpaceIds: unknown is not a site space of this site'],
    ['an unknown current site space', { query: 'x', scope: { mode: 'default', currentSiteSpace: 'unknown' } }, 'scope.currentSiteSpace: unknown is not a site space'],
    ['both scope and mode', { query: 'x', scope: { mode: 'all' }, mode: 'all' }, 'not both'],
    ['mode current without siteSpaceId', { query: 'x', mode: 'current' }, 'siteSpaceId is required'],
    ['an unknown field', { query: 'x', scope: { mode: 'all' }, extra: 1 }, 'property extra should not exist'],
  ])('refuses %s with a 400', async (_label, body, message) => {
    const { base, token } = await setup();
    const res = await t.http.as(token).post(`${base}/search`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
  });

  it('keeps the rules of the published site: 401 without a token, 404 for unpublished sites, share keys and visitor tokens', async () => {
    const { base, token, site } = await setup('share-link');
    expect((await t.http.as(undefined).post(`${base}/search`, { query: 'deploy', scope: { mode: 'all' } })).status).toBe(401);
    expect((await t.http.as(token).post(`${base}/search`, { query: 'deploy', scope: { mode: 'all' } })).status).toBe(404);
    const link = (await t.http.as(token).post(`${base}/share-links`, { name: 'x' })).body;
    const shareKey = new URL(link.urls.published).searchParams.get('share')!;
    const shared = await t.http.as(token).post(`${base}/search`, { query: 'deploy', scope: { mode: 'all' } }, { query: { shareKey } });
    expect(shared.status).toBe(200);
    expect(shared.body.items[0].pages[0].urls.published).toContain(`?share=${shareKey}`);
    await t.http.as(token).post(`${base}/unpublish`);
    expect((await t.http.as(token).post(`${base}/search`, { query: 'deploy', scope: { mode: 'all' } }, { query: { shareKey } })).status).toBe(404);
    const other = await createOrganization(t);
    expect((await t.http.as(other.members.admin.token).post(`/v1/orgs/${other.organization.id}/sites/${site.id}/search`, { query: 'x', scope: { mode: 'all' } })).status).toBe(404);
    // A visitor-auth site needs a visitor token signed with its key.
    await t.http.as(token).patch(base, { visibility: 'visitor-auth' });
    await t.http.as(token).post(`${base}/publish`);
    expect((await t.http.as(token).post(`${base}/search`, { query: 'deploy', scope: { mode: 'all' } })).status).toBe(404);
    const key = (await t.http.as(token).get(`${base}/publishing/auth`)).body.privateKey;
    const authed = await t.http.as(token).post(`${base}/search`, { query: 'deploy', scope: { mode: 'all' } }, { query: { jwt_token: await sign({}, key) } });
    expect(authed.body.items.map((item: any) => item.title)).toEqual(['Guides', 'Legacy']);
  });
});

describe('PATCH .../publishing/auth (updateSitePublishingAuthById)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
  });
  afterAll(() => t.close());

  it('sets and removes the fallback URL (admins), which GET then shows', async () => {
    const org = await createOrganization(t, { reader: 'read' });
    const token = org.members.admin.token;
    const site = await createSite(t, token, org.organization.id, { visibility: 'visitor-auth' });
    const base = `/v1/orgs/${org.organization.id}/sites/${site.id}/publishing/auth`;
    const set = await t.http.as(token).patch(base, { backend: 'custom', fallbackURL: 'https://login.example.com/docs' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: expect.any(String), fallbackURL: 'https://login.example.com/docs' });
    expect((await t.http.as(token).get(base)).body.fallbackURL).toBe('https://login.example.com/docs');
    expect((await t.http.as(token).patch(base, { backend: 'custom' })).body.fallbackURL).toBe('https://login.example.com/docs');
    const removed = await t.http.as(token).patch(base, { backend: 'custom', fallbackURL: null });
    expect(removed.body.fallbackURL).toBeUndefined();
    for (const [body, message] of [
      [{ fallbackURL: 'https://x.example.com' }, 'backend is required'],
      [{ backend: 'integration' }, 'backend must be one of'],
      [{ backend: 'custom', fallbackURL: 'javascript:alert(1)' }, 'fallbackURL must be an http(s) URL'],
      [{ backend: 'custom', fallbackURL: `https://x.example.com/${'a'.repeat(2048)}` }, 'fallbackURL must be shorter'],
    ] as const) {
      const res = await t.http.as(token).patch(base, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    expect((await t.http.as(org.members.reader.token).patch(base, { backend: 'custom', fallbackURL: null })).status).toBe(403);
    expect((await t.http.as((await createUser(t)).token).patch(base, { backend: 'custom' })).status).toBe(404);
  });
});
