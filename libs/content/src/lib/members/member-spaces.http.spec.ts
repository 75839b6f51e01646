import { IdentityModule } from '@docs/identity';
import { createOrganization, createUser } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createCollection, createSpace, setDefaultLevel } from '../../testing';
import { ContentModule } from '../content.module';

describe('GET /v1/orgs/{organizationId}/members/{userId}/spaces', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  const path = (organizationId: string, userId: string) => `/v1/orgs/${organizationId}/members/${userId}/spaces`;

  it("lists the spaces a member can open with the member's level, newest first, the space seen by the caller", async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read', editor: 'edit' });
    const token = members.admin.token;
    const old = await createSpace(t, token, organization.id, { title: 'Old' });
    t.clock.advance(1000);
    const capped = await createSpace(t, token, organization.id, { title: 'Capped' });
    await setDefaultLevel(t, token, { object: 'space', id: capped.id }, 'comment');
    t.clock.advance(1000);
    const shut = await createSpace(t, token, organization.id, { title: 'Shut' });
    await setDefaultLevel(t, token, { object: 'space', id: shut.id }, null);
    t.clock.advance(1000);
    const deleted = await createSpace(t, token, organization.id);
    await t.http.as(token).delete(`/v1/spaces/${deleted.id}`);

    const res = await t.http.as(token).get(path(organization.id, members.editor.user.id));
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.items.map((i: { permission: string; space: { id: string } }) => [i.space.id, i.permission])).toEqual([
      [capped.id, 'comment'],
      [old.id, 'edit'],
    ]);
    // The space's permissions are the caller's (an admin), not the member's.
    expect(res.body.items[1].space.permissions.admin).toBe(true);

    const asc = await t.http.as(token).all(path(organization.id, members.editor.user.id), { order: 'asc', limit: 1 });
    expect(asc.map((i: { space: { id: string } }) => i.space.id)).toEqual([old.id, capped.id]);

    const self = await t.http.as(members.reader.token).get(path(organization.id, members.reader.user.id));
    expect(self.status).toBe(200);
    expect(self.body.items.map((i: { permission: string }) => i.permission)).toEqual(['read', 'read']);
    expect(self.body.items[0].space.permissions).toMatchObject({ view: true, edit: false, admin: false });

    const adminItems = await t.http.as(token).all(path(organization.id, members.admin.user.id));
    expect(adminItems.map((i: { permission: string }) => i.permission)).toEqual(['admin', 'admin', 'admin']);
  });

  it('lists nothing for a guest, and follows collection caps', async () => {
    const { organization, members } = await createOrganization(t, { guest: null, reviewer: 'review' });
    const token = members.admin.token;
    const collection = await createCollection(t, token, organization.id);
    await setDefaultLevel(t, token, { object: 'collection', id: collection.id }, 'edit');
    const inside = await createSpace(t, token, organization.id, { parent: collection.id });
    const guest = await t.http.as(members.guest.token).get(path(organization.id, members.guest.user.id));
    expect(guest.body).toEqual({ items: [], count: 0 });
    const reviewer = await t.http.as(token).get(path(organization.id, members.reviewer.user.id));
    expect(reviewer.body.items).toEqual([expect.objectContaining({ permission: 'edit', space: expect.objectContaining({ id: inside.id }) })]);
  });

  it('is for admins and the member themselves: 403 for other members, 404 for outsiders and non-members', async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read', creator: 'create' });
    const outsider = await createUser(t);
    const res = await t.http.as(members.creator.token).get(path(organization.id, members.reader.user.id));
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe("Only organization admins can list another member's spaces.");
    expect((await t.http.as(outsider.token).get(path(organization.id, members.reader.user.id))).status).toBe(404);
    expect((await t.http.as(outsider.token).get(path(organization.id, outsider.user.id))).status).toBe(404);
    const notMember = await t.http.as(members.admin.token).get(path(organization.id, outsider.user.id));
    expect(notMember.status).toBe(404);
    expect(notMember.body.error.message).toBe(`Organization ${organization.id} has no member with the id ${outsider.user.id}.`);
    expect((await t.http.as(undefined).get(path(organization.id, members.reader.user.id))).status).toBe(401);
  });

  it('pages with cursors and refuses bad queries', async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read' });
    const token = members.admin.token;
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1);
      await createSpace(t, token, organization.id);
    }
    const url = path(organization.id, members.reader.user.id);
    const first = await t.http.as(token).get(url, { query: { limit: 2 } });
    expect(first.body).toMatchObject({ count: 3, next: { page: expect.any(String) } });
    const second = await t.http.as(token).get(url, { query: { limit: 2, page: first.body.next.page } });
    expect(second.body.items).toHaveLength(1);
    expect(second.body.next).toBeUndefined();
    // A cursor is bound to its order and its member.
    expect((await t.http.as(token).get(url, { query: { limit: 2, page: first.body.next.page, order: 'asc' } })).status).toBe(400);
    expect((await t.http.as(token).get(path(organization.id, members.admin.user.id), { query: { page: first.body.next.page } })).status).toBe(400);
    const order = await t.http.as(token).get(url, { query: { order: 'newest' } });
    expect(order.status).toBe(400);
    expect(order.body.error.message).toContain('order must be one of the following values: asc, desc');
    expect((await t.http.as(token).get(url, { query: { limit: 1001 } })).status).toBe(400);
  });
});
