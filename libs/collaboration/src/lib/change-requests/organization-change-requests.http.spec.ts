import { ContentModule } from '@docs/content';
import { createCollection, createSpace, setDefaultLevel } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { CollaborationModule } from '../collaboration.module';

describe('change requests of an organization (GET /v1/orgs/{organizationId}/change-requests)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  async function setup() {
    const org = await createOrganization(t, { editor: 'edit', reviewer: 'review', reader: 'read', guest: null });
    const admin = org.members.admin.token;
    const as = (who: 'admin' | 'editor' | 'reviewer' | 'reader' | 'guest') => t.http.as(org.members[who].token);
    const path = `/v1/orgs/${org.organization.id}/change-requests`;
    /** A change request of `spaceId` by `who`, moved to `status`. */
    const changeRequest = async (spaceId: string, who: 'admin' | 'editor' = 'editor', status?: 'open' | 'archived') => {
      t.clock.advance(1000);
      const created = await as(who).post(`/v1/spaces/${spaceId}/change-requests`, { subject: `By ${who}` });
      if (created.status !== 201) throw new Error(`${created.status} ${created.text}`);
      if (status) await as(who).patch(`/v1/spaces/${spaceId}/change-requests/${created.body.id}`, { status });
      return created.body.id as string;
    };
    const ids = async (who: 'admin' | 'editor' | 'reviewer' | 'reader' | 'guest', query: Record<string, string | number> = {}) => {
      const res = await as(who).get(path, { query });
      if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
      return res.body.items.map((item: { id: string }) => item.id);
    };
    return { org, admin, as, path, changeRequest, ids };
  }

  it('lists open change requests of every space by default, newest first, each as the space lists it', async () => {
    const { org, admin, as, path, changeRequest, ids } = await setup();
    const first = await createSpace(t, admin, org.organization.id, { title: 'First' });
    const second = await createSpace(t, admin, org.organization.id, { title: 'Second' });
    const a = await changeRequest(first.id, 'editor', 'open');
    const draft = await changeRequest(second.id);
    const b = await changeRequest(second.id, 'admin', 'open');
    const archived = await changeRequest(first.id, 'editor', 'archived');

    expect(await ids('reader')).toEqual([b, a]);
    expect(await ids('reader', { status: 'draft' })).toEqual([draft]);
    expect(await ids('reader', { status: 'archived' })).toEqual([archived]);
    expect(await ids('reader', { status: 'open', creator: org.members.editor.user.id })).toEqual([a]);
    expect(await ids('reader', { status: 'open', contributor: org.members.admin.user.id })).toEqual([b]);

    const listed = (await as('reviewer').get(path)).body.items[0];
    const inSpace = (await as('reviewer').get(`/v1/spaces/${second.id}/change-requests/${b}`)).body;
    expect(listed).toEqual(inSpace);
    expect(listed.permissions).toMatchObject({ review: true, merge: true });
  });

  it('keyset-pages with a count; refuses bad filters and cursors', async () => {
    const { org, admin, as, path, changeRequest, ids } = await setup();
    const space = await createSpace(t, admin, org.organization.id);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await changeRequest(space.id, 'editor', 'open'));
    const first = await as('reader').get(path, { query: { limit: 2 } });
    expect(first.body.count).toBe(5);
    const seen = first.body.items.map((item: { id: string }) => item.id);
    let next = first.body.next?.page;
    while (next) {
      const more = await as('reader').get(path, { query: { limit: 2, page: next } });
      seen.push(...more.body.items.map((item: { id: string }) => item.id));
      next = more.body.next?.page;
    }
    expect(seen).toEqual([...made].reverse());
    expect((await as('reader').get(path, { query: { limit: 0 } })).body).toEqual({ items: [], count: 5 });
    for (const query of [{ status: 'closed' }, { limit: 1001 }, { page: 'nope' }, { creator: 'x'.repeat(101) }]) {
      const res = await as('reader').get(path, { query });
      expect(res.status).toBe(400);
    }
    // A cursor of one filter does not page another.
    expect((await as('reader').get(path, { query: { status: 'draft', page: first.body.next.page } })).status).toBe(400);
    expect(await ids('reader', { creator: 'nobody' })).toEqual([]);
  });

  it('leaves out spaces the caller cannot read and deleted spaces; a guest gets an empty list', async () => {
    const { org, admin, changeRequest, ids } = await setup();
    const open = await createSpace(t, admin, org.organization.id, { title: 'Open' });
    const closed = await createSpace(t, admin, org.organization.id, { title: 'Closed' });
    const hidden = await createCollection(t, admin, org.organization.id, { title: 'Hidden' });
    const inside = await createSpace(t, admin, org.organization.id, { title: 'Inside', parent: hidden.id });
    const gone = await createSpace(t, admin, org.organization.id, { title: 'Gone' });
    const visible = await changeRequest(open.id, 'admin', 'open');
    const inClosed = await changeRequest(closed.id, 'admin', 'open');
    const inInside = await changeRequest(inside.id, 'admin', 'open');
    await changeRequest(gone.id, 'admin', 'open');
    await setDefaultLevel(t, admin, { object: 'space', id: closed.id }, null);
    await setDefaultLevel(t, admin, { object: 'collection', id: hidden.id }, null);
    await t.http.as(admin).delete(`/v1/spaces/${gone.id}`);

    expect(await ids('reader')).toEqual([visible]);
    expect(await ids('admin')).toEqual([inInside, inClosed, visible]);
    expect(await ids('guest')).toEqual([]);
  });

  it("another organization's token learns nothing", async () => {
    const { org, admin, path, changeRequest } = await setup();
    const space = await createSpace(t, admin, org.organization.id);
    await changeRequest(space.id, 'editor', 'open');
    const other = await setup();
    expect((await t.http.as(other.admin).get(path)).status).toBe(404);
    expect((await t.http.as(undefined).get(path)).status).toBe(401);
    expect(await other.ids('admin')).toEqual([]);
    expect((await t.http.as(other.admin).get(`/v1/orgs/nope/change-requests`)).status).toBe(404);
  });
});
