import { createTestApp, TestApp } from '@docs/platform/testing';
import { IdentityModule } from '@docs/identity';
import { ContentModule } from '@docs/content';
import { SitesModule } from './sites.module';

/** Every list and lookup of sites has an index (shown with sequential scans disabled: the test tables are tiny). */
describe('sites schema', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
  });
  afterAll(() => t.close());

  const plan = (sql: string, params: unknown[]) =>
    t.dataSource.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const rows: { 'QUERY PLAN': string }[] = await tx.query(`EXPLAIN ${sql}`, params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });

  it.each([
    ['sites of an organization, newest first', `SELECT id FROM sites WHERE organization_id = $1 ORDER BY created_at DESC, id DESC LIMIT 101`, ['o'], /sites_organization_created_idx/],
    ['a site by hostname', `SELECT id FROM sites WHERE hostname = $1`, ['docs.example.com'], /sites_hostname_key/],
    ['sites publishing a space', `SELECT site_id FROM site_spaces WHERE space_id = $1`, ['s'], /site_spaces_space_idx/],
    ['the site spaces of a site', `SELECT id FROM site_spaces WHERE site_id = $1`, ['x'], /site_spaces_order_idx/],
    ['the sections of a site', `SELECT id FROM site_sections WHERE site_id = $1 ORDER BY position, id`, ['x'], /site_sections_(order_idx|path_key)/],
    ['the groups of a site', `SELECT id FROM site_section_groups WHERE site_id = $1 ORDER BY position, id`, ['x'], /site_section_groups_order_idx/],
    ['share links of a site, newest first', `SELECT id FROM site_share_links WHERE site_id = $1 ORDER BY created_at DESC, id DESC LIMIT 101`, ['x'], /site_share_links_site_idx/],
    ['a share link by its key', `SELECT id FROM site_share_links WHERE key_hmac = $1`, ['h'], /site_share_links_key_hmac_key/],
    ['a site by its proxy origin (the site server)', `SELECT id FROM sites WHERE proxy_origin = ANY($1::text[])`, [['example.com/docs']], /sites_proxy_origin_idx/],
    ['a site by basename or id within an organization (the site server)', `SELECT id FROM sites WHERE organization_id = $1 AND (basename = $2 OR id = $2)`, ['o', 'b'], /sites_(basename_key|pkey)/],
    ['insights of a site over a time range (aggregates)', `SELECT count(*) FROM site_insight_events WHERE site_id = $1 AND occurred_at >= $2 AND occurred_at <= $3`, ['x', '2026-01-01', '2026-02-01'], /site_insight_events_site_time_idx/],
    ['daily insights of a site over a time range (aggregates)', `SELECT count(*) FROM site_insight_rollups WHERE site_id = $1 AND occurred_at >= $2`, ['x', '2026-01-01'], /site_insight_rollups_site_(type_)?time_idx/],
    ['the oldest insights of every site (the rollup)', `SELECT id FROM site_insight_events WHERE occurred_at < $1`, ['2026-01-01'], /site_insight_events_(site_)?time_idx/],
  ])('serves %s from an index', async (_name, sql, params, index) => {
    expect(await plan(sql, params)).toMatch(index);
  });

  it('keeps the insights time index a BRIN one (the drift check cannot see methods)', async () => {
    const [row] = await t.dataSource.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'site_insight_events_time_idx'`);
    expect(row.indexdef).toContain('USING brin');
  });

  it('keeps the proxy origin index partial (the drift check cannot see predicates)', async () => {
    const [row] = await t.dataSource.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'sites_proxy_origin_idx'`);
    expect(row.indexdef).toContain('WHERE (proxy_origin IS NOT NULL)');
  });
});
