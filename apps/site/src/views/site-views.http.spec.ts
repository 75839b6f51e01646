import { Global, Module } from '@nestjs/common';
import { ContentModule } from '@docs/content';
import { IdentityModule } from '@docs/identity';
import { createTestApp, eventPayloadProblems, outboxEvents, TestApp } from '@docs/platform/testing';
import { SiteCatalog, SitesModule } from '@docs/sites';
import { SiteViewSubscribers, WebhookSites, WebhooksModule } from '@docs/webhooks';
import { webhookContract } from '@docs/webhooks/testing';
import { SiteRequestHandler } from '../http/site-request-handler';
import { SiteServerModule } from '../site-server.module';
import { createSiteWithSpaces } from '@docs/sites/testing';
import { createOrganization, createPage, SiteClient } from '../testing/site-test-app';
import { SiteViewRecorder } from './site-view-recorder';

/** Webhooks' `sites` filter checks site ids through the sites library, as apps/api binds it. */
@Global()
@Module({ providers: [{ provide: WebhookSites, useExisting: SiteCatalog }], exports: [WebhookSites] })
class WebhookSitesBinding {}

/**
 * Page views of a published site as `site_view` events (the reference's SiteViewEvent): written
 * off the request path in batches, for sites a subscription of the organization may receive them
 * for, none lost while the database refuses them, no credential in them.
 */
describe('site_view: a page view of a published site', () => {
  let t: TestApp;
  let site: SiteClient;
  let recorder: SiteViewRecorder;
  beforeAll(async () => {
    eventPayloadProblems({ type: 'site_view' }); // compile the reference schema first
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule, WebhookSitesBinding, WebhooksModule, SiteServerModule], env: { SITE_FRESHNESS: 'strict' } });
    site = new SiteClient(t.get(SiteRequestHandler));
    recorder = t.get(SiteViewRecorder);
  });
  afterAll(() => t.close());

  async function published(webhook?: { events: string[]; sites?: 'this' | 'other' }) {
    const org = await createOrganization(t);
    const token = org.members.admin.token;
    const { site: created, spaces } = await createSiteWithSpaces(t, token, org.organization.id, 1, { title: 'Acme Docs' });
    const welcome = await createPage(t, token, spaces[0].id, { title: 'Welcome', markdown: 'Hello.' });
    const install = await createPage(t, token, spaces[0].id, { title: 'Install', markdown: 'Run it.' });
    const siteApi = `/v1/orgs/${org.organization.id}/sites/${created.id}`;
    expect((await t.http.as(token).post(`${siteApi}/publish`)).status).toBe(200);
    const siteSpaces = (await t.http.as(token).get(`${siteApi}/site-spaces`)).body.items;
    if (webhook) {
      const other = webhook.sites === 'other' ? (await createSiteWithSpaces(t, token, org.organization.id, 1)).site.id : undefined;
      const sites = webhook.sites === 'this' ? [created.id] : other ? [other] : undefined;
      const res = await t.http.as(token, { contract: webhookContract }).post(`/v1/orgs/${org.organization.id}/webhooks`, { url: 'https://hooks.example.com/in', events: webhook.events, ...(sites ? { sites } : {}) });
      expect(res.status).toBe(201);
    }
    await t.get(SiteViewSubscribers).refresh();
    return { ...org, site: created, space: spaces[0], siteSpace: siteSpaces[0], welcome, install, base: `/sites/${org.organization.id}/${created.id}` };
  }
  const views = async (organizationId: string) => {
    await recorder.flush();
    return outboxEvents(t.dataSource, organizationId, ['site_view']);
  };

  it('records each view of a page (a 304 too), valid against the reference, with the visitor as an admin may know it', async () => {
    const world = await published({ events: ['site_view'] });
    const headers = { 'User-Agent': 'Reader/1.0', 'Accept-Language': 'fr-FR,fr;q=0.9', Referer: 'https://search.example/?q=acme,docs', 'X-Forwarded-For': '203.0.113.7, 10.0.0.1' };
    const home = await site.get(`${world.base}`, { headers });
    expect(home.status).toBe(200);
    const again = await site.get(`${world.base}`, { headers: { ...headers, 'If-None-Match': String(home.headers.etag) } });
    expect(again.status).toBe(304);
    expect((await site.get(`${world.base}/install?utm_source=mail`, { headers: { 'User-Agent': 'Other/2.0', Cookie: 'site_share=secret-key; other=1' } })).status).toBe(200);
    // Not page views: a HEAD, a page as markdown, search, a missing page, a static file.
    await site.get(`${world.base}`, { method: 'HEAD' });
    await site.get(`${world.base}/install.md`);
    await site.get(`${world.base}/~site/search?q=run`);
    expect((await site.get(`${world.base}/nowhere`)).status).toBe(404);

    const payloads = await views(world.organization.id);
    for (const payload of payloads) expect(eventPayloadProblems(payload)).toEqual([]);
    const ids = { siteId: world.site.id, siteSpaceId: world.siteSpace.id, spaceId: world.space.id, organizationId: world.organization.id };
    expect(payloads).toEqual([
      expect.objectContaining({ ...ids, pageId: world.welcome.id, url: `http://docs.test${world.base}`, referrer: 'https://search.example/?q=acme,docs' }),
      expect.objectContaining({ ...ids, pageId: world.welcome.id, url: `http://docs.test${world.base}` }),
      expect.objectContaining({ ...ids, pageId: world.install.id, url: `http://docs.test${world.base}/install?utm_source=mail`, referrer: '' }),
    ]);
    const [first, second, third] = payloads.map((p) => p.visitor);
    expect(first).toEqual({ anonymousId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), cookies: {}, userAgent: 'Reader/1.0', ip: '203.0.113.7', language: 'fr-FR' });
    // The same visitor the same day: the same id; another: another. No cookie ever (a share key is one).
    expect(second.anonymousId).toBe(first.anonymousId);
    expect(third.anonymousId).not.toBe(first.anonymousId);
    expect(JSON.stringify(payloads)).not.toContain('secret-key');
    expect(payloads.every((p) => p.auth === undefined)).toBe(true);
  });

  it('records nothing for a site no subscription may receive views of: none, one without site_view, one for another site', async () => {
    for (const webhook of [undefined, { events: ['site_published', 'space_content_updated'] }, { events: ['site_view'], sites: 'other' as const }]) {
      const world = await published(webhook);
      expect((await site.get(world.base)).status).toBe(200);
      expect(await views(world.organization.id)).toEqual([]);
    }
    // A webhook filtered to this site, or to every event: recorded.
    for (const webhook of [{ events: ['site_view'], sites: 'this' as const }, { events: ['*'] }]) {
      const world = await published(webhook);
      expect((await site.get(world.base)).status).toBe(200);
      expect(await views(world.organization.id)).toHaveLength(1);
    }
  });

  it('writes each answer to "Was this page helpful?" as a page_feedback event, valid against the reference, subscribed or not', async () => {
    const world = await published();
    const body = (extra: Record<string, unknown>) => JSON.stringify({ siteSpace: world.siteSpace.id, page: world.install.id, ...extra });
    const post = (extra: Record<string, unknown>) =>
      site.get(`${world.base}/~site/insights/feedback`, { method: 'POST', body: body(extra), headers: { 'Content-Type': 'application/json', 'User-Agent': 'Reader/1.0', 'X-Forwarded-For': '203.0.113.7' } });
    expect((await post({ rating: 'good' })).status).toBe(204);
    expect((await post({ rating: 'bad', comment: 'Missing a step.' })).status).toBe(204);
    await recorder.flush();
    const payloads = await outboxEvents(t.dataSource, world.organization.id, ['page_feedback']);
    for (const payload of payloads) expect(eventPayloadProblems(payload)).toEqual([]);
    expect(payloads).toEqual([
      expect.objectContaining({ siteId: world.site.id, spaceId: world.space.id, pageId: world.install.id, feedback: { rating: 'good' }, url: `http://docs.test${world.base}/install` }),
      expect.objectContaining({ siteId: world.site.id, pageId: world.install.id, feedback: { rating: 'bad', comment: 'Missing a step.' } }),
    ]);
    expect(payloads[0].visitor).toEqual(expect.objectContaining({ anonymousId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), cookies: {} }));
  });

  it('serves pages while the database refuses the views, and writes them all once it takes them again', async () => {
    const world = await published({ events: ['site_view'] });
    await t.dataSource.query(`
      CREATE FUNCTION refuse_site_views() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.type = 'site_view' THEN RAISE EXCEPTION 'site views refused by the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_site_views BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION refuse_site_views();`);
    try {
      for (let i = 0; i < 20; i++) expect((await site.get(i % 2 ? `${world.base}/install` : world.base)).status).toBe(200);
      expect(await views(world.organization.id)).toEqual([]);
    } finally {
      await t.dataSource.query(`DROP TRIGGER refuse_site_views ON events; DROP FUNCTION refuse_site_views();`);
    }
    const payloads = await views(world.organization.id);
    expect(payloads).toHaveLength(20);
    expect(payloads.map((p) => p.pageId)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? world.install.id : world.welcome.id)));
  });
});
