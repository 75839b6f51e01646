import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization, createUser } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { SignJWT } from 'jose';
import { createSection, createSite, createSiteWithSpaces } from '../../testing/site-fixtures';
import { SitesModule } from '../sites.module';

const SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  additionalProperties: false,
  properties: {
    beta: { type: 'boolean', description: 'Beta tester' },
    plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan' },
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      additionalProperties: false,
      properties: { language: { type: 'string', description: 'Language' } },
    },
  },
};

describe('adaptive content, share links and the published site', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
  });
  afterAll(() => t.close());

  const setup = async (visibility = 'public') => {
    const org = await createOrganization(t, { reader: 'read' });
    const token = org.members.admin.token;
    const { site, spaces } = await createSiteWithSpaces(t, token, org.organization.id, 2, { visibility });
    const base = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    return { ...org, token, site, spaces, base };
  };

  const sign = (claims: Record<string, unknown>, key: string, expiresInSeconds = 3600) => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + expiresInSeconds).sign(new TextEncoder().encode(key));
  };

  describe('adaptive schema', () => {
    it('is empty until set, then replaced (admins), read by members, with template conditions', async () => {
      const { token, base, members, site } = await setup();
      const empty = await t.http.as(members.reader.token).get(`${base}/adaptive-schema`);
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({
        object: 'site-adaptive-schema',
        jsonSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: {}, additionalProperties: false },
        updatedAt: site.createdAt,
      });
      expect((await t.http.as(members.reader.token).get(`${base}/adaptive-schema/template-conditions`)).body).toEqual({ items: [] });
      expect((await t.http.as(members.reader.token).put(`${base}/adaptive-schema`, { jsonSchema: SCHEMA })).status).toBe(403);
      t.clock.advance(5000);
      const put = await t.http.as(token).put(`${base}/adaptive-schema`, { jsonSchema: SCHEMA });
      expect(put.status).toBe(200);
      expect(put.body).toEqual({ object: 'site-adaptive-schema', jsonSchema: SCHEMA, updatedAt: t.clock.now().toISOString() });
      expect((await t.http.as(members.reader.token).get(`${base}/adaptive-schema`)).body).toEqual(put.body);
      const templates = await t.http.as(members.reader.token).get(`${base}/adaptive-schema/template-conditions`);
      expect(templates.body.items.map((i: { condition: string }) => i.condition)).toEqual([
        'visitor.claims.beta == true',
        'visitor.claims.plan == "free"',
        'visitor.claims.plan == "pro"',
        'visitor.claims.unsigned.language != null',
      ]);
    });

    it.each([
      [{}, 'jsonSchema is required'],
      [{ jsonSchema: 'x' }, 'jsonSchema must be an object'],
      [{ jsonSchema: { type: 'object', properties: { a: { type: 'boolean' } }, additionalProperties: false } }, 'jsonSchema.properties.a'],
      [{ jsonSchema: { type: 'object', properties: { a: { type: 'date', description: 'x' } }, additionalProperties: false } }, 'not a valid draft-07 JSON Schema'],
      [{ jsonSchema: SCHEMA, extra: 1 }, 'property extra should not exist'],
    ])('refuses %j with 400 and keeps the schema', async (body, message) => {
      const { token, base } = await setup();
      const res = await t.http.as(token).put(`${base}/adaptive-schema`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect((await t.http.as(token).get(`${base}/adaptive-schema`)).body.jsonSchema.properties).toEqual({});
    });

    it('lets conditions use the declared claims only', async () => {
      const { token, base, spaces } = await setup();
      const section = await createSection(t, token, base, spaces[0].id);
      const path = `${base}/sections/${section.id}`;
      expect((await t.http.as(token).patch(path, { condition: 'visitor.claims.beta == true' })).status).toBe(400);
      await t.http.as(token).put(`${base}/adaptive-schema`, { jsonSchema: SCHEMA });
      expect((await t.http.as(token).patch(path, { condition: 'visitor.claims.beta == true && visitor.claims.unsigned.language == "fr"' })).status).toBe(200);
      expect((await t.http.as(token).patch(path, { condition: 'visitor.claims.unsigned.beta' })).status).toBe(400);
      expect((await t.http.as(token).patch(path, { condition: 'visitor.claims.beta.constructor.constructor("x")()' })).status).toBe(400);
    });
  });

  describe('share links', () => {
    it('creates, lists (newest first), renames, deactivates and deletes share links (admins)', async () => {
      const { token, base, members, site, organization } = await setup('share-link');
      const created = await t.http.as(token).post(`${base}/share-links`, { name: 'Partner' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        object: 'share-link',
        id: expect.any(String),
        createdAt: t.clock.now().toISOString(),
        name: 'Partner',
        active: true,
        urls: { published: expect.stringMatching(new RegExp(`^http://docs\\.test/sites/${organization.id}/${site.id}\\?share=[0-9A-Za-z]{32}$`)) },
      });
      t.clock.advance(1000);
      const second = (await t.http.as(token).post(`${base}/share-links`, { name: '' })).body;
      const list = await t.http.as(token).get(`${base}/share-links`);
      expect(list.body.count).toBe(2);
      expect(list.body.items.map((l: { id: string }) => l.id)).toEqual([second.id, created.body.id]);
      expect(list.body.items[1].urls.published).toBe(created.body.urls.published);
      expect(await t.http.as(token).all(`${base}/share-links`, { limit: 1 })).toHaveLength(2);
      const path = `${base}/share-links/${created.body.id}`;
      const renamed = await t.http.as(token).patch(path, { name: 'Reviewers', active: false });
      expect(renamed.body).toMatchObject({ name: 'Reviewers', active: false });
      expect((await t.http.as(token).patch(path, {})).status).toBe(400);
      expect((await t.http.as(token).patch(path, { active: 'no' })).status).toBe(400);
      expect((await t.http.as(token).patch(path, { name: 'x'.repeat(51) })).status).toBe(400);
      expect((await t.http.as(token).post(`${base}/share-links`, {})).status).toBe(400);
      expect((await t.http.as(token).post(`${base}/share-links`, { name: 'x'.repeat(51) })).status).toBe(400);
      expect((await t.http.as(members.reader.token).get(`${base}/share-links`)).status).toBe(403);
      expect((await t.http.as(members.reader.token).post(`${base}/share-links`, { name: 'x' })).status).toBe(403);
      expect((await t.http.as(members.reader.token).delete(path)).status).toBe(403);
      expect((await t.http.as(token).delete(path)).status).toBe(205);
      expect((await t.http.as(token).delete(path)).status).toBe(404);
      expect((await t.http.as(token).get(`${base}/share-links`)).body.count).toBe(1);
      const other = await createOrganization(t);
      expect((await t.http.as(other.members.admin.token).get(`/v1/orgs/${other.organization.id}/sites/${site.id}/share-links`)).status).toBe(404);
    });

    it('stores no key in clear', async () => {
      const { token, base } = await setup('share-link');
      const link = (await t.http.as(token).post(`${base}/share-links`, { name: 'Partner' })).body;
      const key = new URL(link.urls.published).searchParams.get('share')!;
      const rows = await t.dataSource.query(`SELECT * FROM site_share_links WHERE id = $1`, [link.id]);
      expect(JSON.stringify(rows)).not.toContain(key);
      const sites = await t.dataSource.query(`SELECT * FROM sites`);
      expect(JSON.stringify(sites)).not.toContain(key);
    });

    it("resolves published URLs with a share key; refuses inactive, deleted and another site's keys", async () => {
      const { token, base, spaces, organization } = await setup('share-link');
      await t.http.as(token).post(`${base}/publish`);
      const link = (await t.http.as(token).post(`${base}/share-links`, { name: 'Partner' })).body;
      const key = new URL(link.urls.published).searchParams.get('share')!;
      const siteUrl = link.urls.published.split('?')[0];
      const listed = await t.http.as(token).get(`${base}/site-spaces`, { query: { shareKey: key } });
      expect(listed.body.items.map((s: any) => s.urls.published)).toEqual([`${siteUrl}?share=${key}`, `${siteUrl}/space-2?share=${key}`]);
      const space = await t.http.as(token).get(`/v1/spaces/${spaces[1].id}`, { query: { shareKey: key } });
      expect(space.status).toBe(200);
      expect(space.body.urls.published).toBe(`${siteUrl}/space-2?share=${key}`);
      const elsewhere = await createSpace(t, token, organization.id);
      // A space the key's site does not publish keeps its own URLs (a private space has none).
      expect((await t.http.as(token).get(`/v1/spaces/${elsewhere.id}`, { query: { shareKey: key } })).body.urls.published).toBeUndefined();
      const published = await t.http.as(token).get(`${base}/published`, { query: { shareKey: key } });
      expect(published.status).toBe(200);
      expect(published.body.site.urls.published).toBe(`${siteUrl}?share=${key}`);
      expect((await t.http.as(token).get(`${base}/structure`, { query: { shareKey: key } })).body.structure[0].urls.published).toBe(`${siteUrl}?share=${key}`);

      const other = await createSite(t, token, organization.id, { visibility: 'share-link' });
      const otherBase = `/v1/orgs/${organization.id}/sites/${other.id}`;
      const otherKey = new URL((await t.http.as(token).post(`${otherBase}/share-links`, { name: 'x' })).body.urls.published).searchParams.get('share')!;
      for (const refused of [otherKey, 'nope']) {
        expect((await t.http.as(token).get(`${base}/site-spaces`, { query: { shareKey: refused } })).status).toBe(400);
        expect((await t.http.as(token).get(`${base}/sections`, { query: { shareKey: refused } })).status).toBe(400);
        expect((await t.http.as(token).get(`${base}/published`, { query: { shareKey: refused } })).status).toBe(404);
      }
      expect((await t.http.as(token).get(`${base}/published`)).status).toBe(404);
      await t.http.as(token).patch(`${base}/share-links/${link.id}`, { active: false });
      expect((await t.http.as(token).get(`${base}/published`, { query: { shareKey: key } })).status).toBe(404);
      expect((await t.http.as(token).get(`/v1/spaces/${spaces[1].id}`, { query: { shareKey: key } })).status).toBe(400);
      await t.http.as(token).patch(`${base}/share-links/${link.id}`, { active: true });
      expect((await t.http.as(token).get(`${base}/published`, { query: { shareKey: key } })).status).toBe(200);
      await t.http.as(token).delete(`${base}/share-links/${link.id}`);
      expect((await t.http.as(token).get(`${base}/published`, { query: { shareKey: key } })).status).toBe(404);
      expect((await t.http.as(token).get(`${base}/site-spaces`, { query: { shareKey: key } })).status).toBe(400);
    });
  });

  describe('GET .../published', () => {
    it('answers the published structure of a public site to any caller; unpublished sites are 404', async () => {
      const { token, base, spaces } = await setup('public');
      const stranger = await createUser(t);
      expect((await t.http.as(stranger.token).get(`${base}/published`)).status).toBe(404);
      await t.http.as(token).post(`${base}/publish`);
      const res = await t.http.as(stranger.token).get(`${base}/published`);
      expect(res.status).toBe(200);
      expect(res.body.object).toBe('published-content-site');
      expect(res.body.site.published).toBe(true);
      expect(res.body.structure.type).toBe('siteSpaces');
      expect(res.body.structure.structure.map((s: any) => s.space.id)).toEqual(spaces.map((s) => s.id));
      expect(res.body.structure.structure[0].space.permissions.view).toBe(false);
      expect(res.body.customizations.siteSpaces).toEqual({});
      expect(res.body.scripts).toEqual([]);
      expect((await t.http.as(undefined).get(`${base}/published`)).status).toBe(401);
      await t.http.as(token).post(`${base}/unpublish`);
      expect((await t.http.as(stranger.token).get(`${base}/published`)).status).toBe(404);
      expect((await t.http.as(token).get(`${base}/published`, { query: { extra: '1' } })).status).toBe(400);
    });

    it('serves unlisted sites like public ones', async () => {
      const { token, base } = await setup('unlisted');
      await t.http.as(token).post(`${base}/publish`);
      expect((await t.http.as((await createUser(t)).token).get(`${base}/published`)).status).toBe(200);
    });

    it('needs a visitor JWT signed with the site key on visitor-auth sites, and hides what conditions exclude', async () => {
      const { token, spaces, organization } = await setup('visitor-auth');
      const site = await createSite(t, token, organization.id, { visibility: 'visitor-auth' });
      const base = `/v1/orgs/${organization.id}/sites/${site.id}`;
      await t.http.as(token).put(`${base}/adaptive-schema`, { jsonSchema: SCHEMA });
      const everyone = await createSection(t, token, base, spaces[0].id, { title: 'Everyone' });
      const beta = await createSection(t, token, base, spaces[1].id, { title: 'Beta' });
      await t.http.as(token).patch(`${base}/sections/${beta.id}`, { condition: 'visitor.claims.beta == true' });
      const french = await createSpace(t, token, organization.id, { title: 'French' });
      const frenchSpace = (await t.http.as(token).post(`${base}/site-spaces`, { spaceId: french.id, sectionId: everyone.id })).body;
      await t.http.as(token).patch(`${base}/site-spaces/${frenchSpace.id}`, { condition: 'visitor.claims.unsigned.language == "fr"' });
      await t.http.as(token).post(`${base}/publish`);
      const auth = await t.http.as(token).get(`${base}/publishing/auth`);
      expect(auth.status).toBe(200);
      expect(auth.body).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: expect.any(String) });
      const key = auth.body.privateKey;
      const read = (query: Record<string, string>) => t.http.as(token).get(`${base}/published`, { query });
      const sections = (res: any) => res.body.structure.structure.map((s: any) => [s.title, s.siteSpaces.map((ss: any) => ss.title)]);

      expect((await read({})).status).toBe(404);
      const plain = await read({ jwt_token: await sign({ beta: false }, key) });
      expect(plain.status).toBe(200);
      expect(sections(plain)).toEqual([['Everyone', ['Space 1']]]);
      const betaRes = await read({ jwt_token: await sign({ beta: true, plan: 'pro' }, key), unsignedClaims: JSON.stringify({ language: 'fr' }) });
      expect(sections(betaRes)).toEqual([
        ['Everyone', ['Space 1', 'French']],
        ['Beta', ['Space 2']],
      ]);
      const expired = await read({ jwt_token: await sign({ beta: true }, key, -10) });
      expect(expired.status).toBe(404);
      expect(expired.body.error.message).toContain('expired');
      const forged = await read({ jwt_token: await sign({ beta: true }, 'not-the-key') });
      expect(forged.status).toBe(404);
      expect(forged.body.error.message).toContain("not signed with this site's key");
      const badClaims = await read({ jwt_token: await sign({ beta: 'yes' }, key) });
      expect(badClaims.status).toBe(404);
      expect(badClaims.body.error.message).toContain('claims.beta must be boolean');
      expect((await read({ jwt_token: 'garbage' })).status).toBe(404);
      const neverExpiring = await new SignJWT({ beta: true }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(key));
      const refused = await read({ jwt_token: neverExpiring });
      expect(refused.status).toBe(404);
      expect(refused.body.error.message).toContain('"exp" claim');
      expect((await read({ jwt_token: await sign({}, key), unsignedClaims: '{"language": 3}' })).status).toBe(400);
      expect((await read({ jwt_token: await sign({}, key), unsignedClaims: 'nope' })).status).toBe(400);

      // A new key: tokens signed with the old one stop working.
      const regenerated = await t.http.as(token).post(`${base}/publishing/auth/regenerate`);
      expect(regenerated.status).toBe(200);
      expect(regenerated.body.privateKey).not.toBe(key);
      expect((await read({ jwt_token: await sign({ beta: true }, key) })).status).toBe(404);
      expect((await read({ jwt_token: await sign({ beta: true }, regenerated.body.privateKey) })).status).toBe(200);
    });

    it('applies conditions on public sites with or without a token', async () => {
      const { token, base, spaces } = await setup('public');
      await t.http.as(token).put(`${base}/adaptive-schema`, { jsonSchema: SCHEMA });
      const siteSpaces = (await t.http.as(token).get(`${base}/site-spaces`)).body.items;
      await t.http.as(token).patch(`${base}/site-spaces/${siteSpaces[1].id}`, { condition: 'visitor.claims.plan == "pro"' });
      await t.http.as(token).post(`${base}/publish`);
      const key = (await t.http.as(token).get(`${base}/publishing/auth`)).body.privateKey;
      const ids = async (query: Record<string, string> = {}) => (await t.http.as(token).get(`${base}/published`, { query })).body.structure.structure.map((s: any) => s.space.id);
      expect(await ids()).toEqual([spaces[0].id]);
      expect(await ids({ jwt_token: await sign({ plan: 'pro' }, key) })).toEqual([spaces[0].id, spaces[1].id]);
      expect((await t.http.as(token).get(`${base}/published`, { query: { jwt_token: 'garbage' } })).status).toBe(400);
    });

    it('keeps publishing keys for admins', async () => {
      const { base, members } = await setup('visitor-auth');
      expect((await t.http.as(members.reader.token).get(`${base}/publishing/auth`)).status).toBe(403);
      expect((await t.http.as(members.reader.token).post(`${base}/publishing/auth/regenerate`)).status).toBe(403);
      expect((await t.http.as((await createUser(t)).token).get(`${base}/publishing/auth`)).status).toBe(404);
    });
  });
});
