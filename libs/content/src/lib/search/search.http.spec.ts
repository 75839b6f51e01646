import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSpace } from '../../testing';
import { ContentModule } from '../content.module';

describe('search (GET /v1/spaces/{spaceId}/search)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  async function setup(spaceBody: Record<string, unknown> = {}) {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id, spaceBody);
    const as = (name: 'admin' | 'editor' | 'reader') => t.http.as(members[name].token);
    const base = `/v1/spaces/${space.id}`;
    const create = async (body: Record<string, unknown>) => {
      const res = await as('editor').post(`${base}/content/pages`, body);
      if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
      return res.body;
    };
    const search = async (query: string, extra: Record<string, string | number> = {}) => {
      const res = await as('reader').get(`${base}/search`, { query: { query, ...extra } });
      if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
      return res.body;
    };
    const titles = async (query: string) => (await search(query)).items.map((item: any) => item.title);
    return { organization, members, space, as, base, create, search, titles };
  }

  it('ranks a match in the title over one in a heading over one in the body', async () => {
    const { create, search } = await setup({ language: 'en' });
    await create({ title: 'Body', markdown: 'Somewhere in here we talk about kubernetes clusters.' });
    await create({ title: 'Heading', markdown: '# Deploying on Kubernetes\n\nSteps follow.' });
    await create({ title: 'Kubernetes', markdown: 'An introduction.' });
    const found = await search('kubernetes');
    expect(found.count).toBe(3);
    expect(found.items.map((item: any) => item.title)).toEqual(['Kubernetes', 'Heading', 'Body']);
  });

  it('cuts long section bodies to an excerpt around the match', async () => {
    const { create, search } = await setup();
    const filler = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    await create({ title: 'Long', markdown: `${filler} platypus ${filler}` });
    const [section] = (await search('platypus')).items[0].sections;
    expect(section.body).toContain('platypus');
    expect(section.body.length).toBeLessThan(400);
  });

  it('answers pages with paths, app URLs and the matching sections with excerpts and anchors', async () => {
    const { create, search, space } = await setup();
    const guide = await create({ title: 'Guide' });
    const page = await create({
      title: 'Install',
      parent: guide.id,
      markdown: 'Read this first.\n\n## Requirements\n\nYou need a recent zebra runtime.\n\n## Other things\n\nNothing to see here.',
    });
    const found = await search('zebra');
    expect(found).toEqual({
      count: 1,
      items: [
        {
          id: page.id,
          title: 'Install',
          path: 'guide/install',
          urls: { app: expect.stringContaining(`/s/${space.id}/guide/install`) },
          sections: [
            {
              id: 'requirements',
              title: 'Requirements',
              path: 'guide/install#requirements',
              body: 'You need a recent zebra runtime.',
              urls: { app: expect.stringMatching(/\/guide\/install#requirements$/) },
            },
          ],
        },
      ],
    });
  });

  it('requires every word of a multi-word query, anywhere in the page', async () => {
    const { create, titles } = await setup();
    await create({ title: 'Alpha page', markdown: '# Notes\n\nThe beta part is down here.' });
    await create({ title: 'Alpha only', markdown: 'Nothing else.' });
    await create({ title: 'Beta only', markdown: 'Nothing else.' });
    expect(await titles('alpha beta')).toEqual(['Alpha page']);
    expect((await titles('alpha')).sort()).toEqual(['Alpha only', 'Alpha page']);
  });

  it('matches the last word as a prefix (search as you type)', async () => {
    const { create, titles } = await setup({ language: 'en' });
    await create({ title: 'Installation', markdown: 'How to set the tool up.' });
    await create({ title: 'Usage', markdown: 'Run the tool in a terminal.' });
    expect(await titles('i')).toEqual(['Installation']);
    expect(await titles('inst')).toEqual(['Installation']);
    expect(await titles('tool ter')).toEqual(['Usage']);
    // Only the last word is a prefix.
    expect(await titles('ter tool')).toEqual([]);
  });

  it("stems by the space's language where PostgreSQL has a configuration for it", async () => {
    const english = await setup({ language: 'en' });
    await english.create({ title: 'Training', markdown: 'The runners were running every morning.' });
    expect(await english.titles('runs')).toEqual(['Training']);

    const german = await setup({ language: 'de' });
    await german.create({ title: 'Wohnen', markdown: 'Die Häuser stehen am Fluss.' });
    expect(await german.titles('Haus')).toEqual(['Wohnen']);

    // No language (or one PostgreSQL has no configuration for): words as written, no stemming.
    const plain = await setup();
    await plain.create({ title: 'Training', markdown: 'The runners were running every morning.' });
    expect(await plain.titles('runs')).toEqual([]);
    expect(await plain.titles('running')).toEqual(['Training']);
    const japanese = await setup({ language: 'ja' });
    await japanese.create({ title: 'Training', markdown: 'The runners were running.' });
    expect(await japanese.titles('runner')).toEqual(['Training']);
  });

  it('leaves noIndex pages out, and follows edits, moves and deletions', async () => {
    const { as, base, create, search, titles } = await setup();
    const hidden = await create({ title: 'Secret walrus', noIndex: true });
    const page = await create({ title: 'Walrus facts', markdown: 'Tusks.' });
    expect(await titles('walrus')).toEqual(['Walrus facts']);

    await as('editor').patch(`${base}/content/page/${hidden.id}`, { noIndex: false });
    expect((await titles('walrus')).sort()).toEqual(['Secret walrus', 'Walrus facts']);

    await as('editor').patch(`${base}/content/page/${page.id}`, { title: 'Seal facts', markdown: 'Whiskers.' });
    expect(await titles('walrus')).toEqual(['Secret walrus']);
    expect(await titles('whiskers')).toEqual(['Seal facts']);

    const parent = await create({ title: 'Animals' });
    await as('editor').post(`${base}/content/page/${page.id}/move`, { parent: parent.id });
    expect((await search('whiskers')).items[0].path).toBe('animals/walrus-facts');

    await as('editor').delete(`${base}/content/page/${parent.id}`);
    expect(await titles('whiskers')).toEqual([]);
    expect(await titles('animals')).toEqual([]);
  });

  it('pages through results with a keyset cursor in rank order', async () => {
    const { create, search } = await setup();
    for (let i = 0; i < 5; i++) await create({ title: i < 2 ? `Otter ${i}` : `Page ${i}`, markdown: 'An otter swims by.' });
    const first = await search('otter', { limit: 2 });
    expect(first.count).toBe(5);
    // The two with the word in their title rank first.
    expect(first.items.map((i: any) => i.title).sort()).toEqual(['Otter 0', 'Otter 1']);
    const seen = [...first.items];
    let next = first.next?.page;
    while (next) {
      const more = await search('otter', { limit: 2, page: next });
      seen.push(...more.items);
      next = more.next?.page;
    }
    expect(seen.map((i: any) => i.id)).toHaveLength(5);
    expect(new Set(seen.map((i: any) => i.id)).size).toBe(5);
    expect((await search('otter', { limit: 0 })).items).toEqual([]);
  });

  it('refuses bad queries and cursors; a query without words finds nothing', async () => {
    const { as, base, search } = await setup();
    expect((await as('reader').get(`${base}/search`, { query: { query: 'x'.repeat(512) } })).status).toBe(200);
    const long = await as('reader').get(`${base}/search`, { query: { query: 'x'.repeat(513) } });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toMatch(/query/);
    expect((await as('reader').get(`${base}/search`)).status).toBe(400);
    expect((await as('reader').get(`${base}/search`, { query: { query: 'a', page: 'nope' } })).status).toBe(400);
    expect((await as('reader').get(`${base}/search`, { query: { query: 'a', limit: 1001 } })).status).toBe(400);
    expect(await search('&|!:*()')).toEqual({ items: [], count: 0 });
  });

  it('needs a token and read access; other organizations see 404', async () => {
    const { base, space } = await setup();
    expect((await t.http.as(undefined).get(`${base}/search`, { query: { query: 'a' } })).status).toBe(401);
    const other = await createOrganization(t, {});
    expect((await t.http.as(other.members.admin.token).get(`/v1/spaces/${space.id}/search`, { query: { query: 'a' } })).status).toBe(404);
    expect((await t.http.as(other.members.admin.token).get(`/v1/spaces/nope/search`, { query: { query: 'a' } })).status).toBe(404);
  });
});
