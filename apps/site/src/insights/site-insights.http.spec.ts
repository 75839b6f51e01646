import type { TestApp } from '@docs/platform/testing';
import { createSiteWithSpaces } from '@docs/sites/testing';
import { createOrganization, createPage, createSiteTestApp, SiteClient } from '../testing/site-test-app';
import { SiteInsightsRecorder } from './site-insights-recorder';

/**
 * What the site server records of readers (page views, searches with their result counts,
 * feedback, links out), written in batches off the request path, and read back through the
 * api's aggregates: no cookie set, no address kept.
 */
describe('site insights recorded by the site server', () => {
  let t: TestApp & { site: SiteClient };
  let recorder: SiteInsightsRecorder;
  beforeAll(async () => {
    t = await createSiteTestApp();
    recorder = t.get(SiteInsightsRecorder);
  });
  afterAll(() => t.close());

  async function published() {
    const org = await createOrganization(t, { read: 'read' });
    const token = org.members.admin.token;
    const { site, spaces } = await createSiteWithSpaces(t, token, org.organization.id, 1, { title: 'Acme Docs' });
    const welcome = await createPage(t, token, spaces[0].id, { title: 'Welcome', markdown: 'Hello.' });
    const install = await createPage(t, token, spaces[0].id, { title: 'Install', markdown: 'Run the installer with [the CLI](https://github.com/acme/cli).' });
    const siteApi = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    expect((await t.http.as(token).post(`${siteApi}/publish`)).status).toBe(200);
    const siteSpace = (await t.http.as(token).get(`${siteApi}/site-spaces`)).body.items[0];
    const aggregate = async (query: Record<string, unknown>) => {
      await recorder.flush();
      const res = await t.http.as(org.members.read.token).post(`${siteApi}/insights/events/aggregate`, { range: 'last24Hours', ...query });
      expect(res.status).toBe(200);
      return res.body.columns as { column: string; values: unknown[] }[];
    };
    return { org, site, space: spaces[0], siteSpace, welcome, install, base: `/sites/${org.organization.id}/${site.id}`, aggregate };
  }

  it('records a page view per page sent (not a HEAD, not markdown, not a 404), without setting a cookie', async () => {
    const w = await published();
    const headers = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', Referer: 'https://news.example/item?id=1', 'X-Forwarded-For': '203.0.113.9' };
    const home = await t.site.get(w.base, { headers });
    expect(home.status).toBe(200);
    expect(home.headers['set-cookie']).toBeUndefined();
    expect((await t.site.get(`${w.base}/install?utm_source=newsletter`, { headers })).status).toBe(200);
    expect((await t.site.get(`${w.base}/install`, { headers: { ...headers, 'X-Forwarded-For': '198.51.100.4' } })).status).toBe(200);
    await t.site.get(`${w.base}/install`, { method: 'HEAD' });
    await t.site.get(`${w.base}/install.md`);
    expect((await t.site.get(`${w.base}/nowhere`)).status).toBe(404);

    const byPage = await w.aggregate({
      groupBy: [{ column: 'page' }],
      select: [{ column: 'page' }, { column: 'eventsCount' }, { column: 'visitorsCount' }],
      where: [{ column: 'eventType', values: ['page_view'] }],
      order: { by: { column: 'eventsCount' }, direction: 'desc' },
    });
    expect(byPage).toEqual([
      { column: 'page', values: [{ page: w.install.id, space: w.space.id }, { page: w.welcome.id, space: w.space.id }] },
      { column: 'eventsCount', values: [2, 1] },
      { column: 'visitorsCount', values: [2, 1] },
    ]);
    const sources = await w.aggregate({ groupBy: [{ column: 'referrerDomain' }, { column: 'utmSource' }, { column: 'visitorBrowser' }, { column: 'siteSpace' }], where: [{ column: 'eventType', values: ['page_view'] }] });
    expect(sources).toEqual([
      { column: 'referrerDomain', values: ['news.example', 'news.example'] },
      { column: 'utmSource', values: ['', 'newsletter'] },
      { column: 'visitorBrowser', values: ['firefox', 'firefox'] },
      { column: 'siteSpace', values: [w.siteSpace.id, w.siteSpace.id] },
      { column: 'eventsCount', values: [2, 1] },
    ]);
    const rows = await t.dataSource.query(`SELECT * FROM site_insight_events WHERE site_id = $1`, [w.site.id]);
    // Neither the address nor the user agent is kept: their daily hash and classes only.
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113\.9|198\.51\.100\.4|Gecko/);
    expect(rows.every((row: { referrer: string }) => !row.referrer.includes('?'))).toBe(true);
  });

  it('records a search once the reader settles on it, with its result count: one that found nothing too', async () => {
    const w = await published();
    const headers = { Referer: `http://docs.test${w.base}/install` };
    for (const q of ['k', 'ku', 'kubernetes']) expect((await t.site.get(`${w.base}/~site/search/${w.siteSpace.id}?q=${q}`, { headers })).status).toBe(200);
    expect((await t.site.get(`${w.base}/~site/search/${w.siteSpace.id}?q=installer`, { headers: { ...headers, 'X-Forwarded-For': '192.0.2.1' } })).status).toBe(200);
    const searches = await w.aggregate({
      groupBy: [{ column: 'eventSearchQuery' }, { column: 'url' }],
      where: [{ column: 'eventType', values: ['search_type_query'] }],
    });
    expect(searches).toEqual([
      { column: 'eventSearchQuery', values: ['installer', 'kubernetes'] },
      { column: 'url', values: [`http://docs.test${w.base}/install`, `http://docs.test${w.base}/install`] },
      { column: 'eventsCount', values: [1, 1] },
    ]);
    const counts = await t.dataSource.query(`SELECT search_query, search_results FROM site_insight_events WHERE site_id = $1 ORDER BY search_query`, [w.site.id]);
    expect(counts).toEqual([
      { search_query: 'installer', search_results: 1 },
      { search_query: 'kubernetes', search_results: 0 },
    ]);
  });

  it('takes "Was this page helpful?" answers and comments, and links followed out; refuses what is not one', async () => {
    const w = await published();
    const page = await t.site.page(`${w.base}/install`);
    const main = page.document.querySelector('main')!;
    const endpoint = main.getAttribute('data-insights')!;
    expect(endpoint).toBe(`${w.base}/~site/insights`);
    expect(main.getAttribute('data-page')).toBe(w.install.id);
    expect(page.document.querySelector('.page-feedback .feedback-title')!.textContent).toBe('Was this page helpful?');
    expect(Array.from(page.document.querySelectorAll('.feedback-button'), (b) => b.textContent)).toEqual(['Yes', 'No']);
    expect(page.document.querySelector('.page-action[data-copy="text"]')!.getAttribute('data-copy-text')).toBe(`http://docs.test${w.base}/~mcp`);

    const ids = { siteSpace: w.siteSpace.id, page: w.install.id };
    expect((await t.site.post(`${endpoint}/feedback`, { ...ids, rating: 'good' })).status).toBe(204);
    expect((await t.site.post(`${endpoint}/feedback`, { ...ids, rating: 'bad', comment: 'No Windows steps.' })).status).toBe(204);
    expect((await t.site.post(`${endpoint}/link`, { ...ids, url: 'https://github.com/acme/cli', position: 'content' }, { headers: { 'Content-Type': 'text/plain;charset=UTF-8' } })).status).toBe(204);

    const refused: [unknown, number, string][] = [
      [{ ...ids, rating: 'great' }, 400, 'rating must be one of the following values: good, ok, bad'],
      [{ ...ids, rating: 'good', comment: 'x'.repeat(513) }, 400, 'comment must be shorter than or equal to 512 characters'],
      [{ ...ids, rating: 'good', email: 'a@b.c' }, 400, 'property email should not exist'],
      [{ siteSpace: w.siteSpace.id, page: 'page_nowhere', rating: 'good' }, 404, 'This site space has no such page.'],
      [{ siteSpace: 'sitesp_nowhere', page: w.install.id, rating: 'good' }, 404, 'This site has no such site space.'],
      ['{"rating":', 400, 'The body is not valid JSON.'],
    ];
    for (const [body, status, message] of refused) {
      const res = await t.site.post(`${endpoint}/feedback`, body);
      expect([res.status, JSON.parse(res.text)]).toEqual([status, { error: { code: status, message } }]);
    }
    const badLink = await t.site.post(`${endpoint}/link`, { ...ids, url: 'javascript:alert(1)' });
    expect(badLink.status).toBe(400);
    // Readers only read elsewhere.
    expect((await t.site.post(`${w.base}/install`, {})).status).toBe(405);

    const feedback = await w.aggregate({ groupBy: [{ column: 'page' }], select: [{ column: 'page' }, { column: 'pageFeedbackRating' }], where: [{ column: 'eventType', values: ['page_post_feedback', 'page_post_feedback_comment'] }] });
    expect(feedback).toEqual([
      { column: 'page', values: [{ page: w.install.id, space: w.space.id }] },
      { column: 'pageFeedbackRating', values: [{ ok: 0, good: 1, bad: 1 }] },
    ]);
    const comments = await w.aggregate({ groupBy: [{ column: 'eventPageFeedbackComment' }], where: [{ column: 'eventType', values: ['page_post_feedback_comment'] }] });
    expect(comments[0]).toEqual({ column: 'eventPageFeedbackComment', values: ['No Windows steps.'] });
    const links = await w.aggregate({ groupBy: [{ column: 'eventLinkTargetDomain' }, { column: 'eventLinkTargetValue' }], where: [{ column: 'eventType', values: ['link_click'] }] });
    expect(links).toEqual([
      { column: 'eventLinkTargetDomain', values: ['github.com'] },
      { column: 'eventLinkTargetValue', values: [{ kind: 'url', url: 'https://github.com/acme/cli' }] },
      { column: 'eventsCount', values: [1] },
    ]);
  });
});

describe('a site server with SITE_INSIGHTS=off', () => {
  let t: TestApp & { site: SiteClient };
  beforeAll(async () => {
    t = await createSiteTestApp({ env: { SITE_INSIGHTS: 'off' } });
  });
  afterAll(() => t.close());

  it('records nothing, asks for no feedback and takes none', async () => {
    const org = await createOrganization(t);
    const token = org.members.admin.token;
    const { site, spaces } = await createSiteWithSpaces(t, token, org.organization.id, 1);
    const page = await createPage(t, token, spaces[0].id, { title: 'Welcome', markdown: 'Hello.' });
    const api = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    await t.http.as(token).post(`${api}/publish`);
    const base = `/sites/${org.organization.id}/${site.id}`;
    const home = await t.site.page(base);
    expect(home.status).toBe(200);
    expect(home.document.querySelector('.page-feedback')).toBeNull();
    expect(home.document.querySelector('main')!.hasAttribute('data-insights')).toBe(false);
    const siteSpace = (await t.http.as(token).get(`${api}/site-spaces`)).body.items[0];
    await t.site.get(`${base}/~site/search/${siteSpace.id}?q=hello`);
    expect((await t.site.post(`${base}/~site/insights/feedback`, { siteSpace: siteSpace.id, page: page.id, rating: 'good' })).status).toBe(404);
    await t.get(SiteInsightsRecorder).flush();
    expect(await t.dataSource.query(`SELECT 1 FROM site_insight_events WHERE site_id = $1`, [site.id])).toEqual([]);
  });
});
