import fc from 'fast-check';
import { IdentityModule, MemberRoleOrGuest } from '@docs/identity';
import { createOrganization, TestOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { ContentModule } from '../content.module';
import {
  canSee,
  capBelow,
  capsOfTree,
  CollectionNode,
  contentLevel,
  DefaultLevel,
  spacePermissions,
} from '../permissions/content-permissions';

/**
 * The organization's spaces list filters, levels and counts in SQL (caps-sql.ts, one statement
 * per page). On random collection trees (cycles and all) and spaces, every member role must get
 * exactly what the permission model in JavaScript gives: the same spaces, the same permissions
 * on each, the same count on every page.
 */
describe('the caps in SQL agree with the permission model', () => {
  let t: TestApp;
  let org: TestOrganization<'creator' | 'editor' | 'commenter' | 'reader' | 'guest'>;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
    org = await createOrganization(t, { creator: 'create', editor: 'edit', commenter: 'comment', reader: 'read', guest: null });
  });
  afterAll(() => t.close());

  const LEVELS: DefaultLevel[] = [null, 'inherit', 'inherit', 'inherit', 'read', 'comment', 'review', 'edit', 'create', 'admin'];
  const level = fc.constantFrom(...LEVELS);
  const world = fc.record({
    // parent: an index into the collections (any, itself included: cycles), or null for the top.
    collections: fc.array(fc.record({ parent: fc.option(fc.nat(), { nil: null }), level }), { maxLength: 10 }),
    spaces: fc.array(fc.record({ parent: fc.option(fc.nat(), { nil: null }), level, deleted: fc.integer({ min: 0, max: 9 }).map((n) => n === 0) }), { maxLength: 20 }),
  });
  type World = typeof world extends fc.Arbitrary<infer W> ? W : never;

  /** Replaces the organization's collections and spaces with `w`, in plain SQL (the counters' trigger follows). */
  async function store(w: World, run: number): Promise<{ tree: CollectionNode[]; spaces: { id: string; parentId: string | null; level: DefaultLevel; deleted: boolean }[] }> {
    const orgId = org.organization.id;
    const ids = w.collections.map((_, i) => `r${run}c${i}`);
    const pick = (index: number | null) => (index === null || ids.length === 0 ? null : ids[index % ids.length]);
    const tree = w.collections.map((c, i) => ({ id: ids[i], parentId: pick(c.parent), defaultLevel: c.level }));
    const spaces = w.spaces.map((s, i) => ({ id: `r${run}s${i}`, parentId: pick(s.parent), level: s.level, deleted: s.deleted }));
    await t.dataSource.transaction(async (tx) => {
      await tx.query(`DELETE FROM spaces WHERE organization_id = $1`, [orgId]);
      await tx.query(`DELETE FROM collections WHERE organization_id = $1`, [orgId]);
      for (const [i, c] of tree.entries()) {
        await tx.query(
          `INSERT INTO collections (id, organization_id, title, default_level, position, created_at, updated_at) VALUES ($1, $2, 'C', $3, $4, now(), now())`,
          [c.id, orgId, c.defaultLevel, `a${String(i).padStart(3, '0')}`],
        );
      }
      for (const c of tree) if (c.parentId) await tx.query(`UPDATE collections SET parent_id = $1 WHERE id = $2`, [c.parentId, c.id]);
      for (const [i, s] of spaces.entries()) {
        await tx.query(
          `INSERT INTO spaces (id, organization_id, parent_id, title, default_level, position, revision_id, created_at, updated_at, deleted_at)
           VALUES ($1, $2, $3, 'S', $4, $5, $1 || '-r', now(), now(), CASE WHEN $6 THEN now() END)`,
          [s.id, orgId, s.parentId, s.level, `b${String(i).padStart(3, '0')}`, s.deleted],
        );
        await tx.query(`INSERT INTO revisions (id, space_id, created_by, created_at) VALUES ($1 || '-r', $1, $2, now())`, [s.id, org.members.admin.user.id]);
      }
    });
    return { tree, spaces };
  }

  const roles: [keyof typeof org.members, MemberRoleOrGuest][] = [
    ['admin', 'admin'],
    ['creator', 'create'],
    ['editor', 'edit'],
    ['commenter', 'comment'],
    ['reader', 'read'],
    ['guest', null],
  ];

  it('on random trees, for every role: the same spaces, levels and counts', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(world, async (w) => {
        run++;
        const { tree, spaces } = await store(w, run);
        const caps = capsOfTree(tree);
        const path = `/v1/orgs/${org.organization.id}/spaces`;
        for (const [name, role] of roles) {
          const expected = new Map<string, ReturnType<typeof spacePermissions>>();
          for (const space of spaces) {
            if (space.deleted) continue;
            const parentCap = space.parentId ? (caps.get(space.parentId) ?? 'organization') : 'organization';
            const spaceLevel = contentLevel(role, capBelow(space.level, parentCap));
            if (canSee(spaceLevel)) expected.set(space.id, spacePermissions(spaceLevel, { locked: false }));
          }
          const caller = t.http.as(org.members[name].token);
          // One page holding everything, and pages of 3 (the count rides on each page's rows).
          const whole = await caller.get(path, { query: { limit: 100 } });
          expect(whole.status).toBe(200);
          expect(whole.body.count).toBe(expected.size);
          const got = new Map<string, unknown>(whole.body.items.map((item: { id: string; permissions: unknown }) => [item.id, item.permissions]));
          expect(got).toEqual(expected);
          let page: string | undefined;
          const paged: string[] = [];
          do {
            const res = await caller.get(path, { query: { limit: 3, page } });
            expect(res.status).toBe(200);
            expect(res.body.count).toBe(expected.size);
            paged.push(...res.body.items.map((item: { id: string }) => item.id));
            page = res.body.next?.page;
          } while (page);
          expect(paged).toEqual(whole.body.items.map((item: { id: string }) => item.id));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('answers 404 to a non-member and an empty page with the count to a guest, with or without limit 0', async () => {
    const other = await createOrganization(t);
    const path = `/v1/orgs/${org.organization.id}/spaces`;
    for (const query of [{}, { limit: 0 }]) {
      const outsider = await t.http.as(other.members.admin.token).get(path, { query });
      expect(outsider.status).toBe(404);
      expect(outsider.body.error.message).toBe(`No organization has the id ${org.organization.id}.`);
      const guest = await t.http.as(org.members.guest.token).get(path, { query });
      expect(guest.status).toBe(200);
      expect(guest.body).toEqual({ items: [], count: 0 });
    }
  });
});
