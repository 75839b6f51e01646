import { ContentModule } from '@docs/content';
import { IdentityModule } from '@docs/identity';
import { createOrganization, createUser } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSiteWithSpaces } from '../../testing/site-fixtures';
import { SitesModule } from '../sites.module';

/**
 * The insights operations over HTTP: events sent by an admin, aggregates by page, day and search
 * term with the reference's filters, visitor segments, each role, and input refused whole.
 */
describe('site insights', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
  });
  afterAll(() => t.close());

  async function world(body: Record<string, unknown> = {}) {
    const org = await createOrganization(t, { read: 'read', guest: null });
    const { site, spaces } = await createSiteWithSpaces(t, org.members.admin.token, org.organization.id, 1, body);
    return { ...org, site, space: spaces[0], api: `/v1/orgs/${org.organization.id}/sites/${site.id}/insights` };
  }

  const base = (over: { visitor?: string; url?: string; page?: string | null; space?: string | null; claims?: Record<string, unknown>; ua?: string } = {}) => ({
    session: {
      visitorId: over.visitor ?? 'visitor-1',
      sessionId: 'session-1',
      cookies: {},
      userAgent: over.ua ?? 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      language: 'en-GB',
      referrer: 'https://www.search.example/?q=docs',
      ...(over.claims ? { visitorAuthClaims: over.claims } : {}),
    },
    location: {
      url: over.url ?? 'https://docs.example.com/install?utm_source=mail',
      siteSection: null,
      siteSpace: 'sitesp_1',
      siteShareKey: null,
      space: over.space === undefined ? 'space_1' : over.space,
      revision: null,
      page: over.page === undefined ? 'page_install' : over.page,
    },
  });

  it('records what an admin sends and answers it by page, by day and by search term, with filters', async () => {
    const w = await world();
    const as = t.http.as(w.members.admin.token);
    const events = [
      { type: 'page_view', ...base() },
      { type: 'page_view', ...base() },
      { type: 'page_view', ...base({ visitor: 'visitor-2', ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Version/17.0 Safari/604.1' }) },
      { type: 'page_view', ...base({ page: 'page_intro', url: 'https://docs.example.com/' }) },
      { type: 'search_type_query', query: 'install', ...base() },
      { type: 'search_type_query', query: 'kubernetes', ...base({ visitor: 'visitor-2' }) },
      { type: 'search_type_query', query: 'kubernetes', ...base() },
      { type: 'page_post_feedback', feedback: { rating: 'good' }, ...base() },
      { type: 'page_post_feedback_comment', feedback: { rating: 'bad', comment: 'Missing the Windows steps.' }, ...base({ visitor: 'visitor-2' }) },
      { type: 'link_click', link: { target: { kind: 'url', url: 'https://github.com/acme/cli' }, position: 'content' }, ...base() },
      { type: 'page_view', timestamp: new Date(t.clock.now().getTime() - 60_000).toISOString(), ...base() },
    ];
    expect((await as.post(`${w.api}/events`, { events })).status).toBe(204);

    // By page: views, visitors (per day) and feedback.
    const byPage = await as.post(`${w.api}/events/aggregate`, {
      range: 'last7Days',
      groupBy: [{ column: 'page' }],
      select: [{ column: 'page' }, { column: 'eventsCount' }, { column: 'visitorsCount' }],
      where: [{ column: 'eventType', values: ['page_view'] }],
      order: { by: { column: 'eventsCount' }, direction: 'desc' },
    });
    expect(byPage.status).toBe(200);
    expect(byPage.body).toEqual({
      columns: [
        { column: 'page', values: [{ page: 'page_install', space: 'space_1' }, { page: 'page_intro', space: 'space_1' }] },
        { column: 'eventsCount', values: [4, 1] },
        { column: 'visitorsCount', values: [2, 1] },
      ],
    });

    // By day (the default: groupBy, then eventsCount).
    const byDay = await as.post(`${w.api}/events/aggregate`, { range: 'last24Hours', groupBy: [{ column: 'datetime', interval: 'day' }] });
    expect(byDay.status).toBe(200);
    const day = new Date(t.clock.now());
    day.setUTCHours(0, 0, 0, 0);
    const days = byDay.body.columns[0].values as string[];
    expect(byDay.body.columns[1]).toEqual({ column: 'eventsCount', values: expect.any(Array) });
    expect(byDay.body.columns[1].values.reduce((a: number, b: number) => a + b, 0)).toBe(events.length);
    expect(days).toContain(day.toISOString());

    // By search term, the busiest first.
    const bySearch = await as.post(`${w.api}/events/aggregate`, {
      range: 'last30Days',
      groupBy: [{ column: 'eventSearchQuery' }],
      where: [{ column: 'eventType', values: ['search_type_query'] }],
      order: { by: { column: 'eventsCount' }, direction: 'desc' },
    });
    expect(bySearch.body.columns).toEqual([
      { column: 'eventSearchQuery', values: ['kubernetes', 'install'] },
      { column: 'eventsCount', values: [2, 1] },
    ]);

    // Searches that found nothing (ours: eventSearchResultsCount, in where only).
    await as.post(`${w.api}/events`, { events: [{ type: 'search_type_query', query: 'zebra', ...base() }] });
    await t.dataSource.query(`UPDATE site_insight_events SET search_results = CASE WHEN search_query = 'zebra' THEN 0 ELSE 3 END WHERE site_id = $1 AND type = 'search_type_query'`, [w.site.id]);
    const nothing = await as.post(`${w.api}/events/aggregate`, { range: 'last30Days', groupBy: [{ column: 'eventSearchQuery' }], where: [{ column: 'eventSearchResultsCount', values: [0] }] });
    expect(nothing.body.columns[0]).toEqual({ column: 'eventSearchQuery', values: ['zebra'] });
    const some = await as.post(`${w.api}/events/aggregate`, { range: 'last30Days', groupBy: [{ column: 'eventSearchQuery' }], where: [{ column: 'eventSearchResultsCount', operator: 'greaterThan', values: [0] }] });
    expect(some.body.columns[0]).toEqual({ column: 'eventSearchQuery', values: ['install', 'kubernetes'] });
    await t.dataSource.query(`DELETE FROM site_insight_events WHERE site_id = $1 AND search_query = 'zebra'`, [w.site.id]);

    // Feedback per page, comments, link domains, browsers, referrers and UTM source.
    const feedback = await as.post(`${w.api}/events/aggregate`, { range: 'last7Days', groupBy: [{ column: 'page' }], select: [{ column: 'pageFeedbackRating' }], where: [{ column: 'page', values: [{ page: 'page_install', space: 'space_1' }] }] });
    expect(feedback.body.columns).toEqual([{ column: 'pageFeedbackRating', values: [{ ok: 0, good: 1, bad: 1 }] }]);
    const details = await as.post(`${w.api}/events/aggregate`, {
      range: 'last7Days',
      select: [{ column: 'eventPageFeedbackComment' }, { column: 'eventsCount' }],
      where: [{ column: 'eventType', values: ['page_post_feedback_comment'] }],
    });
    expect(details.body.columns[0]).toEqual({ column: 'eventPageFeedbackComment', values: ['Missing the Windows steps.'] });
    const links = await as.post(`${w.api}/events/aggregate`, { range: 'last7Days', groupBy: [{ column: 'eventLinkTargetDomain' }, { column: 'eventLinkPosition' }], where: [{ column: 'eventType', values: ['link_click'] }] });
    expect(links.body.columns).toEqual([
      { column: 'eventLinkTargetDomain', values: ['github.com'] },
      { column: 'eventLinkPosition', values: ['content'] },
      { column: 'eventsCount', values: [1] },
    ]);
    const visitors = await as.post(`${w.api}/events/aggregate`, {
      range: 'last7Days',
      groupBy: [{ column: 'visitorBrowser' }, { column: 'visitorDevice' }, { column: 'referrerDomain' }, { column: 'utmSource' }],
      where: [{ column: 'eventType', values: ['page_view'] }, { column: 'visitorDevice', values: ['mobile'], operator: 'notIn' }],
    });
    expect(visitors.body.columns).toEqual([
      { column: 'visitorBrowser', values: ['safari', 'safari'] },
      { column: 'visitorDevice', values: ['desktop', 'desktop'] },
      { column: 'referrerDomain', values: ['search.example', 'search.example'] },
      { column: 'utmSource', values: ['', 'mail'] },
      { column: 'eventsCount', values: [1, 3] },
    ]);

    // A custom range and a count compared: pages viewed at least twice.
    const busy = await as.post(`${w.api}/events/aggregate`, {
      range: { from: new Date(t.clock.now().getTime() - 3_600_000).toISOString(), to: new Date(t.clock.now().getTime() + 1).toISOString() },
      groupBy: [{ column: 'page' }],
      where: [{ column: 'eventType', values: ['page_view'] }, { column: 'eventsCount', operator: 'greaterThanOrEqual', values: [2] }],
      limit: 10,
    });
    expect(busy.body.columns[0].values).toEqual([{ page: 'page_install', space: 'space_1' }]);
    // Before the events: nothing.
    const before = await as.post(`${w.api}/events/aggregate`, { range: { from: '2020-01-01T00:00:00.000Z', to: '2020-02-01T00:00:00.000Z' }, groupBy: [{ column: 'page' }] });
    expect(before.body).toEqual({ columns: [{ column: 'page', values: [] }, { column: 'eventsCount', values: [] }] });

    // No address and no visitor id is kept: only their daily hashes.
    const stored = await t.dataSource.query(`SELECT visitor_id, session_id, browser, device, os FROM site_insight_events WHERE site_id = $1 LIMIT 1`, [w.site.id]);
    expect(stored[0].visitor_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(await t.dataSource.query(`SELECT * FROM site_insight_events WHERE site_id = $1`, [w.site.id]))).not.toMatch(/visitor-1|Mozilla|session-1/);
  });

  it('lists visitor segments: claims of a visitor-auth site, anonymous visitors on a public one', async () => {
    const closed = await world({ visibility: 'visitor-auth' });
    const as = t.http.as(closed.members.admin.token);
    const events = [
      { type: 'page_view', ...base({ claims: { plan: 'pro' } }) },
      { type: 'page_view', ...base({ visitor: 'v2', claims: { plan: 'pro' } }) },
      { type: 'page_view', ...base({ visitor: 'v3', claims: { plan: 'free' } }) },
    ];
    expect((await as.post(`${closed.api}/events`, { events })).status).toBe(204);
    const segments = await t.http.as(closed.members.read.token).get(`${closed.api}/visitor-segments`);
    expect(segments.status).toBe(200);
    expect(segments.body).toEqual({
      items: [
        { title: 'plan: pro', claims: { plan: 'pro' }, events: 2, visitors: 2, sessions: 2 },
        { title: 'plan: free', claims: { plan: 'free' }, events: 1, visitors: 1, sessions: 1 },
      ],
      count: 2,
    });
    const claim = await as.post(`${closed.api}/events/aggregate`, { range: 'last7Days', groupBy: [{ column: 'visitorClaim', claim: 'plan' }], where: [{ column: 'visitorClaim', claim: 'plan', values: ['pro'] }] });
    expect(claim.body.columns).toEqual([
      { column: 'visitorClaim', claim: 'plan', values: ['pro'] },
      { column: 'eventsCount', values: [2] },
    ]);

    const open = await world();
    expect((await t.http.as(open.members.admin.token).post(`${open.api}/events`, { events })).status).toBe(204);
    const anonymous = await t.http.as(open.members.admin.token).get(`${open.api}/visitor-segments`);
    expect(anonymous.body).toEqual({ items: [{ title: 'Anonymous visitors', claims: {}, events: 3, visitors: 3, sessions: 3 }], count: 1 });
  });

  it('lets members read insights and admins send events; guests and outsiders see no site', async () => {
    const org = await createOrganization(t, { create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    const { site } = await createSiteWithSpaces(t, org.members.admin.token, org.organization.id, 1);
    const w = { ...org, site, api: `/v1/orgs/${org.organization.id}/sites/${site.id}/insights` };
    const outsider = await createUser(t);
    const event = { type: 'page_view', ...base() };
    const query = { range: 'last7Days', groupBy: [{ column: 'page' }] };
    const cases: [string, string, number, number, number][] = [
      // who, track, aggregate, segments
      ...(['create', 'review', 'edit', 'comment', 'read'] as const).map((role): [string, string, number, number, number] => [role, w.members[role].token, 403, 200, 200]),
      ['guest', w.members.guest.token, 404, 404, 404],
      ['outsider', outsider.token, 404, 404, 404],
    ];
    for (const [who, token, track, aggregate, segments] of cases) {
      const statuses = [
        (await t.http.as(token).post(`${w.api}/events`, { events: [event] })).status,
        (await t.http.as(token).post(`${w.api}/events/aggregate`, query)).status,
        (await t.http.as(token).get(`${w.api}/visitor-segments`)).status,
      ];
      expect({ who, statuses }).toEqual({ who, statuses: [track, aggregate, segments] });
    }
    expect((await t.http.as(w.members.admin.token).post(`${w.api}/events/aggregate`, query)).status).toBe(200);
    expect((await t.http.as(undefined).get(`${w.api}/visitor-segments`)).status).toBe(401);
    expect((await t.http.as(w.members.admin.token).get(`/v1/orgs/${w.organization.id}/sites/site_unknown/insights/visitor-segments`)).status).toBe(404);
    expect(await t.dataSource.query(`SELECT 1 FROM site_insight_events WHERE site_id = $1`, [w.site.id])).toEqual([]);
  });

  it.each([
    [{ events: 'all' }, 'events must be an array'],
    [{ events: [{ type: 'page_open' }] }, 'events[0].type must be one of the following values'],
    [{ events: [{ type: 'page_view', location: {} }] }, 'events[0].session must be an object'],
    [{ events: [{ type: 'page_view', ...base(), extra: 1 }] }, 'events[0].extra should not exist'],
    [{ events: [{ type: 'page_view', ...base({ url: 'javascript:alert(1)' }) }] }, 'events[0].location.url must be an http(s) URL'],
    [{ events: [{ type: 'page_post_feedback', feedback: { rating: 'great' }, ...base() }] }, 'events[0].feedback.rating must be one of the following values: bad, ok, good'],
    [{ events: [{ type: 'page_post_feedback_comment', feedback: { rating: 'ok', comment: 'x'.repeat(513) }, ...base() }] }, 'events[0].feedback.comment must be shorter than or equal to 512 characters'],
    [{ events: [{ type: 'link_click', link: { target: { kind: 'url' }, position: 'content' }, ...base() }] }, 'events[0].link.target.url must be a string'],
    [{ events: [{ type: 'page_view', timestamp: '2020-01-01T00:00:00Z', ...base() }] }, 'events[0].timestamp must be within 5 minutes of the current time'],
    [{ events: [{ type: 'page_view', ...base() }, { type: 'search_type_query', ...base() }] }, 'events[1].query must be a string'],
  ])('refuses to track bad input (case %#) whole, with 400', async (body, message) => {
    const w = await world();
    const res = await t.http.as(w.members.admin.token).post(`${w.api}/events`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    expect(await t.dataSource.query(`SELECT 1 FROM site_insight_events WHERE site_id = $1`, [w.site.id])).toEqual([]);
  });

  it.each([
    [{}, 'range'],
    [{ range: 'lastWeek' }, 'range must be one of the following values'],
    [{ range: { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } }, 'range.from must not be after range.to'],
    [{ range: 'last7Days', groupBy: [{ column: 'color' }] }, 'groupBy[0].column must be one of the following values'],
    [{ range: 'last7Days', groupBy: [{ column: 'eventsCount' }] }, 'groupBy[0]: eventsCount is a count, not a group'],
    [{ range: 'last7Days', groupBy: [{ column: 'datetime', interval: 'year' }] }, 'groupBy[0].interval must be one of the following values'],
    [{ range: 'last7Days', where: [{ column: 'page', values: [{ page: 'p' }] }] }, 'where[0].values[0] must be null or {"page"'],
    [{ range: 'last7Days', where: [{ column: 'url', operator: 'greaterThan', values: ['a'] }] }, 'where[0]: greaterThan compares datetime or a count'],
    [{ range: 'last7Days', where: [{ column: 'eventType', operator: 'between', values: [] }] }, 'where[0].operator must be one of the following values'],
    [{ range: 'last7Days', groupBy: [{ column: 'page' }], order: { by: { column: 'url' }, direction: 'asc' } }, 'order.by must be a selected or grouped column'],
    [{ range: 'last7Days', limit: 1001 }, 'limit must be an integer from 1 to 1000'],
    [{ range: 'last7Days', groupBy: [{ column: 'visitorClaimProperty' }] }, 'groupBy[0].column visitorClaimProperty is not available'],
    [{ range: 'last7Days', having: [] }, 'property having should not exist'],
    [{ range: 'last7Days', groupBy: [{ column: 'eventSearchResultsCount' }] }, 'eventSearchResultsCount filters searches (in where) and is no column of the answer'],
  ])('refuses to aggregate a bad query (case %#) with 400', async (body, message) => {
    const w = await world();
    const res = await t.http.as(w.members.read.token).post(`${w.api}/events/aggregate`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
  });
});
