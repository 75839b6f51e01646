import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSection, createSite, createSiteWithSpaces } from '../../testing/site-fixtures';
import { SitesModule } from '../sites.module';

describe('site spaces and the order of the structure', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
  });
  afterAll(() => t.close());

  const setup = async (count = 3) => {
    const org = await createOrganization(t, { editor: 'edit' });
    const token = org.members.admin.token;
    const { site, spaces } = await createSiteWithSpaces(t, token, org.organization.id, count);
    const base = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    const siteSpaces = async (query: Record<string, string | boolean> = {}) => (await t.http.as(token).get(`${base}/site-spaces`, { query })).body.items as any[];
    return { ...org, token, site, spaces, base, siteSpaces };
  };

  describe('site spaces', () => {
    it('adds at the root of a site without sections, then to the default section or a given one', async () => {
      const { token, base, organization, siteSpaces } = await setup(1);
      const extra = await createSpace(t, token, organization.id, { title: 'Space 1' });
      const added = await t.http.as(token).post(`${base}/site-spaces`, { spaceId: extra.id });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ object: 'site-space', path: 'space-1-2', default: false, title: 'Space 1', hasAdvancedCustomizationFeature: false });
      expect(added.body.section).toBeUndefined();
      const section = await createSection(t, token, base, extra.id, { title: 'Main' });
      const other = await createSection(t, token, base, extra.id, { title: 'Other' });
      const toDefault = await t.http.as(token).post(`${base}/site-spaces`, { spaceId: extra.id });
      expect(toDefault.body.section).toBe(section.id);
      const toOther = await t.http.as(token).post(`${base}/site-spaces`, { spaceId: extra.id, sectionId: other.id });
      expect(toOther.body.section).toBe(other.id);
      expect((await t.http.as(token).post(`${base}/site-spaces`, { spaceId: extra.id, sectionId: 'nope' })).status).toBe(404);
      expect((await siteSpaces()).length).toBe(6);
      expect((await siteSpaces({ default: true })).map((s) => s.section)).toEqual([section.id, other.id]);
      expect((await siteSpaces({ default: false })).length).toBe(4);
      expect((await t.http.as(token).get(base)).body.siteSpaces).toBe(6);
    });

    it.each([
      [{}, 'spaceId is required'],
      [{ spaceId: '' }, 'spaceId should not be empty'],
      [{ spaceId: 'x', sectionId: null }, 'sectionId must not be null'],
      [{ spaceId: 'x', path: 'p' }, 'property path should not exist'],
    ])('refuses %j with 400', async (body, message) => {
      const { token, base, siteSpaces } = await setup(1);
      const res = await t.http.as(token).post(`${base}/site-spaces`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect((await siteSpaces()).length).toBe(1);
    });

    it("refuses another organization's space (404) and is for admins", async () => {
      const { token, base, members, organization } = await setup(1);
      const other = await createOrganization(t);
      const foreign = await createSpace(t, other.members.admin.token, other.organization.id);
      expect((await t.http.as(token).post(`${base}/site-spaces`, { spaceId: foreign.id })).status).toBe(404);
      const own = await createSpace(t, token, organization.id);
      expect((await t.http.as(members.editor.token).post(`${base}/site-spaces`, { spaceId: own.id })).status).toBe(403);
      expect((await t.http.as(members.editor.token).get(`${base}/site-spaces`)).status).toBe(200);
    });

    it('updates path (unique in its section, 409), condition (null removes) and space', async () => {
      const { token, base, organization, siteSpaces } = await setup(2);
      const [first, second] = await siteSpaces();
      const path = `${base}/site-spaces/${first.id}`;
      const other = await createSpace(t, token, organization.id, { title: 'Other' });
      const res = await t.http.as(token).patch(path, { path: 'v2', condition: 'false', spaceId: other.id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ path: 'v2', condition: 'false', title: 'Other' });
      expect(res.body.space.id).toBe(other.id);
      expect((await t.http.as(token).patch(path, {})).body.condition).toBe('false');
      expect((await t.http.as(token).patch(path, { condition: null })).body.condition).toBeUndefined();
      const clash = await t.http.as(token).patch(path, { path: second.path });
      expect(clash.status).toBe(409);
      expect((await t.http.as(token).patch(path, { spaceId: 'nope' })).status).toBe(404);
      for (const [body, message] of [
        [{ path: '' }, 'path must be longer than or equal to 1 characters'],
        [{ path: 'x'.repeat(101) }, 'path must be shorter than or equal to 100 characters'],
        [{ condition: 'x'.repeat(1025) }, 'condition must be shorter than or equal to 1024 characters'],
        [{ condition: 'constructor.constructor("return process")()' }, 'condition: unknown function'],
        [{ spaceId: null }, 'spaceId must not be null'],
      ] as const) {
        const bad = await t.http.as(token).patch(path, body);
        expect(bad.status).toBe(400);
        expect(bad.body.error.message).toContain(message);
      }
      expect((await t.http.as(token).patch(`${base}/site-spaces/nope`, { path: 'x' })).status).toBe(404);
    });

    it('deletes; the default moves to the first remaining; the last of a section stays (409)', async () => {
      const { token, base, siteSpaces, spaces } = await setup(3);
      const [a, b, c] = await siteSpaces();
      expect((await t.http.as(token).delete(`${base}/site-spaces/${a.id}`)).status).toBe(205);
      expect((await siteSpaces()).map((s) => [s.id, s.default])).toEqual([
        [b.id, true],
        [c.id, false],
      ]);
      expect((await t.http.as(token).delete(`${base}/site-spaces/${a.id}`)).status).toBe(404);
      const section = await createSection(t, token, base, spaces[0].id);
      const only = section.siteSpaces.at(-1).id;
      await t.http.as(token).delete(`${base}/site-spaces/${b.id}`);
      await t.http.as(token).delete(`${base}/site-spaces/${c.id}`);
      const last = await t.http.as(token).delete(`${base}/site-spaces/${only}`);
      expect(last.status).toBe(409);
      expect((await t.http.as(token).get(`/v1/spaces/${spaces[0].id}`)).status).toBe(200);
    });
  });

  describe('order', () => {
    it('sorts site spaces with sortSiteStructure and the deprecated move', async () => {
      const { token, base, siteSpaces } = await setup(3);
      const [a, b, c] = (await siteSpaces()).map((s) => s.id);
      const sort = (item: object, position: object) => t.http.as(token).patch(`${base}/structure/sort`, { item, position });
      const res = await sort({ type: 'site-space', id: c }, { before: { type: 'site-space', id: a } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ object: 'site-space', id: c });
      expect((await siteSpaces()).map((s) => s.id)).toEqual([c, a, b]);
      expect((await sort({ type: 'site-space', id: c }, {})).status).toBe(200);
      expect((await siteSpaces()).map((s) => s.id)).toEqual([a, b, c]);
      const moved = await t.http.as(token).post(`${base}/site-spaces/${a}/move`, { position: { after: { type: 'site-space', siteSpace: b } } });
      expect(moved.status).toBe(200);
      expect((await siteSpaces()).map((s) => s.id)).toEqual([b, a, c]);
      expect((await t.http.as(token).post(`${base}/site-spaces/${b}/move`, {})).status).toBe(200);
      expect((await siteSpaces()).map((s) => s.id)).toEqual([a, c, b]);
      const structure = await t.http.as(token).get(`${base}/structure`);
      expect(structure.body.type).toBe('siteSpaces');
      expect(structure.body.structure.map((s: any) => s.id)).toEqual([a, c, b]);
    });

    it('sorts sections and groups in one root order; sections join the group of their anchor', async () => {
      const { token, base, spaces } = await setup(1);
      const s1 = await createSection(t, token, base, spaces[0].id, { title: 'One' });
      const s2 = await createSection(t, token, base, spaces[0].id, { title: 'Two' });
      const s3 = await createSection(t, token, base, spaces[0].id, { title: 'Three' });
      const g = (await t.http.as(token).post(`${base}/section-groups`, { title: 'Group', sections: [s3.id] })).body.id;
      const root = async () =>
        (await t.http.as(token).get(`${base}/structure`)).body.structure.map((i: any) =>
          i.object === 'site-section-group' ? [i.id, i.children.map((c: any) => c.id)] : i.id,
        );
      expect(await root()).toEqual([s1.id, s2.id, [g, [s3.id]]]);
      const sort = (item: object, position: object) => t.http.as(token).patch(`${base}/structure/sort`, { item, position });
      const groupFirst = await sort({ type: 'site-section-group', id: g }, { before: { type: 'site-section', id: s1.id } });
      expect(groupFirst.status).toBe(200);
      expect(groupFirst.body).toMatchObject({ object: 'site-section-group', id: g });
      expect(await root()).toEqual([[g, [s3.id]], s1.id, s2.id]);
      // A section placed next to a grouped section joins that group.
      expect((await sort({ type: 'site-section', id: s2.id }, { after: { type: 'site-section', id: s3.id } })).body.sectionGroup).toBe(g);
      expect(await root()).toEqual([[g, [s3.id, s2.id]], s1.id]);
      // Next to a group: at the root.
      await sort({ type: 'site-section', id: s3.id }, { after: { type: 'site-section-group', id: g } });
      expect(await root()).toEqual([[g, [s2.id]], s3.id, s1.id]);
      // The deprecated moves go through the same order.
      expect((await t.http.as(token).post(`${base}/sections/${s1.id}/move`, { position: { before: { type: 'site-section', siteSection: s3.id } } })).status).toBe(200);
      expect(await root()).toEqual([[g, [s2.id]], s1.id, s3.id]);
      expect((await t.http.as(token).post(`${base}/section-groups/${g}/move`, { position: { after: { type: 'site-section', id: s3.id } } })).status).toBe(200);
      expect(await root()).toEqual([s1.id, s3.id, [g, [s2.id]]]);
      expect((await t.http.as(token).post(`${base}/sections/${s2.id}/move`, {})).body.sectionGroup).toBeUndefined();
      expect(await root()).toEqual([s1.id, s3.id, [g, []], s2.id]);
      // The sections list follows the same order.
      expect((await t.http.as(token).get(`${base}/sections`)).body.items.map((s: any) => s.id)).toEqual([s1.id, s3.id, s2.id]);
    });

    it.each([
      [{ item: { type: 'site-space', id: 'x' } }, 'position is required'],
      [{ position: {} }, 'item is required'],
      [{ item: { type: 'page', id: 'x' }, position: {} }, 'item.type must be one of the following values'],
      [{ item: { type: 'site-section', id: '' }, position: {} }, 'item.id should not be empty'],
      [{ item: { type: 'site-section', id: 'x' }, position: { before: { type: 'site-section' } } }, 'position.before.id is required'],
    ])('refuses %j with 400', async (body, message) => {
      const { token, base } = await setup(1);
      const res = await t.http.as(token).patch(`${base}/structure/sort`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
    });

    it('refuses impossible moves (400), unknown items (404), non-admins (403)', async () => {
      const { token, base, spaces, siteSpaces, members } = await setup(2);
      const [a, b] = (await siteSpaces()).map((s) => s.id);
      const sort = (item: object, position: object, as = token) => t.http.as(as).patch(`${base}/structure/sort`, { item, position });
      expect((await sort({ type: 'site-space', id: a }, { before: { type: 'site-space', id: a } })).status).toBe(400);
      expect((await sort({ type: 'site-space', id: a }, { before: { type: 'site-space', id: b }, after: { type: 'site-space', id: b } })).status).toBe(400);
      expect((await sort({ type: 'site-space', id: a }, { before: { type: 'site-space', id: 'nope' } })).status).toBe(400);
      expect((await sort({ type: 'site-space', id: 'nope' }, {})).status).toBe(404);
      expect((await sort({ type: 'site-section', id: 'nope' }, {})).status).toBe(404);
      expect((await sort({ type: 'site-section-group', id: 'nope' }, {})).status).toBe(404);
      expect((await sort({ type: 'site-space', id: a }, {}, members.editor.token)).status).toBe(403);
      const section = await createSection(t, token, base, spaces[0].id);
      const other = await createSection(t, token, base, spaces[1].id);
      // A site space moves only within its section.
      const inSection = section.siteSpaces[0].id;
      expect((await sort({ type: 'site-space', id: inSection }, { before: { type: 'site-space', id: other.siteSpaces[0].id } })).status).toBe(400);
      expect((await sort({ type: 'site-section', id: section.id }, { before: { type: 'site-space', id: inSection } })).status).toBe(400);
      const g = (await t.http.as(token).post(`${base}/section-groups`, { title: 'G', sections: [other.id] })).body.id;
      expect((await sort({ type: 'site-section-group', id: g }, { before: { type: 'site-section', id: other.id } })).status).toBe(400);
      expect((await t.http.as(token).post(`${base}/site-spaces/nope/move`, {})).status).toBe(404);
    });
  });

  it('another site of the same organization and another organization see none of it', async () => {
    const { token, base, siteSpaces, organization } = await setup(1);
    const other = await createSite(t, token, organization.id);
    const [a] = (await siteSpaces()).map((s) => s.id);
    const otherBase = `/v1/orgs/${organization.id}/sites/${other.id}`;
    expect((await t.http.as(token).patch(`${otherBase}/site-spaces/${a}`, { path: 'x' })).status).toBe(404);
    expect((await t.http.as(token).delete(`${otherBase}/site-spaces/${a}`)).status).toBe(404);
    expect((await t.http.as(token).patch(`${otherBase}/structure/sort`, { item: { type: 'site-space', id: a }, position: {} })).status).toBe(404);
    const stranger = await createOrganization(t);
    expect((await t.http.as(stranger.members.admin.token).get(`${base}/site-spaces`)).status).toBe(404);
    expect((await t.http.as(stranger.members.admin.token).get(`${base}/structure`)).status).toBe(404);
  });
});
