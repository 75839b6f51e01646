import { ContentModule } from '@docs/content';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { IntegrationsModule } from './integrations.module';

/**
 * What schema-drift.spec.ts cannot see: the GIN indexes (arrays and trigrams) behind the list
 * filters. Each is checked to exist and to serve its filter's shape, over a few thousand
 * vacuumed and analyzed rows (on an empty table the planner rightly prefers any small index, and
 * GIN's pending list hides the index's worth until a vacuum).
 */
describe('integrations schema', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, IntegrationsModule] });
    const { organization } = await createOrganization(t);
    await t.dataSource.query(
      `INSERT INTO integrations (name, owner_organization_id, version, runtime, title, description, visibility, target, scopes, categories,
         blocks, block_domains, content_sources, external_links, configurations, script, preview_asset_ids, created_at, updated_at)
       SELECT 'integration-' || n || '-' || substr(md5(n::text), 1, 8), $1, 1, 'v1', 'Title ' || md5(n::text), 'd', 'public', 'all', ARRAY['space:content:read'], ARRAY['other'],
         '[]', ARRAY['host' || n || '.test'], '[]', '[]', '{}', 's', '{}', now(), now()
         FROM generate_series(1, 5000) AS n`,
      [organization.id],
    );
    await t.dataSource.query(
      `INSERT INTO integration_installations (id, integration_name, organization_id, status, configuration, external_ids, space_selection,
         site_selection, created_at, updated_at)
       SELECT 'inst-' || n, 'integration-' || n || '-' || substr(md5(n::text), 1, 8), $1, 'active', '{}', ARRAY['ext-' || n], 'selected', 'selected', now(), now()
         FROM generate_series(1, 5000) AS n`,
      [organization.id],
    );
    await t.dataSource.query('VACUUM ANALYZE integrations');
    await t.dataSource.query('VACUUM ANALYZE integration_installations');
  });
  afterAll(() => t.close());

  const plan = (sql: string, params: unknown[]) =>
    t.dataSource.transaction(async (tx) => {
      const rows: { 'QUERY PLAN': string }[] = await tx.query(`EXPLAIN ${sql}`, params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });

  it.each([
    ['integrations_categories_idx', `SELECT name FROM integrations i WHERE i.categories @> ARRAY[CAST($1 AS text)]`, ['gitsync']],
    ['integrations_scopes_idx', `SELECT name FROM integrations i WHERE i.scopes @> ARRAY[CAST($1 AS text)]`, ['openapi:read']],
    ['integrations_block_domains_idx', `SELECT name FROM integrations i WHERE i.block_domains @> ARRAY[CAST($1 AS text)]`, ['figma.com']],
    ['integrations_name_trgm_idx', `SELECT name FROM integrations i WHERE i.name ILIKE $1`, ['%figma%']],
    ['integrations_title_trgm_idx', `SELECT name FROM integrations i WHERE i.title ILIKE $1`, ['%figma%']],
    ['integration_installations_external_ids_idx', `SELECT id FROM integration_installations ii WHERE ii.external_ids @> ARRAY[CAST($1 AS text)]`, ['x']],
  ])('has %s, and the filter uses it', async (index, sql, params) => {
    const [row] = await t.dataSource.query(`SELECT indexdef FROM pg_indexes WHERE indexname = $1`, [index]);
    expect(row?.indexdef).toContain('USING gin');
    const explained = await plan(sql, params);
    expect(explained).toContain(index);
  });
});
