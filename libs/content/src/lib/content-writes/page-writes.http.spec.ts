import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSpace } from '../../testing';
import { ContentModule } from '../content.module';

describe('page writes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  async function setup() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: 'admin' | 'editor' | 'reader') => t.http.as(members[name].token);
    return { organization, members, space, as, base: `/v1/spaces/${space.id}/content` };
  }

  it('creates pages, nested, each write a new revision named by the ETag', async () => {
    const { as, base, space } = await setup();
    const intro = await as('editor').post(`${base}/pages`, { title: 'Getting Started', markdown: '# Hello\n\nWorld.' });
    expect(intro.status).toBe(201);
    expect(intro.body).toMatchObject({ title: 'Getting Started', type: 'document', slug: 'getting-started', path: 'getting-started', pages: [] });
    expect(intro.body.document.nodes.map((n: { type: string }) => n.type)).toEqual(['heading-1', 'paragraph']);
    const etag = intro.headers.etag;
    expect(etag).toMatch(/^"[0-9A-Za-z]{20}"$/);
    expect(etag).not.toBe(`"${space.revision}"`);

    const child = await as('editor').post(`${base}/pages`, { title: 'Install', parent: intro.body.id }, { query: { format: 'markdown' } });
    expect(child.status).toBe(201);
    expect(child.body).toMatchObject({ path: 'getting-started/install', markdown: '' });
    expect(child.headers.etag).not.toBe(etag);

    const spaceNow = await as('reader').get(`/v1/spaces/${space.id}`);
    expect(`"${spaceNow.body.revision}"`).toBe(child.headers.etag);
  });

  it('updates, moves and deletes', async () => {
    const { as, base } = await setup();
    const a = (await as('editor').post(`${base}/pages`, { title: 'A' })).body;
    const b = (await as('editor').post(`${base}/pages`, { title: 'B' })).body;
    const c = (await as('editor').post(`${base}/pages`, { title: 'C', parent: a.id })).body;

    const patched = await as('editor').patch(`${base}/page/${a.id}`, { title: 'Alpha', slug: 'alpha', markdown: 'Text' }, { query: { format: 'markdown' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: 'Alpha', slug: 'alpha', path: 'alpha', markdown: 'Text\n' });
    expect(patched.body.pages[0]).toMatchObject({ id: c.id, path: 'alpha/c' });

    const moved = await as('editor').post(`${base}/page/${c.id}/move`, { parent: b.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: c.id, path: 'b/c' });

    const removed = await as('editor').delete(`${base}/page/${b.id}`);
    expect(removed.status).toBe(205);
    expect(removed.headers.etag).toBeDefined();
    const again = await as('editor').patch(`${base}/page/${c.id}`, { title: 'x' });
    expect(again.status).toBe(404);
  });
});
