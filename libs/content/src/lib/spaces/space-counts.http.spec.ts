import { IdentityModule } from '@docs/identity';
import { addMember, createOrganization } from '@docs/identity/testing';
import { DAY_MS } from '@docs/platform';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createCollection, createSpace, listIds, setDefaultLevel } from '../../testing';
import { ContentModule } from '../content.module';

/**
 * Space lists answer `count` from `space_counts`, kept by a trigger on `spaces` in the writes'
 * transaction. Whatever writes a space (the api, plain SQL, a foreign key's ON DELETE), the
 * counters must equal a fresh count, and each list's count the number of items it pages through.
 */
describe('space counts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  type Group = { organization_id: string; parent_key: string; default_level: string; live: number };
  const kept = (organizationId: string): Promise<Group[]> =>
    t.dataSource.query(
      `SELECT organization_id, parent_key, default_level, live FROM space_counts WHERE organization_id = $1 ORDER BY 2, 3`,
      [organizationId],
    );
  const recounted = (organizationId: string): Promise<Group[]> =>
    t.dataSource.query(
      `SELECT organization_id, COALESCE(parent_id, '') AS parent_key, COALESCE(default_level, '') AS default_level, count(*)::int AS live
         FROM spaces WHERE organization_id = $1 AND deleted_at IS NULL GROUP BY 1, 2, 3 ORDER BY 2, 3`,
      [organizationId],
    );
  const expectCountersTrue = async (organizationId: string) => expect(await kept(organizationId)).toEqual(await recounted(organizationId));

  /** `count` of a list equals the number of items its pages hold, for every page size. */
  const expectListCount = async (token: string, path: string, expected: number) => {
    const res = await t.http.as(token).get(path, { query: { limit: 0 } });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(expected);
    expect(await listIds(t, token, path, { limit: 2 })).toHaveLength(expected);
  };

  it('follows creates, level changes, moves, deletes, restores, transfers and collection deletions', async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read' });
    const other = await createOrganization(t);
    const admin = members.admin.token;
    const reader = members.reader.token;
    const orgSpaces = `/v1/orgs/${organization.id}/spaces`;

    const open = await createCollection(t, admin, organization.id, { title: 'Open' });
    const closed = await createCollection(t, admin, organization.id, { title: 'Closed' });
    const nested = await createCollection(t, admin, organization.id, { title: 'Nested', parent: closed.id });
    await setDefaultLevel(t, admin, closed, null);
    const top = await createSpace(t, admin, organization.id);
    const inOpen = await createSpace(t, admin, organization.id, { parent: open.id });
    await createSpace(t, admin, organization.id, { parent: closed.id });
    await createSpace(t, admin, organization.id, { parent: nested.id });
    const shut = await createSpace(t, admin, organization.id);
    await setDefaultLevel(t, admin, shut, null);
    await expectCountersTrue(organization.id);
    await expectListCount(admin, orgSpaces, 5);
    await expectListCount(reader, orgSpaces, 2); // top and inOpen: the closed subtree and `shut` are hidden
    await expectListCount(admin, `/v1/collections/${closed.id}/spaces`, 1);
    await expectListCount(reader, `/v1/collections/${open.id}/spaces`, 1);
    await expectListCount(admin, `/v1/orgs/${organization.id}/members/${members.reader.user.id}/spaces`, 2);

    // Opening the closed collection shows its subtree to members.
    await setDefaultLevel(t, admin, closed, 'inherit');
    await expectListCount(reader, orgSpaces, 4);

    expect((await t.http.as(admin).post(`/v1/spaces/${inOpen.id}/move`, { parent: closed.id })).status).toBe(200);
    await expectCountersTrue(organization.id);
    await expectListCount(admin, `/v1/collections/${closed.id}/spaces`, 2);
    await expectListCount(admin, `/v1/collections/${open.id}/spaces`, 0);

    expect((await t.http.as(admin).delete(`/v1/spaces/${top.id}`)).status).toBe(205);
    await expectCountersTrue(organization.id);
    await expectListCount(admin, orgSpaces, 4);
    t.clock.advance(DAY_MS);
    expect((await t.http.as(admin).post(`/v1/spaces/${top.id}/restore`)).status).toBe(200);
    await expectCountersTrue(organization.id);
    await expectListCount(admin, orgSpaces, 5);

    expect((await t.http.as(admin).post(`/v1/spaces/${top.id}/duplicate`)).status).toBe(201);
    await expectListCount(admin, orgSpaces, 6);

    await addMember(t, other.organization.id, members.admin, 'admin'); // to transfer into it
    expect((await t.http.as(admin).post(`/v1/spaces/${top.id}/transfer`, { organization: other.organization.id })).status).toBe(200);
    await expectCountersTrue(organization.id);
    await expectCountersTrue(other.organization.id);
    await expectListCount(admin, orgSpaces, 5);
    await expectListCount(admin, `/v1/orgs/${other.organization.id}/spaces`, 1);

    // Deleting a collection deletes its spaces and those of its subtree (nested goes by ON DELETE CASCADE).
    expect((await t.http.as(admin).delete(`/v1/collections/${closed.id}`)).status).toBe(205);
    await expectCountersTrue(organization.id);
    await expectListCount(admin, orgSpaces, 2);
  });

  it('follows statements that write many rows at once, and leaves no empty groups', async () => {
    const { organization, members } = await createOrganization(t);
    const collection = await createCollection(t, members.admin.token, organization.id);
    await t.dataSource.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO spaces (id, organization_id, parent_id, default_level, title, position, revision_id, created_at, updated_at)
         SELECT $1 || '-s' || i, $1, CASE WHEN i % 2 = 0 THEN $2 END, CASE WHEN i % 3 = 0 THEN NULL ELSE 'inherit' END,
                'Space ' || i, 'e' || lpad(i::text, 5, '0'), $1 || '-r' || i, now(), now()
           FROM generate_series(0, 299) AS i`,
        [organization.id, collection.id],
      );
      await tx.query(
        `INSERT INTO revisions (id, space_id, created_at) SELECT $1 || '-r' || i, $1 || '-s' || i, now() FROM generate_series(0, 299) AS i`,
        [organization.id],
      );
    });
    await expectCountersTrue(organization.id);
    expect((await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/spaces`, { query: { limit: 0 } })).body.count).toBe(300);

    // Through ON DELETE SET NULL, the collection's spaces move to the top level.
    await t.dataSource.query(`DELETE FROM collections WHERE id = $1`, [collection.id]);
    await expectCountersTrue(organization.id);
    await t.dataSource.query(`UPDATE spaces SET deleted_at = now() WHERE organization_id = $1 AND default_level IS NULL`, [organization.id]);
    await expectCountersTrue(organization.id);
    expect((await kept(organization.id)).every((group) => group.live > 0)).toBe(true);

    // Through ON DELETE CASCADE, every space of a deleted organization goes, and its counters with them.
    await t.dataSource.query(`DELETE FROM organizations WHERE id = $1`, [organization.id]);
    expect(await kept(organization.id)).toEqual([]);
  });
});
