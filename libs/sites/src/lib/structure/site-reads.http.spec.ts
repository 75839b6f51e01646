import { ContentModule } from '@docs/content';
import { createCollection, createSpace, setDefaultLevel } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSection, createSite } from '../../testing/site-fixtures';
import { SitesModule } from '../sites.module';

/**
 * The reads of a site's structure run as prepared statements that bring every site space of a
 * live space, the caller's visibility applied in code: these pin who sees what through each of
 * them (structure, sections list, published), and the counts.
 */
describe('site reads', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let base: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
    const org = await createOrganization(t, { reader: 'read' });
    admin = org.members.admin.token;
    reader = org.members.reader.token;
    const organizationId = org.organization.id;
    const hidden = await createCollection(t, admin, organizationId, { title: 'Internal' });
    await setDefaultLevel(t, admin, hidden, null);
    const space = async (title: string, body: Record<string, unknown> = {}) => (await createSpace(t, admin, organizationId, { title, ...body })).id as string;
    ids.open = await space('Open');
    ids.inHidden = await space('In a hidden collection', { parent: hidden.id });
    ids.noLevel = await space('No default level');
    ids.deleted = await space('Deleted later');
    ids.grouped = await space('Grouped');
    await setDefaultLevel(t, admin, { object: 'space', id: ids.noLevel }, null);

    const site = await createSite(t, admin, organizationId);
    base = `/v1/orgs/${organizationId}/sites/${site.id}`;
    ids.first = (await createSection(t, admin, base, ids.open, { title: 'First' })).id;
    for (const spaceId of [ids.inHidden, ids.noLevel]) {
      const res = await t.http.as(admin).post(`${base}/site-spaces`, { spaceId, sectionId: ids.first });
      if (res.status !== 201) throw new Error(`site space -> ${res.status}: ${res.text}`);
    }
    ids.second = (await createSection(t, admin, base, ids.deleted, { title: 'Second' })).id;
    ids.third = (await createSection(t, admin, base, ids.grouped, { title: 'Third' })).id;
    const group = await t.http.as(admin).post(`${base}/section-groups`, { title: 'Group', sections: [ids.third] });
    if (group.status !== 201) throw new Error(`group -> ${group.status}: ${group.text}`);
    ids.group = group.body.id;
    const deleted = await t.http.as(admin).delete(`/v1/spaces/${ids.deleted}`);
    if (deleted.status >= 300) throw new Error(`delete space -> ${deleted.status}: ${deleted.text}`);
    await t.http.as(admin).post(`${base}/publish`);
  });
  afterAll(() => t.close());

  const spacesOf = (section: any) => section.siteSpaces.map((siteSpace: any) => siteSpace.space.id);

  it('structure: members see the site spaces of the spaces they can read; nobody sees deleted spaces', async () => {
    const asAdmin = (await t.http.as(admin).get(`${base}/structure`)).body;
    expect(asAdmin.type).toBe('sections');
    expect(asAdmin.structure.map((item: any) => item.id)).toEqual([ids.first, ids.second, ids.group]);
    expect(spacesOf(asAdmin.structure[0])).toEqual([ids.open, ids.inHidden, ids.noLevel]);
    expect(spacesOf(asAdmin.structure[1])).toEqual([]);
    expect(asAdmin.structure[2].sections.map(spacesOf)).toEqual([[ids.grouped]]);
    expect(asAdmin.structure[0].siteSpaces[0].space.permissions.admin).toBe(true);

    const asReader = (await t.http.as(reader).get(`${base}/structure`)).body;
    expect(asReader.structure.map((item: any) => item.id)).toEqual([ids.first, ids.second, ids.group]);
    expect(spacesOf(asReader.structure[0])).toEqual([ids.open]);
    expect(asReader.structure[0].siteSpaces[0].space.permissions).toMatchObject({ view: true, edit: false });
  });

  it('sections list: the same site spaces per section, in structure order, on every page', async () => {
    for (const [token, first] of [
      [admin, [ids.open, ids.inHidden, ids.noLevel]],
      [reader, [ids.open]],
    ] as const) {
      for (const limit of [1, 2, 20]) {
        const items = await t.http.as(token).all<any>(`${base}/sections`, { limit });
        expect(items.map((section) => section.id)).toEqual([ids.first, ids.second, ids.third]);
        expect(items.map(spacesOf)).toEqual([first, [], [ids.grouped]]);
        expect(items[2].sectionGroup).toBe(ids.group);
      }
      expect((await t.http.as(token).get(`${base}/sections`, { query: { limit: 1 } })).body.count).toBe(3);
    }
  });

  it('share keys: an active link of this site is taken, an inactive one is refused (400)', async () => {
    const link = (await t.http.as(admin).post(`${base}/share-links`, { name: 'Partner' })).body;
    const key = new URL(link.urls.published).searchParams.get('share')!;
    for (const path of ['structure', 'sections']) expect((await t.http.as(reader).get(`${base}/${path}`, { query: { shareKey: key } })).status).toBe(200);
    await t.http.as(admin).patch(`${base}/share-links/${link.id}`, { active: false });
    for (const path of ['structure', 'sections']) expect((await t.http.as(reader).get(`${base}/${path}`, { query: { shareKey: key } })).status).toBe(400);
    await t.http.as(admin).delete(`${base}/share-links/${link.id}`);
  });

  it('published: every live space for the audience, sections left empty hidden, siteSpaces counts live ones', async () => {
    const published = (await t.http.as(reader).get(`${base}/published`)).body;
    expect(published.site.siteSpaces).toBe(4);
    expect(published.structure.structure.map((item: any) => item.id)).toEqual([ids.first, ids.group]);
    expect(spacesOf(published.structure.structure[0])).toEqual([ids.open, ids.inHidden, ids.noLevel]);
    expect((await t.http.as(admin).get(base)).body.siteSpaces).toBe(4);
  });
});
