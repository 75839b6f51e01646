import { IdentityModule } from '@docs/identity';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { ContentModule } from './content.module';

/**
 * What schema-drift.spec.ts cannot see: TypeORM compares neither expression indexes, nor
 * partial-index predicates, nor deferrable foreign keys. These are checked here, and the sibling
 * order indexes are shown to serve the list queries' shape (with sequential scans disabled, as
 * the test tables are tiny).
 */
describe('content schema', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  const indexdef = async (name: string) =>
    ((await t.dataSource.query(`SELECT indexdef FROM pg_indexes WHERE indexname = $1`, [name])) as { indexdef: string }[])[0]?.indexdef;

  it('has the sibling order indexes on COALESCE(parent_id, ...), live spaces only', async () => {
    expect(await indexdef('spaces_sibling_order_idx')).toBe(
      `CREATE INDEX spaces_sibling_order_idx ON public.spaces USING btree (organization_id, COALESCE(parent_id, ''::text), "position", id) WHERE (deleted_at IS NULL)`,
    );
    expect(await indexdef('collections_sibling_order_idx')).toBe(
      `CREATE INDEX collections_sibling_order_idx ON public.collections USING btree (organization_id, COALESCE(parent_id, ''::text), "position", id)`,
    );
    expect(await indexdef('spaces_organization_created_idx')).toContain('WHERE (deleted_at IS NULL)');
    expect(await indexdef('page_links_space_target_idx')).toBe(
      'CREATE INDEX page_links_space_target_idx ON public.page_links USING btree (target_space, target_page) WHERE (target_space IS NOT NULL)',
    );
  });

  it("checks a space's current revision at commit", async () => {
    const [fk] = await t.dataSource.query(`SELECT condeferrable, condeferred FROM pg_constraint WHERE conname = 'spaces_revision_fk'`);
    expect(fk).toEqual({ condeferrable: true, condeferred: true });
  });

  it('serves the list orders from the sibling indexes', async () => {
    const plan = async (sql: string, params: unknown[]) =>
      t.dataSource.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        const rows: { 'QUERY PLAN': string }[] = await tx.query(`EXPLAIN ${sql}`, params);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    expect(
      await plan(
        `SELECT s.id FROM spaces s WHERE s.organization_id = $1 AND s.deleted_at IS NULL
          AND (COALESCE(s.parent_id, ''), s.position, s.id) > ($2, $3, $4)
          ORDER BY COALESCE(s.parent_id, ''), s.position, s.id LIMIT 101`,
        ['o', '', 'a0', 'x'],
      ),
    ).toContain('spaces_sibling_order_idx');
    expect(
      await plan(
        `SELECT s.id FROM spaces s WHERE s.organization_id = $1 AND s.deleted_at IS NULL AND COALESCE(s.parent_id, '') = $2
          ORDER BY COALESCE(s.parent_id, ''), s.position, s.id LIMIT 101`,
        ['o', 'c'],
      ),
    ).toContain('spaces_sibling_order_idx');
    expect(
      await plan(
        `SELECT c.id FROM collections c WHERE c.organization_id = $1 ORDER BY COALESCE(c.parent_id, ''), c.position, c.id LIMIT 101`,
        ['o'],
      ),
    ).toContain('collections_sibling_order_idx');
    expect(
      await plan(
        `SELECT s.id FROM spaces s WHERE s.organization_id = $1 AND s.deleted_at IS NULL ORDER BY s.created_at DESC, s.id DESC LIMIT 101`,
        ['o'],
      ),
    ).toContain('spaces_organization_created_idx');
  });

  it('serves content reads from primary keys and the head index, at any size of space', async () => {
    const plan = async (sql: string, params: unknown[]) =>
      t.dataSource.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        const rows: { 'QUERY PLAN': string }[] = await tx.query(`EXPLAIN ${sql}`, params);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    expect(await plan(`SELECT node_id FROM head_pages WHERE head_key = $1 AND page_id = $2`, ['h', 'p'])).toContain('head_pages_pkey');
    expect(await plan(`SELECT node_id FROM head_pages WHERE head_key = $1 AND path = $2`, ['h', 'a/b'])).toContain('head_pages_path_idx');
    expect(await plan(`SELECT page_id FROM head_pages WHERE head_key = $1 AND parent_page_id = ANY($2::text[])`, ['h', ['p']])).toContain(
      'head_pages_parent_idx',
    );
    const subtree = await plan(
      `WITH RECURSIVE tree AS (
         SELECT n.* FROM page_nodes n WHERE n.id = ANY($1::bigint[])
         UNION ALL
         SELECT c.* FROM tree JOIN page_nodes c ON c.id = ANY(tree.children)
       ) SELECT id FROM tree`,
      [['1']],
    );
    expect(subtree).not.toContain('Seq Scan');
    expect(subtree).toContain('page_nodes_pkey');
    expect(await plan(`SELECT id FROM file_entries f WHERE f.file_id = $2 AND f.id = ANY($1::bigint[])`, [['1'], 'f'])).toMatch(
      /file_entries_(pkey|file_idx)/,
    );
  });
});
