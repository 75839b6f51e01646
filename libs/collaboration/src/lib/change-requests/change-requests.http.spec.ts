import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { CollaborationModule } from '../collaboration.module';

describe('change requests: lifecycle', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  async function setup() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reviewer: 'review', reader: 'read', guest: null });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: 'admin' | 'editor' | 'reviewer' | 'reader' | 'guest') => t.http.as(members[name].token);
    const base = `/v1/spaces/${space.id}/change-requests`;
    const counts = async () => {
      const res = await as('reader').get(`/v1/spaces/${space.id}`);
      return { total: res.body.changeRequests, open: res.body.changeRequestsOpen, draft: res.body.changeRequestsDraft };
    };
    return { organization, members, space, as, base, counts };
  }

  it('creates a draft from the current content, numbered per space, with the required fields', async () => {
    const { as, base, space, members, counts } = await setup();
    const first = await as('editor').post(base, { subject: 'Fix typos' });
    expect(first.status).toBe(201);
    expect(first.headers.location).toBe(first.body.urls.location);
    expect(first.body).toMatchObject({
      object: 'change-request',
      number: 1,
      status: 'draft',
      subject: 'Fix typos',
      space: space.id,
      revision: space.revision,
      revisionInitial: space.revision,
      comments: 0,
      outdated: false,
      createdBy: { id: members.editor.user.id },
      conflicts: [],
      permissions: { view: true, edit: true, merge: false, review: false, archive: true, comment: true },
    });
    expect(first.body.revisionMerged).toBeUndefined();
    const second = await as('editor').post(base, {});
    expect(second.body).toMatchObject({ number: 2, subject: '' });
    expect(await counts()).toEqual({ total: 2, open: 0, draft: 2 });

    const byNumber = await as('reader').get(`${base}/2`);
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.id).toBe(second.body.id);
    const byId = await as('reader').get(`${base}/${first.body.id}`);
    expect(byId.body).toMatchObject({ number: 1, permissions: { edit: false, view: true } });
  });

  it('a transferred space takes its change requests and their reviews along; deleting the old organization leaves them', async () => {
    const { as, base, space, members, organization } = await setup();
    const target = await createOrganization(t, {});
    await t.dataSource.query(`INSERT INTO organization_members (organization_id, user_id, role, disabled, sso, joined_at) VALUES ($1, $2, 'admin', false, false, now())`, [
      target.organization.id,
      members.admin.user.id,
    ]);
    const opened = (await as('editor').post(base, { subject: 'Travels' })).body;
    expect((await as('editor').patch(`${base}/${opened.id}`, { status: 'open' })).status).toBe(200);
    expect((await as('admin').post(`${base}/${opened.id}/reviews`, { status: 'approved' })).status).toBe(201);
    expect((await as('admin').post(`/v1/spaces/${space.id}/transfer`, { organization: target.organization.id })).status).toBe(200);
    const owners = await t.dataSource.query(
      `SELECT DISTINCT organization_id FROM change_requests WHERE space_id = $1
       UNION SELECT DISTINCT r.organization_id FROM change_request_reviews r JOIN change_requests cr ON cr.id = r.change_request_id WHERE cr.space_id = $1`,
      [space.id],
    );
    expect(owners).toEqual([{ organization_id: target.organization.id }]);
    await t.dataSource.query(`DELETE FROM organizations WHERE id = $1`, [organization.id]);
    const read = await as('admin').get(`${base}/${opened.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: opened.id, status: 'open', subject: 'Travels' });
    expect((await as('admin').get(`${base}/${opened.id}/reviews`)).body.items).toHaveLength(1);
  });

  it('numbers are distinct under concurrent creation, and counts stay exact', async () => {
    const { as, base, counts } = await setup();
    const results = await Promise.all(Array.from({ length: 20 }, () => as('editor').post(base, { subject: 'x' })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(results.map((r) => r.body.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await counts()).toEqual({ total: 20, open: 0, draft: 20 });
    // Concurrent status moves: every counter still exact.
    await Promise.all(results.slice(0, 10).map((r) => as('editor').patch(`${base}/${r.body.id}`, { status: 'open' })));
    await Promise.all(results.slice(0, 5).map((r) => as('editor').patch(`${base}/${r.body.id}`, { status: 'archived' })));
    expect(await counts()).toEqual({ total: 20, open: 5, draft: 10 });
  });

  it('moves between statuses as documented, counts exact after each step', async () => {
    const { as, base, counts } = await setup();
    const cr = (await as('editor').post(base, { subject: 'A' })).body;
    const path = `${base}/${cr.id}`;
    const move = async (status: string) => as('editor').patch(path, { status });

    expect((await move('open')).body.status).toBe('open');
    expect(await counts()).toEqual({ total: 1, open: 1, draft: 0 });
    expect((await move('draft')).body.status).toBe('draft');
    expect(await counts()).toEqual({ total: 1, open: 0, draft: 1 });
    expect((await move('archived')).body.status).toBe('archived');
    expect(await counts()).toEqual({ total: 1, open: 0, draft: 0 });
    const back = await move('draft');
    expect(back.status).toBe(409);
    expect(back.body.error.message).toMatch(/archived to draft/);
    expect((await move('open')).body.status).toBe('open');
    expect(await counts()).toEqual({ total: 1, open: 1, draft: 0 });
    expect((await move('archived')).status).toBe(200);
    expect(await counts()).toEqual({ total: 1, open: 0, draft: 0 });
    // The same status again changes nothing.
    const same = await move('archived');
    expect(same.status).toBe(200);
    expect(same.body.updatedAt).toBe((await as('reader').get(path)).body.updatedAt);

    const merged = await as('editor').patch(path, { status: 'merged' });
    expect(merged.status).toBe(400);
    expect(merged.body.error.message).toMatch(/status/);
  });

  it('updates the subject; validates the body', async () => {
    const { as, base } = await setup();
    const cr = (await as('editor').post(base, { subject: 'A' })).body;
    const renamed = await as('editor').patch(`${base}/${cr.number}`, { subject: 'B' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.subject).toBe('B');
    expect((await as('editor').patch(`${base}/${cr.id}`, { subject: 'x'.repeat(101) })).status).toBe(400);
    expect((await as('editor').patch(`${base}/${cr.id}`, { title: 'x' })).status).toBe(400);
    expect((await as('editor').post(base, { subject: 'x'.repeat(101) })).status).toBe(400);
    expect((await as('editor').post(base, { status: 'open' })).status).toBe(400);
  });

  it('lists by status (default open), newest first, by contributor and creator, paged', async () => {
    const { as, base, members } = await setup();
    const made = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      made.push((await as(i === 0 ? 'admin' : 'editor').post(base, { subject: `cr ${i}` })).body);
    }
    for (const cr of made) await as('editor').patch(`${base}/${cr.id}`, { status: 'open' });
    const open = await as('reader').get(base);
    expect(open.status).toBe(200);
    expect(open.body.items.map((cr: { id: string }) => cr.id)).toEqual(made.map((cr) => cr.id).reverse());
    expect(open.body.count).toBe(3);
    expect((await as('reader').get(base, { query: { status: 'draft' } })).body.count).toBe(0);

    const paged = await as('reader').get(base, { query: { limit: 2 } });
    expect(paged.body.items).toHaveLength(2);
    const next = await as('reader').get(base, { query: { limit: 2, page: paged.body.next.page } });
    expect(next.body.items.map((cr: { id: string }) => cr.id)).toEqual([made[0].id]);
    expect(next.body.next).toBeUndefined();
    expect((await as('reader').get(base, { query: { page: 'forged' } })).status).toBe(400);
    expect((await as('reader').get(base, { query: { status: 'nope' } })).status).toBe(400);

    const byCreator = await as('reader').get(base, { query: { creator: members.admin.user.id } });
    expect(byCreator.body.items.map((cr: { id: string }) => cr.id)).toEqual([made[0].id]);
    // The editor writes in the admin's change request: a contributor from then on.
    const page = await as('editor').post(`${base}/${made[0].id}/content/pages`, { title: 'New' });
    expect(page.status).toBe(201);
    const byContributor = await as('reader').get(base, { query: { contributor: members.editor.user.id } });
    expect(byContributor.body.count).toBe(3);
    expect((await as('reader').get(base, { query: { contributor: members.reviewer.user.id } })).body.count).toBe(0);
  });

  it('answers 401, 403 and 404 as the permission table says', async () => {
    const { as, base, space } = await setup();
    const cr = (await as('editor').post(base, {})).body;
    expect((await t.http.as(undefined).get(base)).status).toBe(401);
    expect((await as('reader').post(base, {})).status).toBe(403);
    expect((await as('reader').patch(`${base}/${cr.id}`, { subject: 'x' })).status).toBe(403);
    expect((await as('guest').get(base)).status).toBe(404);
    expect((await as('guest').get(`${base}/${cr.id}`)).status).toBe(404);
    expect((await as('reader').get(`${base}/nope`)).status).toBe(404);
    expect((await as('reader').get(`${base}/99`)).status).toBe(404);

    const other = await createOrganization(t, {});
    const stranger = t.http.as(other.members.admin.token);
    expect((await stranger.get(`${base}/${cr.id}`)).status).toBe(404);
    expect((await stranger.post(base, {})).status).toBe(404);
    const otherSpace = await createSpace(t, other.members.admin.token, other.organization.id);
    // A change request id of another space is not found through this one.
    expect((await stranger.get(`/v1/spaces/${otherSpace.id}/change-requests/${cr.id}`)).status).toBe(404);
    expect(space.id).toBeDefined();
  });

  it("lists a change request's page tree without bodies unless `format` asks; one page with its body, its children without", async () => {
    const { as, base } = await setup();
    const cr = (await as('editor').post(base, { subject: 'Pages' })).body;
    const content = `${base}/${cr.number}/content`;
    const guide = (await as('editor').post(`${content}/pages`, { title: 'Guide', markdown: 'Top.' })).body;
    await as('editor').post(`${content}/pages`, { title: 'Install', parent: guide.id, markdown: 'Child.' });
    const pagesOf = (body: { pages: Record<string, any>[] }) => [...body.pages, ...body.pages.flatMap((page) => page.pages)];
    for (const path of [`${content}/pages`, content]) {
      const tree = pagesOf((await as('reader').get(path)).body);
      expect(tree.map((page) => [page.title, 'document' in page, typeof page.documentId])).toEqual([
        ['Guide', false, 'string'],
        ['Install', false, 'string'],
      ]);
      const bodies = pagesOf((await as('reader').get(path, { query: { format: 'markdown' } })).body);
      expect(bodies.map((page) => page.markdown)).toEqual(['Top.\n', 'Child.\n']);
    }
    const page = (await as('reader').get(`${content}/page/${guide.id}`)).body;
    expect(page.document).toMatchObject({ object: 'document' });
    expect(page.pages.map((child: Record<string, unknown>) => ['document' in child, 'markdown' in child])).toEqual([[false, false]]);
    const byPath = (await as('reader').get(`${content}/path/guide`, { query: { format: 'markdown' } })).body;
    expect([byPath.markdown, 'markdown' in byPath.pages[0]]).toEqual(['Top.\n', false]);
  });
});
