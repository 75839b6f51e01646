import { ContentModule } from '@docs/content';
import { IdentityModule, MemberEntity } from '@docs/identity';
import { addMember, createOrganization, createUser } from '@docs/identity/testing';
import { createTestApp, TestApp, TEST_PUBLIC_URL } from '@docs/platform/testing';
import request from 'supertest';
import { GIF_1X1, integrationName, PNG_1X1, publishBody, publishIntegration } from '../../testing';
import { IntegrationsModule } from '../integrations.module';
import { IntegrationSecrets } from './integration-secrets';

describe('integrations', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, IntegrationsModule] });
  });
  afterAll(() => t.close());

  describe('POST /v1/integrations/{integrationName} (publish)', () => {
    it('publishes version 1 with everything the body describes, then the next versions', async () => {
      const { organization, members } = await createOrganization(t);
      const name = integrationName();
      const body = publishBody(organization.id, {
        runtime: 'v2',
        icon: `data:image/png;base64,${PNG_1X1}`,
        title: 'Figma',
        description: 'Embed Figma files',
        summary: '# Figma\nEmbeds.',
        previewImages: [PNG_1X1, GIF_1X1],
        visibility: 'public',
        target: 'space',
        scopes: ['space:content:read', 'space:content:read', 'space:metadata:read'],
        categories: ['content'],
        blocks: [
          {
            id: 'embed',
            title: 'Figma file',
            description: 'A file',
            urlUnfurl: ['https://www.figma.com/file/**'],
            markdown: { codeblock: 'figma', body: 'url' },
          },
        ],
        contentSources: [{ id: 'src', title: 'Frames', configuration: { componentId: 'configure-source' } }],
        externalLinks: [{ url: 'https://figma.com', label: 'Website' }],
        configurations: { account: { properties: { token: { type: 'string', title: 'Token' } }, required: ['token'] }, space: { componentId: 'conf' } },
        secrets: { CLIENT_SECRET: 'super-secret-value' },
        contentSecurityPolicy: { 'script-src': "'self'" },
      });
      const res = await t.http.as(members.admin.token).post(`/v1/integrations/${name}`, body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        object: 'integration',
        name,
        version: 1,
        title: 'Figma',
        description: 'Embed Figma files',
        summary: '# Figma\nEmbeds.',
        target: 'space',
        visibility: 'public',
        verified: false,
        scopes: ['space:content:read', 'space:metadata:read'],
        categories: ['content'],
        blocks: body.blocks,
        contentSources: body.contentSources,
        externalLinks: body.externalLinks,
        configurations: body.configurations,
        contentSecurityPolicy: { 'script-src': "'self'" },
        owner: { object: 'organization', id: organization.id },
        permissions: { admin: true, install: true },
        urls: { location: `${TEST_PUBLIC_URL}/v1/integrations/${name}`, app: `http://app.test/integrations/${name}` },
      });
      expect(res.text).not.toContain('super-secret-value');
      expect(res.text).not.toContain('CLIENT_SECRET');
      expect(res.body).not.toHaveProperty('script');
      expect(res.body.previewImages).toHaveLength(2);

      // The images are served where the URLs point, as the images they are.
      const icon = await request(t.app.getHttpServer()).get(new URL(res.body.urls.icon).pathname);
      expect(icon.status).toBe(200);
      expect(icon.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(icon.body, Buffer.from(PNG_1X1, 'base64'))).toBe(0);
      const preview = await request(t.app.getHttpServer()).get(new URL(res.body.previewImages[1]).pathname);
      expect(preview.headers['content-type']).toBe('image/gif');
      expect((await request(t.app.getHttpServer()).get(`/integration-assets/${name}/nope`)).status).toBe(404);

      // Publishing again makes version 2, replaces the images, keeps the secrets when absent.
      t.clock.advance(1000);
      const again = await t.http.as(members.admin.token).post(`/v1/integrations/${name}`, { ...body, previewImages: [], secrets: undefined, icon: undefined });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ version: 2, previewImages: [] });
      expect(again.body.urls.icon).toBeUndefined();
      expect((await request(t.app.getHttpServer()).get(new URL(res.body.urls.icon).pathname)).status).toBe(404);
      const stored = await t.dataSource.query(`SELECT secrets, version, script FROM integrations WHERE name = $1`, [name]);
      expect(stored[0].version).toBe(2);
      expect(stored[0].script).toBe('export default {}');
      expect(stored[0].secrets).toBeInstanceOf(Buffer);

      const third = await t.http.as(members.admin.token).post(`/v1/integrations/${name}`, { ...body, secrets: {} });
      expect(third.body.version).toBe(3);
      expect((await t.dataSource.query(`SELECT secrets FROM integrations WHERE name = $1`, [name]))[0].secrets).toBeNull();
    });

    it('gives concurrent publications of one integration distinct versions', async () => {
      const { organization, members } = await createOrganization(t);
      const name = integrationName();
      await publishIntegration(t, members.admin.token, organization.id, {}, name);
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) => t.http.as(members.admin.token).post(`/v1/integrations/${name}`, publishBody(organization.id, { title: `Take ${i}` }))),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(results.map((r) => r.body.version).sort()).toEqual([2, 3, 4, 5, 6]);
      expect((await t.http.as(members.admin.token).get(`/v1/integrations/${name}`)).body.version).toBe(6);
    });

    it('takes a content security policy as a string too', async () => {
      const { organization, members } = await createOrganization(t);
      const published = await publishIntegration(t, members.admin.token, organization.id, { contentSecurityPolicy: "script-src 'self'" });
      expect(published.contentSecurityPolicy).toBe("script-src 'self'");
      expect((await t.http.as(members.admin.token).get(`/v1/integrations/${published.name}`)).body.contentSecurityPolicy).toBe("script-src 'self'");
    });

    it('keeps secrets only encrypted in the database, never in clear', async () => {
      const { organization, members } = await createOrganization(t);
      const name = integrationName();
      await publishIntegration(t, members.admin.token, organization.id, { secrets: { API_KEY: 'clear-text-needle-42' } }, name);
      const rows: { row: string }[] = await t.dataSource.query(`SELECT i::text AS row FROM integrations i WHERE name = $1`, [name]);
      expect(rows[0].row).not.toContain('clear-text-needle-42');
      expect(rows[0].row).not.toContain(Buffer.from('clear-text-needle-42').toString('hex'));
      expect(rows[0].row).not.toContain('API_KEY');
      // What is stored opens, with the installation's encryption key, to what was published.
      const [{ secrets }] = await t.dataSource.query(`SELECT secrets FROM integrations WHERE name = $1`, [name]);
      expect(t.app.get(IntegrationSecrets).open(secrets, name)).toEqual({ API_KEY: 'clear-text-needle-42' });
      const get = await t.http.as(members.admin.token).get(`/v1/integrations/${name}`);
      expect(get.text).not.toContain('clear-text-needle-42');
      const list = await t.http.as(members.admin.token).get('/v1/integrations', { query: { owner: organization.id } });
      expect(list.text).not.toContain('clear-text-needle-42');
    });

    const tooMany = <T,>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
    const notAnImage = Buffer.from('just some text, not an image').toString('base64');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>').toString('base64');
    it.each<[string, Record<string, unknown>, string]>([
      ['no title', { title: undefined }, 'title is required'],
      ['a null title', { title: null }, 'title must not be null'],
      ['a 1-character title', { title: 'x' }, 'title must be longer than or equal to 2 characters'],
      ['a 31-character title', { title: 'x'.repeat(31) }, 'title must be shorter than or equal to 30 characters'],
      ['no description', { description: undefined }, 'description is required'],
      ['a 101-character description', { description: 'x'.repeat(101) }, 'description must be shorter than or equal to 100 characters'],
      ['a 2049-character summary', { summary: 'x'.repeat(2049) }, 'summary must be shorter than or equal to 2048 characters'],
      ['a null summary', { summary: null }, 'summary must not be null'],
      ['no script', { script: undefined }, 'script is required'],
      ['no organization', { organization: undefined }, 'organization is required'],
      ['an unknown runtime', { runtime: 'v3' }, 'runtime must be one of'],
      ['an unknown visibility', { visibility: 'secret' }, 'visibility must be one of'],
      ['a null visibility', { visibility: null }, 'visibility must not be null'],
      ['an unknown target', { target: 'page' }, 'target must be one of'],
      ['an unknown scope', { scopes: ['space:everything'] }, 'each value in scopes must be one of'],
      ['an unknown category', { categories: ['games'] }, 'each value in categories must be one of'],
      ['4 preview images', { previewImages: tooMany(4, () => PNG_1X1) }, 'previewImages must contain no more than 3 elements'],
      ['an icon that is not base64', { icon: 'not base64!' }, 'icon must be base64'],
      ['an icon that is not an image', { icon: notAnImage }, 'icon is not an image'],
      ['an SVG icon', { icon: svg }, 'icon must be a PNG, JPEG, GIF or WebP image'],
      ['a preview that is not an image', { previewImages: [PNG_1X1, notAnImage] }, 'previewImages[1] is not an image'],
      ['a data URL lying about its type', { icon: `data:image/gif;base64,${PNG_1X1}` }, 'icon is declared image/gif but is image/png'],
      ['a block with a short title', { blocks: [{ id: 'b', title: 'x' }] }, 'blocks[0].title must be longer than or equal to 2 characters'],
      ['a block with an unknown field', { blocks: [{ id: 'b', title: 'Block', extra: 1 }] }, 'blocks[0].extra: property extra should not exist'],
      ['a block description over 150', { blocks: [{ id: 'b', title: 'Bl', description: 'x'.repeat(151) }] }, 'blocks[0].description must be shorter'],
      ['two blocks with one id', { blocks: [{ id: 'b', title: 'Bl' }, { id: 'b', title: 'Bl' }] }, 'blocks[1].id b is used twice'],
      ['a content source without configuration', { contentSources: [{ id: 's', title: 'Src' }] }, 'contentSources[0].configuration'],
      ['6 external links', { externalLinks: tooMany(6, () => ({ url: 'https://x.test', label: 'x' })) }, 'externalLinks must contain no more than 5 elements'],
      ['an external link that is no URL', { externalLinks: [{ url: 'nope', label: 'x' }] }, 'externalLinks[0].url must be an absolute http(s) URL'],
      ['configurations of an unknown level', { configurations: { org: { componentId: 'x' } } }, 'configurations.org should not exist'],
      ['a configuration property of an unknown type', { configurations: { account: { properties: { a: { type: 'date' } } } } }, 'configurations.account'],
      ['21 secrets', { secrets: Object.fromEntries(tooMany(21, (i) => [`S${i}`, 'v'] as const)) }, 'secrets must have at most 20 entries'],
      ['a secret that is not a string', { secrets: { A: 1 } }, 'secrets.A must be a string'],
      ['an unknown CSP directive', { contentSecurityPolicy: { 'evil-src': 'x' } }, 'property contentSecurityPolicy.evil-src should not exist'],
      ['a CSP of another type', { contentSecurityPolicy: 3 }, 'contentSecurityPolicy must be a string or an object'],
      ['an unknown field', { version: 3 }, 'property version should not exist'],
    ])('refuses %s with 400 and publishes nothing', async (_label, overrides, message) => {
      const { organization, members } = await createOrganization(t);
      const name = integrationName();
      const res = await t.http.as(members.admin.token).post(`/v1/integrations/${name}`, publishBody(organization.id, overrides));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect((await t.http.as(members.admin.token).get(`/v1/integrations/${name}`)).status).toBe(404);
    });

    it('refuses a body that is not an object, and malformed names', async () => {
      const { organization, members } = await createOrganization(t);
      expect((await t.http.as(members.admin.token).post(`/v1/integrations/${integrationName()}`, undefined, { raw: '[]' })).status).toBe(400);
      const bad = await t.http.as(members.admin.token).post(`/v1/integrations/bad%20name`, publishBody(organization.id));
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toContain('integrationName must match');
      expect((await t.http.as(members.admin.token).post(`/v1/integrations/${'x'.repeat(101)}`, publishBody(organization.id))).status).toBe(400);
      expect((await t.http.as(members.admin.token).post(`/v1/integrations/${'x'.repeat(100)}`, publishBody(organization.id))).status).toBe(200);
    });

    it('needs the admin role in the publishing organization (403), membership (404) and a token (401)', async () => {
      const { organization, members } = await createOrganization(t, { creator: 'create' });
      const outsider = await createUser(t);
      const name = integrationName();
      expect((await t.http.as(members.creator.token).post(`/v1/integrations/${name}`, publishBody(organization.id))).status).toBe(403);
      const notMember = await t.http.as(outsider.token).post(`/v1/integrations/${name}`, publishBody(organization.id));
      expect(notMember.status).toBe(404);
      expect(notMember.body.error.message).toContain('organization');
      expect((await t.http.as(undefined).post(`/v1/integrations/${name}`, publishBody(organization.id))).status).toBe(401);
      expect((await t.http.as(members.admin.token).get(`/v1/integrations/${name}`)).status).toBe(404);
    });

    it("refuses a name another organization publishes (409), even to an admin of both", async () => {
      const a = await createOrganization(t);
      const b = await createOrganization(t);
      await addMember(t, b.organization.id, a.members.admin, 'admin');
      const name = integrationName();
      await publishIntegration(t, a.members.admin.token, a.organization.id, {}, name);
      const res = await t.http.as(b.members.admin.token).post(`/v1/integrations/${name}`, publishBody(b.organization.id));
      expect(res.status).toBe(409);
      expect((await t.http.as(a.members.admin.token).post(`/v1/integrations/${name}`, publishBody(b.organization.id))).status).toBe(409);
      expect((await t.http.as(a.members.admin.token).get(`/v1/integrations/${name}`)).body.version).toBe(1);
    });
  });

  describe('visibility', () => {
    it('public: everyone; unlisted: anyone with the name, listed for its organization; private: its organization only', async () => {
      const owner = await createOrganization(t, { guest: null, reader: 'read' });
      const other = await createOrganization(t);
      const names = { public: integrationName('pub'), unlisted: integrationName('unl'), private: integrationName('prv') };
      for (const [visibility, name] of Object.entries(names)) {
        await publishIntegration(t, owner.members.admin.token, owner.organization.id, { visibility }, name);
      }
      const outsider = other.members.admin.token;
      expect((await t.http.as(outsider).get(`/v1/integrations/${names.public}`)).status).toBe(200);
      expect((await t.http.as(outsider).get(`/v1/integrations/${names.unlisted}`)).status).toBe(200);
      expect((await t.http.as(outsider).get(`/v1/integrations/${names.private}`)).status).toBe(404);
      for (const member of [owner.members.reader, owner.members.guest]) {
        expect((await t.http.as(member.token).get(`/v1/integrations/${names.private}`)).status).toBe(200);
      }
      const listedFor = async (token: string) =>
        (await t.http.as(token).all('/v1/integrations', { owner: owner.organization.id })).map((i: any) => i.name).sort();
      expect(await listedFor(outsider)).toEqual([names.public]);
      expect(await listedFor(owner.members.reader.token)).toEqual(Object.values(names).sort());

      const seen = await t.http.as(outsider).get(`/v1/integrations/${names.public}`);
      expect(seen.body.permissions).toEqual({ admin: false, install: true });
      expect(seen.body.owner.permissions).toMatchObject({ view: false, admin: false });
      const byReader = await t.http.as(owner.members.reader.token).get(`/v1/integrations/${names.private}`);
      expect(byReader.body.permissions).toEqual({ admin: false, install: false });
    });
  });

  // Visibility, the count and each item's permissions are decided in the reads' SQL (one
  // statement each): these pin the rules they encode.
  describe('what each caller reads (rules in the SQL of GET and the list)', () => {
    const disable = (organizationId: string, userId: string) =>
      t.dataSource.getRepository(MemberEntity).update({ organizationId, userId }, { disabled: true });

    it('lists and counts public integrations and all of the caller\'s organizations (guests too, disabled members not), page by page', async () => {
      const owner = await createOrganization(t, { reader: 'read', guest: null, gone: 'read' });
      const other = await createOrganization(t);
      await disable(owner.organization.id, owner.members.gone.user.id);
      const prefix = integrationName('seen');
      const publish = async (org: typeof owner | typeof other, visibility: string, suffix: string) =>
        (await publishIntegration(t, org.members.admin.token, org.organization.id, { visibility }, `${prefix}-${suffix}`)).name as string;
      const ownPublic = [await publish(owner, 'public', 'a'), await publish(owner, 'public', 'c'), await publish(owner, 'public', 'e')];
      const ownUnlisted = await publish(owner, 'unlisted', 'b');
      const ownPrivate = await publish(owner, 'private', 'd');
      const otherPublic = await publish(other, 'public', 'f');
      const otherPrivate = await publish(other, 'private', 'g');

      // Every page (2 at a time) carries the count of the whole list; the pages neither repeat nor skip.
      const pages = async (token: string) => {
        const names: string[] = [];
        const counts = new Set<number>();
        let page: string | undefined;
        do {
          const res = await t.http.as(token).get('/v1/integrations', { query: { search: prefix, limit: 2, ...(page ? { page } : {}) } });
          expect(res.status).toBe(200);
          names.push(...res.body.items.map((i: any) => i.name));
          counts.add(res.body.count);
          page = res.body.next?.page;
        } while (page);
        return { names, counts: [...counts] };
      };
      const ownAll = [...ownPublic, ownUnlisted, ownPrivate];
      for (const member of [owner.members.admin, owner.members.reader, owner.members.guest]) {
        expect(await pages(member.token)).toEqual({ names: [...ownAll, otherPublic].sort(), counts: [6] });
      }
      expect(await pages(other.members.admin.token)).toEqual({ names: [...ownPublic, otherPublic, otherPrivate].sort(), counts: [5] });
      const disabled = owner.members.gone.token;
      expect(await pages(disabled)).toEqual({ names: [...ownPublic, otherPublic].sort(), counts: [4] });
      // By name: a disabled member is an outsider too.
      expect((await t.http.as(disabled).get(`/v1/integrations/${ownPrivate}`)).status).toBe(404);
      expect((await t.http.as(disabled).get(`/v1/integrations/${ownUnlisted}`)).status).toBe(200);
      // Nothing matches: an empty page counts 0.
      expect((await t.http.as(disabled).get('/v1/integrations', { query: { search: `${prefix}-zz` } })).body).toEqual({ items: [], count: 0 });
      // No page asked for (limit 0), and a page left empty after its cursor: the count is still the list's.
      expect((await t.http.as(disabled).get('/v1/integrations', { query: { search: prefix, limit: 0 } })).body).toEqual({ items: [], count: 4 });
      const first = await t.http.as(owner.members.reader.token).get('/v1/integrations', { query: { search: prefix, limit: 5 } });
      expect(first.body.items).toHaveLength(5);
      expect((await t.http.as(other.members.admin.token).delete(`/v1/integrations/${otherPublic}`)).status).toBe(204);
      const rest = await t.http.as(owner.members.reader.token).get('/v1/integrations', { query: { search: prefix, limit: 5, page: first.body.next.page } });
      expect(rest.body).toEqual({ items: [], count: 5 });
    });

    it("presents each item with the caller's standing in its owner (role, team ownership, admin anywhere), the same in the list as by name", async () => {
      const owner = await createOrganization(t, { lead: 'read', reader: 'read', gone: 'admin' });
      const elsewhere = await createOrganization(t);
      await disable(owner.organization.id, owner.members.gone.user.id);
      const team = await t.http.as(owner.members.admin.token).put(`/v1/orgs/${owner.organization.id}/teams`, { title: 'Docs', members: [owner.members.lead.user.id] });
      expect(team.status).toBe(201);
      const asOwner = await t.http
        .as(owner.members.admin.token)
        .put(`/v1/orgs/${owner.organization.id}/teams/${team.body.id}/members/${owner.members.lead.user.id}`, { role: 'owner' });
      expect(asOwner.status).toBeLessThan(300);
      const prefix = integrationName('standing');
      const open = (await publishIntegration(t, owner.members.admin.token, owner.organization.id, { visibility: 'public' }, `${prefix}-a`)).name;
      const closed = (await publishIntegration(t, owner.members.admin.token, owner.organization.id, { visibility: 'private' }, `${prefix}-b`)).name;

      const read = async (token: string, name: string) => {
        const byName = await t.http.as(token).get(`/v1/integrations/${name}`);
        expect(byName.status).toBe(200);
        const listed = await t.http.as(token).get('/v1/integrations', { query: { search: prefix } });
        expect(listed.body.items.find((i: any) => i.name === name)).toEqual(byName.body);
        return byName.body;
      };
      const admin = await read(owner.members.admin.token, closed);
      expect(admin.permissions).toEqual({ admin: true, install: true });
      expect(admin.owner.permissions).toMatchObject({ view: true, admin: true, ownTeam: false, listMembers: true });

      const lead = await read(owner.members.lead.token, open);
      expect(lead.permissions).toEqual({ admin: false, install: false });
      expect(lead.owner.permissions).toMatchObject({ view: true, admin: false, ownTeam: true, listMembers: true });
      expect((await read(owner.members.reader.token, open)).owner.permissions).toMatchObject({ ownTeam: false });

      // An admin of another organization may install a public integration there; outsiders see
      // who publishes it, not what they could do in that organization.
      const outsider = await read(elsewhere.members.admin.token, open);
      expect(outsider.permissions).toEqual({ admin: false, install: true });
      expect(outsider.owner).toMatchObject({ id: owner.organization.id, title: owner.organization.title });
      expect(outsider.owner.permissions).toMatchObject({ view: false, admin: false, listMembers: false, listTeams: false, listIntegrations: false });

      // A disabled admin administers nothing.
      const gone = await read(owner.members.gone.token, open);
      expect(gone.permissions).toEqual({ admin: false, install: false });
      expect(gone.owner.permissions).toMatchObject({ view: false, admin: false });
    });
  });

  describe('GET /v1/integrations (filters)', () => {
    it('filters by search, category, blockDomain, blocks, contentSources, owner, scope and target; orders by name', async () => {
      const { organization, members } = await createOrganization(t);
      const list = async (query: Record<string, string | boolean>) =>
        (await t.http.as(members.admin.token).all('/v1/integrations', { owner: organization.id, ...query })).map((i: any) => i.name);
      const prefix = integrationName('f');
      const publish = (suffix: string, overrides: Record<string, unknown>) =>
        publishIntegration(t, members.admin.token, organization.id, { visibility: 'public', ...overrides }, `${prefix}-${suffix}`);
      await publish('a', {
        title: 'Analytics thing',
        categories: ['analytics'],
        scopes: ['site:views:read'],
        target: 'site',
        blocks: [{ id: 'b', title: 'Block', urlUnfurl: ['https://www.Example.com/x/*', 'github.com'] }],
      });
      await publish('b', { title: 'Content thing', categories: ['content', 'other'], target: 'space', contentSources: [{ id: 's', title: 'Src', configuration: { componentId: 'c' } }] });
      await publish('c', { title: 'Everywhere', target: 'all', scopes: ['space:content:read', 'site:views:read'] });
      const [a, b, c] = ['a', 'b', 'c'].map((s) => `${prefix}-${s}`);

      expect(await list({})).toEqual([a, b, c]);
      expect(await list({ search: 'CONTENT' })).toEqual([b]);
      expect(await list({ search: `${prefix}-c` })).toEqual([c]);
      expect(await list({ search: '%' })).toEqual([]);
      expect(await list({ category: 'analytics' })).toEqual([a]);
      expect(await list({ category: 'other' })).toEqual([b]);
      expect(await list({ blockDomain: 'www.example.com' })).toEqual([a]);
      expect(await list({ blockDomain: 'github.com' })).toEqual([a]);
      expect(await list({ blockDomain: 'gitlab.com' })).toEqual([]);
      expect(await list({ blocks: true })).toEqual([a]);
      expect(await list({ blocks: false })).toEqual([b, c]);
      expect(await list({ contentSources: true })).toEqual([b]);
      expect(await list({ contentSources: false })).toEqual([a, c]);
      expect(await list({ scope: 'site:views:read' })).toEqual([a, c]);
      expect(await list({ scope: 'space:content:read' })).toEqual([c]);
      expect(await list({ target: 'site' })).toEqual([a, c]);
      expect(await list({ target: 'space' })).toEqual([b, c]);
      expect(await list({ target: 'all' })).toEqual([c]);
      expect(await list({ target: 'organization' })).toEqual([c]);
      expect(await list({ category: 'analytics', target: 'space' })).toEqual([]);

      const page = await t.http.as(members.admin.token).get('/v1/integrations', { query: { owner: organization.id, limit: 2 } });
      expect(page.body.count).toBe(3);
      expect(page.body.items.map((i: any) => i.name)).toEqual([a, b]);
      const next = await t.http.as(members.admin.token).get('/v1/integrations', { query: { owner: organization.id, limit: 2, page: page.body.next.page } });
      expect(next.body.items.map((i: any) => i.name)).toEqual([c]);
      expect(next.body.next).toBeUndefined();
      const otherFilters = await t.http.as(members.admin.token).get('/v1/integrations', { query: { owner: organization.id, category: 'other', page: page.body.next.page } });
      expect(otherFilters.status).toBe(400);
    });

    it.each<[Record<string, string>, string]>([
      [{ category: 'games' }, 'category must be one of'],
      [{ scope: 'x' }, 'scope must be one of'],
      [{ target: 'page' }, 'target must be one of'],
      [{ blockDomain: 'bad domain' }, 'blockDomain must be a host name'],
      [{ blockDomain: 'x'.repeat(101) }, 'blockDomain must be shorter than or equal to 100 characters'],
      [{ blocks: 'yes' }, 'blocks must be a boolean'],
      [{ contentSources: '1' }, 'contentSources must be a boolean'],
      [{ search: 'x'.repeat(101) }, 'search must be shorter than or equal to 100 characters'],
      [{ limit: '1001' }, 'limit must not be greater than 1000'],
      [{ sort: 'name' }, 'property sort should not exist'],
    ])('refuses %j with 400', async (query, message) => {
      const user = await createUser(t);
      const res = await t.http.as(user.token).get('/v1/integrations', { query });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
    });
  });

  describe('DELETE /v1/integrations/{integrationName} (unpublish)', () => {
    it('is for admins of the owning organization: others who see it get 403, others 404', async () => {
      const owner = await createOrganization(t, { editor: 'edit' });
      const other = await createOrganization(t);
      const publicName = integrationName();
      const privateName = integrationName();
      await publishIntegration(t, owner.members.admin.token, owner.organization.id, { visibility: 'public' }, publicName);
      await publishIntegration(t, owner.members.admin.token, owner.organization.id, { visibility: 'private' }, privateName);
      expect((await t.http.as(other.members.admin.token).delete(`/v1/integrations/${publicName}`)).status).toBe(403);
      expect((await t.http.as(other.members.admin.token).delete(`/v1/integrations/${privateName}`)).status).toBe(404);
      expect((await t.http.as(owner.members.editor.token).delete(`/v1/integrations/${privateName}`)).status).toBe(403);
      expect((await t.http.as(undefined).delete(`/v1/integrations/${privateName}`)).status).toBe(401);
      expect((await t.http.as(owner.members.admin.token).delete(`/v1/integrations/${privateName}`)).status).toBe(204);
      expect((await t.http.as(owner.members.admin.token).get(`/v1/integrations/${privateName}`)).status).toBe(404);
      expect((await t.http.as(owner.members.admin.token).delete(`/v1/integrations/${privateName}`)).status).toBe(404);
      expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM integration_assets WHERE integration_name = $1`, [privateName]))[0].n).toBe(0);
      // The name is free again.
      expect((await t.http.as(other.members.admin.token).post(`/v1/integrations/${privateName}`, publishBody(other.organization.id))).status).toBe(200);
    });
  });
});
