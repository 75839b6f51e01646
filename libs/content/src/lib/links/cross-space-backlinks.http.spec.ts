import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createCollection, createSpace, setDefaultLevel } from '../../testing';
import { ContentModule } from '../content.module';

describe('backlinks from other spaces', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  it("lists the pages of the organization's other spaces that link to a page, only those the caller can read, paged", async () => {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read' });
    const admin = t.http.as(members.admin.token);
    const reader = t.http.as(members.reader.token);
    const make = async (body: Record<string, unknown> = {}) => createSpace(t, members.admin.token, organization.id, body);
    const page = async (spaceId: string, title: string, markdown = '') => {
      const res = await admin.post(`/v1/spaces/${spaceId}/content/pages`, { title, markdown });
      if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
      return res.body;
    };

    const home = await make({ title: 'Home' });
    const target = await page(home.id, 'Target', '## Part');
    const local = await page(home.id, 'Local', '[same space](ref:page/' + target.id + ')');
    const open = await make({ title: 'Open' });
    const fromOpen = await page(open.id, 'From open', `See [target](ref:space/${home.id}/page/${target.id}) and [part](ref:space/${home.id}/page/${target.id}#part).`);
    const shut = await make({ title: 'Shut' });
    await setDefaultLevel(t, members.admin.token, { object: 'space', id: shut.id }, null);
    const fromShut = await page(shut.id, 'From shut', `[target](ref:space/${home.id}/page/${target.id})`);
    const hiddenCollection = await createCollection(t, members.admin.token, organization.id);
    await setDefaultLevel(t, members.admin.token, { object: 'collection', id: hiddenCollection.id }, null);
    const inHidden = await make({ title: 'In hidden', parent: hiddenCollection.id });
    const fromHidden = await page(inHidden.id, 'From hidden', `[target](ref:space/${home.id}/page/${target.id})`);
    const deleted = await make({ title: 'Deleted' });
    await page(deleted.id, 'From deleted', `[target](ref:space/${home.id}/page/${target.id})`);
    expect((await admin.delete(`/v1/spaces/${deleted.id}`)).status).toBe(205);
    // Rows of other heads that are not spaces (a change request's) are not sources: only space ids join `spaces`.
    await t.dataSource.query(
      `INSERT INTO page_links (head_key, page_id, seq, kind, relation, target_key, target_space, target_page)
       VALUES ('not-a-space-head', 'p1', 0, 'page', 'reference', $1, $2, $3)`,
      [`page:${home.id}:${target.id}`, home.id, target.id],
    );

    // Another organization's space linking here is never listed (nor revealed).
    const stranger = await createOrganization(t, {});
    const foreign = await createSpace(t, stranger.members.admin.token, stranger.organization.id);
    await t.http.as(stranger.members.admin.token).post(`/v1/spaces/${foreign.id}/content/pages`, { title: 'Foreign', markdown: `[x](ref:space/${home.id}/page/${target.id})` });

    const url = `/v1/spaces/${home.id}/content/page/${target.id}/backlinks`;
    const keys = (items: any[]) => items.map((item) => `${item.space.id}:${item.page.id}`).sort();

    const forAdmin = await admin.get(url);
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.body.count).toBe(4);
    expect(keys(forAdmin.body.items)).toEqual(
      [`${home.id}:${local.id}`, `${open.id}:${fromOpen.id}`, `${shut.id}:${fromShut.id}`, `${inHidden.id}:${fromHidden.id}`].sort(),
    );
    const openItem = forAdmin.body.items.find((item: any) => item.space.id === open.id);
    expect(openItem).toMatchObject({ kind: 'page', space: { id: open.id, title: 'Open' }, page: { id: fromOpen.id, title: 'From open' } });

    const forReader = await reader.get(url);
    expect(forReader.body.count).toBe(2);
    expect(keys(forReader.body.items)).toEqual([`${home.id}:${local.id}`, `${open.id}:${fromOpen.id}`].sort());

    // Paged by (page id, space id): one by one, nothing repeated or missed.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await admin.get(url, { query: { limit: 1, ...(cursor ? { page: cursor } : {}) } });
      expect(res.body.items).toHaveLength(1);
      seen.push(...keys(res.body.items));
      cursor = res.body.next?.page;
    } while (cursor);
    expect(seen.sort()).toEqual(keys(forAdmin.body.items));

    // A link in another space that turns to another page stops being a backlink.
    await admin.patch(`/v1/spaces/${open.id}/content/page/${fromOpen.id}`, { markdown: 'No link now.' });
    expect((await reader.get(url)).body.count).toBe(1);
  });
});
