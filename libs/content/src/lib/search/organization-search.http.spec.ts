import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createCollection, createSpace, setDefaultLevel } from '../../testing';
import { ContentModule } from '../content.module';
import { MAX_PAGES_PER_SPACE } from './organization-search.service';

describe('organization search (GET /v1/orgs/{organizationId}/search)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  async function setup() {
    const org = await createOrganization(t, { editor: 'edit', reader: 'read', guest: null });
    const admin = org.members.admin.token;
    const space = async (title: string, body: Record<string, unknown> = {}) => createSpace(t, admin, org.organization.id, { title, ...body });
    const page = async (spaceId: string, body: Record<string, unknown>) => {
      const res = await t.http.as(admin).post(`/v1/spaces/${spaceId}/content/pages`, body);
      if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
      return res.body;
    };
    const search = async (who: 'admin' | 'editor' | 'reader' | 'guest', query: string, extra: Record<string, string | number> = {}) => {
      const res = await t.http.as(org.members[who].token).get(`/v1/orgs/${org.organization.id}/search`, { query: { query, ...extra } });
      if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
      return res.body;
    };
    return { org, admin, space, page, search };
  }

  it('answers one result per space, best space first, with its pages ranked as the space search ranks them', async () => {
    const { org, space, page, search } = await setup();
    const guides = await space('Guides', { language: 'en' });
    const notes = await space('Notes');
    const bodyOnly = await page(guides.id, { title: 'Body', markdown: 'We mention kubernetes here.' });
    const titled = await page(guides.id, { title: 'Kubernetes', markdown: 'Intro.' });
    const heading = await page(notes.id, { title: 'Deploying', markdown: '# Kubernetes clusters\n\nSteps.' });
    await page(notes.id, { title: 'Unrelated', markdown: 'Nothing here.' });

    const found = await search('reader', 'kubernetes');
    expect(found.count).toBe(2);
    expect(found.items.map((item: any) => [item.id, item.title, item.pages.map((p: any) => p.id)])).toEqual([
      [guides.id, 'Guides', [titled.id, bodyOnly.id]],
      [notes.id, 'Notes', [heading.id]],
    ]);
    // Each page result is the space search's, to the byte.
    const inSpace = await t.http.as(org.members.reader.token).get(`/v1/spaces/${notes.id}/search`, { query: { query: 'kubernetes' } });
    expect(found.items[1].pages).toEqual(inSpace.body.items);
    expect(found.items[1].pages[0]).toEqual({
      id: heading.id,
      title: 'Deploying',
      path: 'deploying',
      urls: { app: expect.stringContaining(`/s/${notes.id}/deploying`) },
      sections: [
        {
          id: 'kubernetes-clusters',
          title: 'Kubernetes clusters',
          path: 'deploying#kubernetes-clusters',
          body: 'Steps.',
          urls: { app: expect.stringMatching(/\/deploying#kubernetes-clusters$/) },
        },
      ],
    });
  });

  it('searches each space in its own language', async () => {
    const { space, page, search } = await setup();
    const english = await space('English', { language: 'en' });
    const plain = await space('Plain');
    await page(english.id, { title: 'Training', markdown: 'The runners were running.' });
    await page(plain.id, { title: 'Training too', markdown: 'The runners were running.' });
    expect((await search('reader', 'runs')).items.map((item: any) => item.id)).toEqual([english.id]);
    expect((await search('reader', 'running')).count).toBe(2);
  });

  it('leaves out spaces the caller cannot read, deleted spaces and noIndex pages; a guest finds nothing', async () => {
    const { admin, org, space, page, search } = await setup();
    const open = await space('Open');
    const closed = await space('Closed');
    await setDefaultLevel(t, admin, { object: 'space', id: closed.id }, null);
    const hiddenCollection = await createCollection(t, admin, org.organization.id, { title: 'Hidden' });
    await setDefaultLevel(t, admin, { object: 'collection', id: hiddenCollection.id }, null);
    const inHidden = await space('Inside', { parent: hiddenCollection.id });
    const gone = await space('Gone');
    for (const target of [open, closed, inHidden, gone]) await page(target.id, { title: 'Walrus', markdown: 'Tusks.' });
    await page(open.id, { title: 'Secret walrus', noIndex: true });
    expect((await t.http.as(admin).delete(`/v1/spaces/${gone.id}`)).status).toBe(205);

    const asAdmin = await search('admin', 'walrus');
    expect(asAdmin.items.map((item: any) => item.id).sort()).toEqual([open.id, closed.id, inHidden.id].sort());
    const asReader = await search('reader', 'walrus');
    expect(asReader).toMatchObject({ count: 1, items: [{ id: open.id, pages: [{ title: 'Walrus' }] }] });
    expect(await search('guest', 'walrus')).toEqual({ items: [], count: 0 });
  });

  it('pages through spaces with a keyset cursor, each space with at most its best pages', async () => {
    const { space, page, search } = await setup();
    const spaces = [];
    for (let i = 0; i < 5; i++) spaces.push(await space(`Space ${i}`));
    for (const [i, target] of spaces.entries()) await page(target.id, { title: i < 2 ? `Otter ${i}` : `Page ${i}`, markdown: 'An otter swims by.' });
    const first = await search('reader', 'otter', { limit: 2 });
    expect(first.count).toBe(5);
    expect(first.items.map((item: any) => item.id).sort()).toEqual([spaces[0].id, spaces[1].id].sort());
    const seen = [...first.items];
    let next = first.next?.page;
    while (next) {
      const more = await search('reader', 'otter', { limit: 2, page: next });
      seen.push(...more.items);
      next = more.next?.page;
    }
    expect(new Set(seen.map((item: any) => item.id)).size).toBe(5);
    expect(await search('reader', 'otter', { limit: 0 })).toEqual({ items: [], count: 5 });

    const big = await space('Big');
    for (let i = 0; i < MAX_PAGES_PER_SPACE + 2; i++) await page(big.id, { title: `Heron ${i}` });
    const herons = await search('reader', 'heron');
    expect(herons.items[0].pages).toHaveLength(MAX_PAGES_PER_SPACE);
  });

  it('refuses bad queries and cursors; a query without words finds nothing', async () => {
    const { org, search } = await setup();
    const as = t.http.as(org.members.reader.token);
    const path = `/v1/orgs/${org.organization.id}/search`;
    const long = await as.get(path, { query: { query: 'x'.repeat(513) } });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toMatch(/query/);
    expect((await as.get(path)).status).toBe(400);
    expect((await as.get(path, { query: { query: 'a', page: 'nope' } })).status).toBe(400);
    expect((await as.get(path, { query: { query: 'a', limit: 1001 } })).status).toBe(400);
    expect(await search('reader', '&|!:*()')).toEqual({ items: [], count: 0 });
  });

  it("another organization's token learns nothing: 404, and no hit of this organization in its own search", async () => {
    const { org, space, page } = await setup();
    const target = await space('Private matters');
    await page(target.id, { title: 'Zeppelin plans' });
    const other = await setup();
    const path = `/v1/orgs/${org.organization.id}/search`;
    expect((await t.http.as(other.admin).get(path, { query: { query: 'zeppelin' } })).status).toBe(404);
    expect((await t.http.as(undefined).get(path, { query: { query: 'zeppelin' } })).status).toBe(401);
    expect(await other.search('admin', 'zeppelin')).toEqual({ items: [], count: 0 });
  });
});
