import { ContentModule } from '@docs/content';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSiteWithSpaces } from '../../testing/site-fixtures';
import { SitesJobsModule } from '../sites-jobs.module';
import { SitesModule } from '../sites.module';
import { INSIGHTS_RAW_DAYS, SiteInsightsRollupHandler } from './site-insights-rollup.job';

/** The worker's rollup: old raw events become daily counts, and the aggregates answer the same before and after. */
describe('site insights rollup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule, SitesJobsModule] });
  });
  afterAll(() => t.close());

  it('rolls raw events past the raw days into daily rows, the aggregates unchanged, and forgets old salts', async () => {
    const org = await createOrganization(t);
    const as = t.http.as(org.members.admin.token);
    const { site } = await createSiteWithSpaces(t, org.members.admin.token, org.organization.id, 1);
    const api = `/v1/orgs/${org.organization.id}/sites/${site.id}/insights`;
    const event = (visitor: string, page: string) => ({
      type: 'page_view',
      session: { visitorId: visitor, sessionId: 's', cookies: {}, userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0', language: null, referrer: '' },
      location: { url: `https://docs.example.com/${page}`, siteSection: null, siteSpace: null, siteShareKey: null, space: 'space_1', revision: null, page },
    });
    expect((await as.post(`${api}/events`, { events: [event('a', 'install'), event('a', 'install'), event('b', 'install'), event('a', 'intro')] })).status).toBe(204);
    const query = { range: 'lastYear', groupBy: [{ column: 'page' }, { column: 'datetime' }], select: [{ column: 'page' }, { column: 'eventsCount' }, { column: 'visitorsCount' }, { column: 'sessionsCount' }] };
    t.clock.advance((INSIGHTS_RAW_DAYS + 2) * 86_400_000);
    const before = (await as.post(`${api}/events/aggregate`, query)).body;
    expect(before.columns[1].values).toEqual([3, 1]);

    const result = await t.get(SiteInsightsRollupHandler).handle();
    expect(result).toEqual({ events: 4, rows: 2, salts: 1 });
    expect(await t.dataSource.query(`SELECT 1 FROM site_insight_events WHERE site_id = $1`, [site.id])).toEqual([]);
    expect((await as.post(`${api}/events/aggregate`, query)).body).toEqual(before);
    expect(before.columns[2].values).toEqual([2, 1]);
    // Run again: nothing more to move.
    expect(await t.get(SiteInsightsRollupHandler).handle()).toEqual({ events: 0, rows: 0, salts: 0 });
  });
});
