import { ContentModule } from '@docs/content';
import { createSpace, setDefaultLevel } from '@docs/content/testing';
import { createOrganization, createUser } from '@docs/identity/testing';
import { IdentityModule } from '@docs/identity';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSection, createSite, createSiteWithSpaces } from '../../testing/site-fixtures';
import { SitesModule } from '../sites.module';

describe('sites', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
  });
  afterAll(() => t.close());

  describe('POST /v1/orgs/{organizationId}/sites', () => {
    it('creates a site with defaults, its spaces at the root in order, the first the default', async () => {
      const { organization, members } = await createOrganization(t);
      const a = await createSpace(t, members.admin.token, organization.id, { title: 'Getting started' });
      const b = await createSpace(t, members.admin.token, organization.id, { title: 'API' });
      const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/sites`, { spaces: [a.id, b.id] });
      expect(res.status).toBe(201);
      expect(res.headers.location).toBe(`http://api.test/v1/orgs/${organization.id}/sites/${res.body.id}`);
      expect(res.body).toEqual({
        object: 'site',
        id: expect.any(String),
        type: 'basic',
        title: 'Untitled site',
        visibility: 'public',
        published: false,
        siteSpaces: 2,
        createdAt: t.clock.now().toISOString(),
        adaptiveContent: { enabled: false },
        agentsContext: 'included',
        features: [],
        urls: { location: res.headers.location, app: `http://app.test/o/${organization.id}/sites/${res.body.id}` },
      });
      const siteSpaces = await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/sites/${res.body.id}/site-spaces`);
      expect(siteSpaces.body.items.map((s: any) => [s.space.id, s.path, s.default])).toEqual([
        [a.id, 'getting-started', true],
        [b.id, 'api', false],
      ]);
    });

    it.each([
      [{ title: 'x' }, 'title must be longer than or equal to 2 characters'],
      [{ title: 'x'.repeat(129) }, 'title must be shorter than or equal to 128 characters'],
      [{ title: null }, 'title must not be null'],
      [{ type: 'gold' }, 'type must be one of the following values'],
      [{ visibility: 'private' }, 'visibility must be one of the following values'],
      [{ spaces: 'old' }, 'spaces must be an array of at most 100 space ids, or "new"'],
      [{ spaces: [1] }, 'spaces must be an array of at most 100 space ids, or "new"'],
      [{ spaces: [''] }, 'spaces must be an array of at most 100 space ids, or "new"'],
      [{ spaces: Array.from({ length: 101 }, (_, i) => `s${i}`) }, 'spaces must be an array of at most 100 space ids'],
      [{ spaces: null }, 'spaces must not be null'],
      [{ hostname: 'a.b.c' }, 'property hostname should not exist'],
    ])('refuses %j with 400', async (body, message) => {
      const { organization, members } = await createOrganization(t);
      const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/sites`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect((await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/sites`)).body.count).toBe(0);
    });

    it('creates a new space for the site with spaces: "new"', async () => {
      const { organization, members } = await createOrganization(t);
      const site = await createSite(t, members.admin.token, organization.id, { title: 'Partner portal', spaces: 'new' });
      expect(site.siteSpaces).toBe(1);
      const [siteSpace] = (await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/sites/${site.id}/site-spaces`)).body.items;
      expect(siteSpace).toMatchObject({ title: 'Partner portal', path: 'partner-portal', default: true });
      expect((await t.http.as(members.admin.token).get(`/v1/spaces/${siteSpace.space.id}`)).body.organization).toBe(organization.id);
    });

    it('accepts titles of 2 and 128 characters and every site type', async () => {
      const { organization, members } = await createOrganization(t);
      for (const title of ['ab', 'c'.repeat(128)]) await createSite(t, members.admin.token, organization.id, { title });
      await createSite(t, members.admin.token, organization.id, { type: 'ultimate', visibility: 'share-link' });
      expect((await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/sites`)).body.count).toBe(3);
    });

    it("refuses spaces of another organization, unknown or unreadable ones (404 naming the entry), and creates nothing", async () => {
      const { organization, members } = await createOrganization(t);
      const other = await createOrganization(t);
      const foreign = await createSpace(t, other.members.admin.token, other.organization.id);
      const mine = await createSpace(t, members.admin.token, organization.id);
      for (const spaces of [[mine.id, foreign.id], ['nope']]) {
        const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/sites`, { spaces });
        expect(res.status).toBe(404);
        expect(res.body.error.message).toContain(`spaces[${spaces.length - 1}]`);
      }
      expect((await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/sites`)).body.count).toBe(0);
    });

    it('is for admins; outsiders get 404, no token 401', async () => {
      const { organization, members } = await createOrganization(t, { creator: 'create', guest: null });
      const path = `/v1/orgs/${organization.id}/sites`;
      expect((await t.http.as(members.creator.token).post(path, {})).status).toBe(403);
      expect((await t.http.as(members.guest.token).post(path, {})).status).toBe(403);
      expect((await t.http.as((await createUser(t)).token).post(path, {})).status).toBe(404);
      expect((await t.http.as(undefined).post(path, {})).status).toBe(401);
    });
  });

  describe('GET /v1/orgs/{organizationId}/sites', () => {
    it('lists newest first, filters by space, title and published, pages', async () => {
      const { organization, members } = await createOrganization(t, { reader: 'read', guest: null });
      const space = await createSpace(t, members.admin.token, organization.id);
      t.clock.advance(1000);
      const docs = await createSite(t, members.admin.token, organization.id, { title: 'Developer docs', spaces: [space.id] });
      t.clock.advance(1000);
      const help = await createSite(t, members.admin.token, organization.id, { title: 'Help center' });
      t.clock.advance(1000);
      const blog = await createSite(t, members.admin.token, organization.id, { title: 'Blog', spaces: [space.id] });
      await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/sites/${docs.id}/publish`);
      const ids = async (query: Record<string, string | boolean> = {}, token = members.reader.token) =>
        (await t.http.as(token).get(`/v1/orgs/${organization.id}/sites`, { query })).body.items.map((s: { id: string }) => s.id);
      expect(await ids()).toEqual([blog.id, help.id, docs.id]);
      expect(await ids({ space: space.id })).toEqual([blog.id, docs.id]);
      expect(await ids({ space: 'unknown' })).toEqual([]);
      expect(await ids({ title: 'DOC' })).toEqual([docs.id]);
      expect(await ids({ published: true })).toEqual([docs.id]);
      expect(await ids({ published: false })).toEqual([blog.id, help.id]);
      const list = await t.http.as(members.reader.token).get(`/v1/orgs/${organization.id}/sites`);
      expect(list.body.count).toBe(3);
      expect(list.body.items.map((s: { siteSpaces: number }) => s.siteSpaces)).toEqual([1, 0, 1]);
      expect(await t.http.as(members.reader.token).all(`/v1/orgs/${organization.id}/sites`, { limit: 1 })).toHaveLength(3);
      expect((await t.http.as(members.reader.token).get(`/v1/orgs/${organization.id}/sites`, { query: { published: 'yes' } })).status).toBe(400);
      expect((await t.http.as(members.reader.token).get(`/v1/orgs/${organization.id}/sites`, { query: { page: 'forged' } })).status).toBe(400);
      expect((await t.http.as(members.reader.token).get(`/v1/orgs/${organization.id}/sites`, { query: { limit: 1001 } })).status).toBe(400);
      expect((await t.http.as(members.guest.token).get(`/v1/orgs/${organization.id}/sites`)).status).toBe(403);
      expect((await t.http.as((await createUser(t)).token).get(`/v1/orgs/${organization.id}/sites`)).status).toBe(404);
    });
  });

  describe('GET, PATCH, DELETE /v1/orgs/{organizationId}/sites/{siteId}', () => {
    it('reads for members, 404 for guests, outsiders and other organizations', async () => {
      const { organization, members } = await createOrganization(t, { reader: 'read', guest: null });
      const other = await createOrganization(t);
      const site = await createSite(t, members.admin.token, organization.id);
      const path = `/v1/orgs/${organization.id}/sites/${site.id}`;
      expect((await t.http.as(members.reader.token).get(path)).body).toEqual(site);
      expect((await t.http.as(members.guest.token).get(path)).status).toBe(404);
      expect((await t.http.as(other.members.admin.token).get(path)).status).toBe(404);
      expect((await t.http.as(other.members.admin.token).get(`/v1/orgs/${other.organization.id}/sites/${site.id}`)).status).toBe(404);
      expect((await t.http.as(other.members.admin.token).patch(`/v1/orgs/${other.organization.id}/sites/${site.id}`, { title: 'Mine' })).status).toBe(404);
      expect((await t.http.as(other.members.admin.token).delete(`/v1/orgs/${other.organization.id}/sites/${site.id}`)).status).toBe(404);
      expect((await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/sites/unknown`)).status).toBe(404);
    });

    it('updates every field; absent fields stay; null removes hostname and proxy', async () => {
      const { organization, members } = await createOrganization(t);
      const site = await createSite(t, members.admin.token, organization.id);
      const path = `/v1/orgs/${organization.id}/sites/${site.id}`;
      const res = await t.http.as(members.admin.token).patch(path, {
        title: 'Handbook',
        visibility: 'unlisted',
        basename: 'handbook',
        hostname: 'docs.example.com',
        adaptiveContent: { enabled: true },
        agentsContext: 'excluded',
        proxy: 'example.com/docs',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        title: 'Handbook',
        visibility: 'unlisted',
        basename: 'handbook',
        hostname: 'docs.example.com',
        adaptiveContent: { enabled: true },
        agentsContext: 'excluded',
        proxy: { origin: 'example.com/docs', target: 'https://docs.example.com' },
      });
      expect((await t.http.as(members.admin.token).patch(path, {})).body).toEqual(res.body);
      const cleared = await t.http.as(members.admin.token).patch(path, { hostname: null, proxy: null });
      expect(cleared.body.hostname).toBeUndefined();
      expect(cleared.body.proxy).toBeUndefined();
      expect(cleared.body.title).toBe('Handbook');
    });

    it.each([
      [{ title: 'x' }, 'title must be longer than or equal to 2 characters'],
      [{ basename: '' }, 'basename must be longer than or equal to 1 characters'],
      [{ basename: 'x'.repeat(101) }, 'basename must be shorter than or equal to 100 characters'],
      [{ basename: null }, 'basename must not be null'],
      [{ basename: 'a b' }, 'basename may hold only'],
      [{ hostname: 'docs.example' }, 'hostname must be a lowercase hostname of three labels or more'],
      [{ hostname: 'Docs.Example.com' }, 'hostname must be a lowercase hostname'],
      // The reference's SiteHostname pattern: a top-level label of one character is refused.
      [{ hostname: 'docs.example.c' }, 'hostname must be a lowercase hostname of three labels or more, the last of two characters or more'],
      [{ hostname: `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.${'g'.repeat(63)}.${'h'.repeat(63)}.com` }, 'hostname must be shorter than or equal to 512 characters'],
      [{ proxy: 'https://example.com/docs' }, 'proxy must look like example.com/docs'],
      [{ proxy: 'example.com' }, 'proxy must look like example.com/docs'],
      [{ proxy: `example.com/${'d'.repeat(510)}` }, 'proxy must be shorter than or equal to 512 characters'],
      [{ adaptiveContent: true }, 'nested property adaptiveContent must be either object or array'],
      // An array is not the object both schemas require (it used to pass the nested-object check).
      [{ adaptiveContent: [] }, 'adaptiveContent must be an object, not an array'],
      [{ adaptiveContent: [{ enabled: true }] }, 'adaptiveContent must be an object, not an array'],
      [{ adaptiveContent: { enabled: true, constructor: true } }, 'adaptiveContent.constructor: property constructor should not exist'],
      [{ toString: 'x' }, 'property toString should not exist'],
      [{ adaptiveContent: { enabled: 'yes' } }, 'adaptiveContent.enabled must be a boolean value'],
      [{ agentsContext: 'maybe' }, 'agentsContext must be one of the following values'],
      [{ visibility: null }, 'visibility must not be null'],
      [{ published: true }, 'property published should not exist'],
    ])('refuses %j with 400 and changes nothing', async (body, message) => {
      const { organization, members } = await createOrganization(t);
      const site = await createSite(t, members.admin.token, organization.id);
      const path = `/v1/orgs/${organization.id}/sites/${site.id}`;
      const res = await t.http.as(members.admin.token).patch(path, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect((await t.http.as(members.admin.token).get(path)).body).toEqual(site);
    });

    it('keeps hostnames unique across the installation and basenames within an organization (409)', async () => {
      const a = await createOrganization(t);
      const b = await createOrganization(t);
      const one = await createSite(t, a.members.admin.token, a.organization.id);
      const two = await createSite(t, a.members.admin.token, a.organization.id);
      const three = await createSite(t, b.members.admin.token, b.organization.id);
      const patch = (org: typeof a, site: { id: string }, body: object) =>
        t.http.as(org.members.admin.token).patch(`/v1/orgs/${org.organization.id}/sites/${site.id}`, body);
      expect((await patch(a, one, { hostname: 'docs.acme.com', basename: 'docs' })).status).toBe(200);
      const clash = await patch(b, three, { hostname: 'docs.acme.com' });
      expect(clash.status).toBe(409);
      expect(clash.body.error.message).toBe('Another site already uses this hostname.');
      expect((await patch(a, two, { basename: 'docs' })).status).toBe(409);
      expect((await patch(b, three, { basename: 'docs' })).status).toBe(200);
      expect((await patch(a, one, { hostname: 'docs.acme.com' })).status).toBe(200);
    });

    it('is for admins to change and delete', async () => {
      const { organization, members } = await createOrganization(t, { creator: 'create', guest: null });
      const site = await createSite(t, members.admin.token, organization.id);
      const path = `/v1/orgs/${organization.id}/sites/${site.id}`;
      expect((await t.http.as(members.creator.token).patch(path, { title: 'No' })).status).toBe(403);
      expect((await t.http.as(members.creator.token).delete(path)).status).toBe(403);
      expect((await t.http.as(members.guest.token).delete(path)).status).toBe(404);
      expect((await t.http.as(undefined).delete(path)).status).toBe(401);
      expect((await t.http.as(members.admin.token).get(path)).status).toBe(200);
    });

    it('deletes the site with its structure and share links; its spaces stay', async () => {
      const { organization, members } = await createOrganization(t);
      const { site, spaces } = await createSiteWithSpaces(t, members.admin.token, organization.id, 2);
      const base = `/v1/orgs/${organization.id}/sites/${site.id}`;
      await createSection(t, members.admin.token, base, spaces[0].id);
      await t.http.as(members.admin.token).post(`${base}/section-groups`, { title: 'Group' });
      await t.http.as(members.admin.token).post(`${base}/share-links`, { name: 'Partner' });
      expect((await t.http.as(members.admin.token).delete(base)).status).toBe(205);
      expect((await t.http.as(members.admin.token).get(base)).status).toBe(404);
      expect((await t.http.as(members.admin.token).delete(base)).status).toBe(404);
      for (const table of ['site_sections', 'site_section_groups', 'site_spaces', 'site_share_links']) {
        expect(await t.dataSource.query(`SELECT 1 FROM ${table} WHERE site_id = $1`, [site.id])).toEqual([]);
      }
      expect((await t.http.as(members.admin.token).get(`/v1/spaces/${spaces[0].id}`)).status).toBe(200);
    });
  });

  describe('publish and unpublish', () => {
    it('moves published, shows urls.published, refuses an empty site (409), is for admins', async () => {
      const { organization, members } = await createOrganization(t, { editor: 'edit' });
      const empty = await createSite(t, members.admin.token, organization.id);
      const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/sites/${empty.id}/publish`);
      expect(res.status).toBe(409);
      const { site } = await createSiteWithSpaces(t, members.admin.token, organization.id, 1);
      const base = `/v1/orgs/${organization.id}/sites/${site.id}`;
      expect((await t.http.as(members.editor.token).post(`${base}/publish`)).status).toBe(403);
      const published = await t.http.as(members.admin.token).post(`${base}/publish`);
      expect(published.status).toBe(200);
      expect(published.body.published).toBe(true);
      expect(published.body.urls.published).toBe(`http://docs.test/sites/${organization.id}/${site.id}`);
      expect((await t.http.as(members.admin.token).post(`${base}/publish`)).body.published).toBe(true);
      const renamed = await t.http.as(members.admin.token).patch(base, { basename: 'guide' });
      expect(renamed.body.urls.published).toBe(`http://docs.test/sites/${organization.id}/guide`);
      const hosted = await t.http.as(members.admin.token).patch(base, { hostname: 'guide.example.org' });
      expect(hosted.body.urls.published).toBe('https://guide.example.org');
      const unpublished = await t.http.as(members.admin.token).post(`${base}/unpublish`);
      expect(unpublished.status).toBe(200);
      expect(unpublished.body.published).toBe(false);
      expect(unpublished.body.urls.published).toBeUndefined();
      expect((await t.http.as(members.editor.token).post(`${base}/unpublish`)).status).toBe(403);
    });
  });

  describe('members who cannot read a space', () => {
    it('do not see it through a site, and the count stays exact', async () => {
      const { organization, members } = await createOrganization(t, { reader: 'read' });
      const { site, spaces } = await createSiteWithSpaces(t, members.admin.token, organization.id, 2);
      await setDefaultLevel(t, members.admin.token, spaces[1], null);
      const base = `/v1/orgs/${organization.id}/sites/${site.id}`;
      const asReader = await t.http.as(members.reader.token).get(`${base}/site-spaces`);
      expect(asReader.body.items.map((s: any) => s.space.id)).toEqual([spaces[0].id]);
      expect(asReader.body.count).toBe(1);
      expect((await t.http.as(members.admin.token).get(`${base}/site-spaces`)).body.count).toBe(2);
      const structure = await t.http.as(members.reader.token).get(`${base}/structure`);
      expect(structure.body.structure.map((s: any) => s.space.id)).toEqual([spaces[0].id]);
      // A deleted space leaves every view and the count.
      await t.http.as(members.admin.token).delete(`/v1/spaces/${spaces[0].id}`);
      expect((await t.http.as(members.admin.token).get(base)).body.siteSpaces).toBe(1);
    });
  });
});
