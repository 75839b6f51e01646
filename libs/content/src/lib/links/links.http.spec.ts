import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp, TEST_PUBLIC_URL } from '@docs/platform/testing';
import { createSpace } from '../../testing';
import { ContentModule } from '../content.module';

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('links and backlinks', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  async function setup() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const otherSpace = await createSpace(t, members.admin.token, organization.id, { title: 'Other' });
    const as = (name: 'admin' | 'editor' | 'reader') => t.http.as(members[name].token);
    const base = `/v1/spaces/${space.id}`;
    const create = async (body: Record<string, unknown>) => {
      const res = await as('editor').post(`${base}/content/pages`, body);
      if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
      return res.body;
    };
    const file = (
      await as('editor').post(`${base}/content/files`, undefined, { query: { name: 'logo.png' }, raw: PNG, headers: { 'Content-Type': 'image/png' } })
    ).body;
    const setup = await create({ title: 'Setup', markdown: '## Install\n\nSteps.' });
    const guide = await create({ title: 'Guide' });
    const intro = await create({ title: 'Intro', parent: guide.id, markdown: 'Welcome.' });
    const source = await create({
      title: 'Links',
      markdown: [
        '## Here',
        '[ext](https://example.com/x)',
        `[app](${TEST_PUBLIC_URL}/s/${space.id}/setup)`,
        `[by id](ref:page/${setup.id})`,
        `[anchor ok](ref:page/${setup.id}#install)`,
        `[anchor broken](ref:page/${setup.id}#nope)`,
        '[rel ok](guide/intro.md)',
        '[rel broken](missing.md)',
        '[self anchor](#here)',
        `![img](ref:file/${file.id})`,
        '[missing file](ref:file/nope)',
        `[other space](ref:space/${otherSpace.id})`,
        '[gone space](ref:space/nope)',
        '[missing page](ref:page/nope)',
      ].join('\n\n'),
    });
    const links = async (query: Record<string, string | number> = {}, path = `${base}/links`) => {
      const res = await as('reader').get(path, { query });
      if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
      return res.body;
    };
    /** Each item as [status, what it points at]. */
    const summary = (body: any) =>
      body.items
        .map((item: any) => {
          const target = item.targetReference;
          const what =
            target?.kind === 'url'
              ? target.url
              : target?.kind === 'page'
                ? `page ${target.page.title}${target.internalLocation ? `#${target.internalLocation.anchor}` : ''}`
                : target?.kind === 'file'
                  ? `file ${target.file.name}`
                  : `space ${target?.space?.title}`;
          return `${item.status} ${what}`;
        })
        .sort();
    return { organization, members, space, otherSpace, as, base, create, file, setup, guide, intro, source, links, summary };
  }

  it('lists every link of the space by target, with each status and stats', async () => {
    const { links, summary, source, file, space } = await setup();
    const body = await links();
    expect(body.count).toBe(13);
    expect(body.stats).toEqual({ total: 13, broken: { total: 5 } });
    expect(summary(body)).toEqual(
      [
        'ok https://example.com/x',
        `in-app ${TEST_PUBLIC_URL}/s/${space.id}/setup`,
        'ok page Setup',
        'ok page Setup#install',
        'broken page Setup#nope',
        'ok page Intro',
        'broken missing.md',
        'ok page Links#here',
        'ok file logo.png',
        'broken ref:file/nope',
        'ok space Other',
        'broken ref:space/nope',
        'broken ref:page/nope',
      ].sort(),
    );
    expect(file.id).toBeTruthy();
    for (const item of body.items) {
      expect(item.relation).toBe('reference');
      expect(item.locationReferences).toEqual([
        expect.objectContaining({ kind: 'page', page: expect.objectContaining({ id: source.id, path: 'links' }), internalLocation: { type: 'anchor', anchor: 'here' } }),
      ]);
      // Pages in links are named, not read: no body rides along with each link.
      expect(['document' in item.locationReferences[0].page, 'markdown' in item.locationReferences[0].page]).toEqual([false, false]);
      if (item.targetReference?.page) expect('document' in item.targetReference.page).toBe(false);
    }
  });

  it('filters by status and pages with a cursor', async () => {
    const { links, base } = await setup();
    const broken = await links({ status: 'broken' });
    expect(broken.count).toBe(5);
    expect(broken.items.every((item: any) => item.status === 'broken')).toBe(true);
    expect(broken.stats).toEqual({ total: 13, broken: { total: 5 } });
    expect((await links({ status: 'in-app' })).count).toBe(1);

    const seen: any[] = [];
    let page: string | undefined;
    do {
      const body = await links({ limit: 4, ...(page ? { page } : {}) });
      seen.push(...body.items);
      page = body.next?.page;
    } while (page);
    expect(seen).toHaveLength(13);
    expect((await links({ limit: 0 })).items).toEqual([]);
    expect((await t.http.as(undefined).get(`${base}/links`)).status).toBe(401);
  });

  it('follows later writes: a removed target breaks its links, a new one mends them', async () => {
    const { as, base, create, setup: target, links } = await setup();
    await as('editor').delete(`${base}/content/page/${target.id}`);
    expect((await links()).stats).toEqual({ total: 13, broken: { total: 7 } });
    await create({ title: 'Missing' });
    expect((await links()).stats.broken.total).toBe(6);
  });

  it('keeps links written as relative paths to pages as references that follow the pages, and drops the links an edit removes', async () => {
    const { as, base, guide, intro, source, links } = await setup();
    // guide/intro.md named Intro when it was written: a reference to Intro, wherever it goes.
    await as('editor').post(`${base}/content/page/${intro.id}/move`, { parent: null });
    expect((await links()).stats.broken.total).toBe(5);

    await as('editor').patch(`${base}/content/page/${source.id}`, { markdown: '[only](intro.md)' });
    const edited = await links();
    expect(edited.stats).toEqual({ total: 1, broken: { total: 0 } });
    expect(edited.items[0].targetReference).toMatchObject({ kind: 'page', page: { id: intro.id } });

    // Moved under Guide, the link still names Intro, now written from guide/links.md.
    await as('editor').post(`${base}/content/page/${source.id}/move`, { parent: guide.id });
    const moved = await links();
    expect(moved.stats).toEqual({ total: 1, broken: { total: 0 } });
    expect(moved.items[0].targetReference).toMatchObject({ kind: 'page', page: { id: intro.id } });
    expect((await as('reader').get(`${base}/content/page/${source.id}`, { query: { format: 'markdown' } })).body.markdown).toBe('[only](../intro.md)\n');

    // A path that names nothing stays a URL, resolved from where the page is.
    await as('editor').patch(`${base}/content/page/${source.id}`, { markdown: '[later](later.md)' });
    expect((await links()).stats).toEqual({ total: 1, broken: { total: 1 } });
    await as('editor').post(`${base}/content/pages`, { title: 'Later', parent: guide.id });
    const mended = await links();
    expect(mended.stats).toEqual({ total: 1, broken: { total: 0 } });
    expect(mended.items[0].targetReference).toMatchObject({ kind: 'page', page: { title: 'Later' } });
  });

  it("lists one page's links and the backlinks of pages and files", async () => {
    const { base, links, setup: target, intro, source, file, as } = await setup();
    const own = await links({}, `${base}/content/page/${source.id}/links`);
    expect(own.count).toBe(13);
    const none = await links({}, `${base}/content/page/${target.id}/links`);
    expect(none).toEqual({ items: [], count: 0, stats: { total: 0, broken: { total: 0 } } });

    const toSetup = await links({}, `${base}/content/page/${target.id}/backlinks`);
    expect(toSetup.count).toBe(1);
    expect(toSetup.items).toEqual([expect.objectContaining({ kind: 'page', page: expect.objectContaining({ id: source.id }), space: expect.objectContaining({ id: expect.any(String) }) })]);
    // A relative path counts as a link to the page it resolves to.
    expect((await links({}, `${base}/content/page/${intro.id}/backlinks`)).items.map((i: any) => i.page.id)).toEqual([source.id]);
    // A page's links to its own anchors are not backlinks.
    expect((await links({}, `${base}/content/page/${source.id}/backlinks`)).count).toBe(0);
    expect((await links({}, `${base}/content/files/${file.id}/backlinks`)).items.map((i: any) => i.page.id)).toEqual([source.id]);

    expect((await as('reader').get(`${base}/content/page/nope/links`)).status).toBe(404);
    expect((await as('reader').get(`${base}/content/page/nope/backlinks`)).status).toBe(404);
    expect((await as('reader').get(`${base}/content/files/nope/backlinks`)).status).toBe(404);
    expect((await as('reader').get(`${base}/links`, { query: { status: 'weird' } })).status).toBe(400);
  });

  it("hides another organization's space behind 404", async () => {
    const { space, setup: target } = await setup();
    const other = await createOrganization(t, {});
    const as = t.http.as(other.members.admin.token);
    expect((await as.get(`/v1/spaces/${space.id}/links`)).status).toBe(404);
    expect((await as.get(`/v1/spaces/${space.id}/content/page/${target.id}/links`)).status).toBe(404);
    expect((await as.get(`/v1/spaces/${space.id}/content/page/${target.id}/backlinks`)).status).toBe(404);
  });
});
