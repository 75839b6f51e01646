import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization, createUser } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSection, createSite, createSiteWithSpaces } from '../../testing/site-fixtures';
import { SitesModule } from '../sites.module';

describe('site sections and section groups', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
  });
  afterAll(() => t.close());

  const setup = async (roles: Record<string, 'read' | 'edit' | null> = {}) => {
    const org = await createOrganization(t, roles);
    const token = org.members.admin.token;
    const spaces = [];
    for (const title of ['Guides', 'API reference', 'Changelog']) spaces.push(await createSpace(t, token, org.organization.id, { title }));
    const site = await createSite(t, token, org.organization.id);
    const base = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    const sections = async () => (await t.http.as(token).get(`${base}/sections`)).body.items as any[];
    return { ...org, token, spaces, site, base, sections };
  };

  describe('sections', () => {
    it('creates sections with one site space each; the first is the default', async () => {
      const { token, spaces, base, sections } = await setup();
      const first = await t.http.as(token).post(`${base}/sections`, { spaceId: spaces[0].id });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ object: 'site-section', title: 'Guides', path: 'guides', default: true, urls: {} });
      expect(first.body.siteSpaces).toHaveLength(1);
      expect(first.body.siteSpaces[0]).toMatchObject({ object: 'site-space', section: first.body.id, default: true, path: 'guides', title: 'Guides' });
      const second = await createSection(t, token, base, spaces[1].id, { title: 'Reference', icon: 'book' });
      expect(second).toMatchObject({ title: 'Reference', path: 'reference', default: false, icon: 'book' });
      const third = await createSection(t, token, base, spaces[2].id, { title: 'Reference', icon: null });
      expect(third.path).toBe('reference-2');
      expect((await sections()).map((s) => [s.id, s.default])).toEqual([
        [first.body.id, true],
        [second.id, false],
        [third.id, false],
      ]);
      const site = await t.http.as(token).get(base);
      expect(site.body.siteSpaces).toBe(3);
    });

    it('keeps one default and distinct paths when sections are created at the same time', async () => {
      const { token, spaces, base, sections } = await setup();
      const results = await Promise.all(Array.from({ length: 6 }, () => t.http.as(token).post(`${base}/sections`, { spaceId: spaces[0].id })));
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
      const all = await sections();
      expect(all.filter((s) => s.default)).toHaveLength(1);
      expect(new Set(all.map((s) => s.path)).size).toBe(6);
    });

    it('takes in the site spaces at the root of a site when it is its first section', async () => {
      const { organization, token } = await setup();
      const { site, spaces } = await createSiteWithSpaces(t, token, organization.id, 2);
      const base = `/v1/orgs/${organization.id}/sites/${site.id}`;
      const extra = await createSpace(t, token, organization.id, { title: 'Extra' });
      const section = await createSection(t, token, base, extra.id, { title: 'Main' });
      expect(section.siteSpaces.map((s: any) => [s.space.id, s.default])).toEqual([
        [spaces[0].id, true],
        [spaces[1].id, false],
        [extra.id, false],
      ]);
      expect((await t.http.as(token).get(`${base}/structure`)).body.type).toBe('sections');
    });

    it.each([
      [{}, 'spaceId is required'],
      [{ spaceId: 'S', title: 'x' }, 'title must be longer than or equal to 2 characters'],
      [{ spaceId: 'S', title: 'x'.repeat(129) }, 'title must be shorter than or equal to 128 characters'],
      [{ spaceId: 'S', icon: 'x'.repeat(51) }, 'icon must be shorter than or equal to 50 characters'],
      [{ spaceId: 'S', path: 'p' }, 'property path should not exist'],
    ])('refuses %j with 400', async (body, message) => {
      const { token, spaces, base, sections } = await setup();
      const res = await t.http.as(token).post(`${base}/sections`, JSON.parse(JSON.stringify(body).replace('"S"', JSON.stringify(spaces[0].id))));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect(await sections()).toEqual([]);
    });

    it("refuses another organization's space and unknown spaces (404)", async () => {
      const { token, base } = await setup();
      const other = await createOrganization(t);
      const foreign = await createSpace(t, other.members.admin.token, other.organization.id);
      for (const spaceId of [foreign.id, 'nope']) {
        const res = await t.http.as(token).post(`${base}/sections`, { spaceId });
        expect(res.status).toBe(404);
        expect(res.body.error.message).toContain('spaceId');
      }
    });

    it('updates title, path, default site space, condition, icon and description; null removes', async () => {
      const { token, spaces, base } = await setup();
      const section = await createSection(t, token, base, spaces[0].id);
      const variant = (await t.http.as(token).post(`${base}/site-spaces`, { spaceId: spaces[1].id, sectionId: section.id })).body;
      const path = `${base}/sections/${section.id}`;
      const res = await t.http.as(token).patch(path, {
        title: 'Handbook',
        path: 'handbook',
        defaultSiteSpace: variant.id,
        icon: 'star',
        description: 'All the guides',
        condition: 'true',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: 'Handbook', path: 'handbook', icon: 'star', description: 'All the guides', condition: 'true' });
      expect(res.body.siteSpaces.map((s: any) => [s.id, s.default])).toEqual([
        [section.siteSpaces[0].id, false],
        [variant.id, true],
      ]);
      const unchanged = await t.http.as(token).patch(path, { title: 'Handbook 2' });
      expect(unchanged.body.condition).toBe('true');
      const cleared = await t.http.as(token).patch(path, { condition: null, icon: null, description: null });
      expect(cleared.body.condition).toBeUndefined();
      expect(cleared.body.icon).toBeUndefined();
      expect(cleared.body.description).toBeUndefined();
    });

    it.each([
      [{ title: 'x' }, 'title must be longer than or equal to 2 characters'],
      [{ title: null }, 'title must not be null'],
      [{ path: '' }, 'path must be longer than or equal to 1 characters'],
      [{ path: 'x'.repeat(101) }, 'path must be shorter than or equal to 100 characters'],
      [{ path: 'a/b' }, 'path may hold only'],
      [{ condition: '' }, 'condition must be longer than or equal to 1 characters'],
      [{ condition: 'x'.repeat(1025) }, 'condition must be shorter than or equal to 1024 characters'],
      [{ description: 'x'.repeat(257) }, 'description must be shorter than or equal to 256 characters'],
      [{ defaultSiteSpace: 'nope' }, 'defaultSiteSpace: no site space of section'],
      [{ condition: 'visitor.claims.beta ==' }, 'condition: syntax error'],
      [{ condition: 'visitor.claims.beta == true' }, "condition: visitor.claims.beta is not a claim declared by the site's adaptive schema."],
    ])('refuses %j with 400 and changes nothing', async (body, message) => {
      const { token, spaces, base, sections } = await setup();
      await createSection(t, token, base, spaces[0].id);
      const before = await sections();
      const res = await t.http.as(token).patch(`${base}/sections/${before[0].id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect(await sections()).toEqual(before);
    });

    it('keeps paths unique within a site (409), not across sites', async () => {
      const { organization, token, spaces, base } = await setup();
      const a = await createSection(t, token, base, spaces[0].id);
      await createSection(t, token, base, spaces[1].id, { title: 'Other' });
      const clash = await t.http.as(token).patch(`${base}/sections/${a.id}`, { path: 'other' });
      expect(clash.status).toBe(409);
      const otherSite = await createSite(t, token, organization.id);
      const otherBase = `/v1/orgs/${organization.id}/sites/${otherSite.id}`;
      const b = await createSection(t, token, otherBase, spaces[0].id);
      expect((await t.http.as(token).patch(`${otherBase}/sections/${b.id}`, { path: 'other' })).status).toBe(200);
    });

    it('deletes a section with its site spaces; deleting the default moves it to the first remaining', async () => {
      const { token, spaces, base, sections } = await setup();
      const a = await createSection(t, token, base, spaces[0].id);
      const b = await createSection(t, token, base, spaces[1].id);
      const c = await createSection(t, token, base, spaces[2].id);
      expect((await t.http.as(token).delete(`${base}/sections/${a.id}`)).status).toBe(205);
      expect((await sections()).map((s) => [s.id, s.default])).toEqual([
        [b.id, true],
        [c.id, false],
      ]);
      expect((await t.http.as(token).get(base)).body.siteSpaces).toBe(2);
      expect((await t.http.as(token).delete(`${base}/sections/${a.id}`)).status).toBe(404);
      expect((await t.http.as(token).get(`/v1/spaces/${spaces[0].id}`)).status).toBe(200);
    });

    it('makes another section the default through the site', async () => {
      const { token, spaces, base, sections } = await setup();
      await createSection(t, token, base, spaces[0].id);
      const b = await createSection(t, token, base, spaces[1].id);
      const res = await t.http.as(token).patch(base, { defaultSiteSection: b.id });
      expect(res.status).toBe(200);
      expect((await sections()).map((s) => s.default)).toEqual([false, true]);
      // The default site space of the site: one of the default section.
      const other = (await t.http.as(token).post(`${base}/site-spaces`, { spaceId: spaces[2].id })).body;
      expect(other.section).toBe(b.id);
      expect((await t.http.as(token).patch(base, { defaultSiteSpace: other.id })).status).toBe(200);
      expect((await sections())[1].siteSpaces.map((s: any) => s.default)).toEqual([false, true]);
      const notInDefault = (await sections())[0].siteSpaces[0].id;
      expect((await t.http.as(token).patch(base, { defaultSiteSpace: notInDefault })).status).toBe(400);
      expect((await t.http.as(token).patch(base, { defaultSiteSection: 'nope' })).status).toBe(404);
    });

    it('lists with pages and share keys; readers list, others are refused', async () => {
      const { token, spaces, base, members, organization } = await setup({ reader: 'read', guest: null });
      for (const space of spaces) await createSection(t, token, base, space.id);
      expect((await t.http.as(members.reader.token).all(`${base}/sections`, { limit: 2 })).map((s: any) => s.title)).toEqual([
        'Guides',
        'API reference',
        'Changelog',
      ]);
      expect((await t.http.as(members.reader.token).get(`${base}/sections`, { query: { limit: 0 } })).body).toEqual({ items: [], count: 3 });
      expect((await t.http.as(members.reader.token).post(`${base}/sections`, { spaceId: spaces[0].id })).status).toBe(403);
      expect((await t.http.as(members.guest.token).get(`${base}/sections`)).status).toBe(404);
      expect((await t.http.as((await createUser(t)).token).get(`${base}/sections`)).status).toBe(404);
      expect((await t.http.as(undefined).get(`${base}/sections`)).status).toBe(401);
      const other = await createOrganization(t);
      expect((await t.http.as(other.members.admin.token).get(`/v1/orgs/${other.organization.id}/sites/${base.split('/').pop()}/sections`)).status).toBe(404);
      expect((await t.http.as(token).get(`${base}/sections`, { query: { shareKey: 'nope' } })).status).toBe(400);
      expect(organization.id).toBeTruthy();
    });
  });

  describe('section groups', () => {
    it('creates a group with sections, lists it with sections and children, adds and removes sections', async () => {
      const { token, spaces, base, sections } = await setup();
      const a = await createSection(t, token, base, spaces[0].id);
      const b = await createSection(t, token, base, spaces[1].id);
      const c = await createSection(t, token, base, spaces[2].id);
      const created = await t.http.as(token).post(`${base}/section-groups`, { title: 'Developers', icon: 'code', sections: [c.id, b.id] });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ object: 'site-section-group', title: 'Developers', icon: 'code' });
      expect(created.body.children.map((s: any) => s.id)).toEqual([c.id, b.id]);
      expect(created.body.sections.map((s: any) => s.sectionGroup)).toEqual([created.body.id, created.body.id]);
      const group = created.body.id;
      expect((await sections()).map((s) => s.id)).toEqual([a.id, c.id, b.id]);
      const list = await t.http.as(token).get(`${base}/section-groups`);
      expect(list.body.count).toBe(1);
      expect(list.body.items[0].children).toHaveLength(2);

      const added = await t.http.as(token).post(`${base}/section-groups/${group}/sections`, { sectionId: a.id });
      expect(added.status).toBe(201);
      expect(added.body.children.map((s: any) => s.id)).toEqual([c.id, b.id, a.id]);
      expect((await t.http.as(token).delete(`${base}/section-groups/${group}/sections/${c.id}`)).status).toBe(205);
      expect((await t.http.as(token).delete(`${base}/section-groups/${group}/sections/${c.id}`)).status).toBe(404);
      const structure = (await t.http.as(token).get(`${base}/structure`)).body;
      expect(structure.structure.map((i: any) => [i.object, i.id])).toEqual([
        ['site-section-group', group],
        ['site-section', c.id],
      ]);

      const renamed = await t.http.as(token).patch(`${base}/section-groups/${group}`, { title: 'Devs', icon: null });
      expect(renamed.body.title).toBe('Devs');
      expect(renamed.body.icon).toBeUndefined();
      // Deleting the group keeps its sections, where it was.
      expect((await t.http.as(token).delete(`${base}/section-groups/${group}`)).status).toBe(205);
      expect((await sections()).map((s) => [s.id, s.sectionGroup])).toEqual([
        [b.id, undefined],
        [a.id, undefined],
        [c.id, undefined],
      ]);
      expect((await t.http.as(token).get(`${base}/section-groups`)).body.count).toBe(0);
    });

    it.each([
      [{}, 'title is required'],
      [{ title: '' }, 'title must be longer than or equal to 1 characters'],
      [{ title: 'x'.repeat(101) }, 'title must be shorter than or equal to 100 characters'],
      [{ title: 'G', icon: 'x'.repeat(51) }, 'icon must be shorter than or equal to 50 characters'],
      [{ title: 'G', sections: 'a' }, 'sections must be an array'],
      [{ title: 'G', parent: 'x' }, 'property parent should not exist'],
    ])('refuses %j with 400', async (body, message) => {
      const { token, base } = await setup();
      const res = await t.http.as(token).post(`${base}/section-groups`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect((await t.http.as(token).get(`${base}/section-groups`)).body.count).toBe(0);
    });

    it('refuses unknown sections (404) and is for admins', async () => {
      const { token, base, members } = await setup({ editor: 'edit' });
      const res = await t.http.as(token).post(`${base}/section-groups`, { title: 'G', sections: ['nope'] });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toContain('sections[0]');
      expect((await t.http.as(token).get(`${base}/section-groups`)).body.count).toBe(0);
      expect((await t.http.as(members.editor.token).post(`${base}/section-groups`, { title: 'G' })).status).toBe(403);
      const group = (await t.http.as(token).post(`${base}/section-groups`, { title: 'G' })).body.id;
      expect((await t.http.as(members.editor.token).patch(`${base}/section-groups/${group}`, { title: 'H' })).status).toBe(403);
      expect((await t.http.as(members.editor.token).delete(`${base}/section-groups/${group}`)).status).toBe(403);
      expect((await t.http.as(token).patch(`${base}/section-groups/nope`, { title: 'H' })).status).toBe(404);
      expect((await t.http.as(token).post(`${base}/section-groups/${group}/sections`, { sectionId: 'nope' })).status).toBe(404);
      expect((await t.http.as(token).post(`${base}/section-groups/${group}/sections`, {})).status).toBe(400);
      expect((await t.http.as(members.editor.token).get(`${base}/section-groups`)).status).toBe(200);
    });
  });
});
