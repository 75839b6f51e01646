import { Browser, launchChromium, seriousViolations, TestApp } from '@docs/platform/testing';
import { createSiteWithSpaces } from '@docs/sites/testing';
import { createOrganization, createPage, createSiteTestApp, listenSite, SiteClient } from '../testing/site-test-app';
import { SiteInsightsRecorder } from './site-insights-recorder';

/** "Was this page helpful?" in a browser (Debian Chromium): the buttons by their names, the comment, what is recorded, and axe. */
describe('page feedback in a browser', () => {
  let t: TestApp & { site: SiteClient };
  let server: Awaited<ReturnType<typeof listenSite>>;
  let browser: Browser;
  let base: string;
  let siteId: string;
  let installId: string;

  beforeAll(async () => {
    t = await createSiteTestApp();
    server = await listenSite(t);
    const origin = server.origin;
    const org = await createOrganization(t);
    const token = org.members.admin.token;
    const { site, spaces } = await createSiteWithSpaces(t, token, org.organization.id, 1, { title: 'Acme Docs' });
    await createPage(t, token, spaces[0].id, { title: 'Welcome', markdown: 'Hello.' });
    installId = (await createPage(t, token, spaces[0].id, { title: 'Install', markdown: 'Run the installer. See [the CLI](https://github.com/acme/cli).' })).id;
    await t.http.as(token).post(`/v1/orgs/${org.organization.id}/sites/${site.id}/publish`);
    siteId = site.id;
    base = `${origin}/sites/${org.organization.id}/${site.id}`;
    browser = await launchChromium({ bypassCSP: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await t?.close();
  });

  const recorded = async () => {
    await t.get(SiteInsightsRecorder).flush();
    return t.dataSource.query(`SELECT type, page_id, feedback_rating, feedback_comment, link_target FROM site_insight_events WHERE site_id = $1 AND type <> 'page_view' ORDER BY id`, [siteId]);
  };

  it('answers Yes, then sends a comment; the status is announced', async () => {
    const page = await browser.context.newPage();
    expect((await page.goto(`${base}/install`))?.status()).toBe(200);
    const feedback = page.getByRole('region', { name: 'Was this page helpful?' });
    await feedback.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('status').filter({ hasText: 'Thank you for your feedback.' }).waitFor();
    expect(await feedback.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('true');
    await feedback.getByLabel('Tell us more (optional)').fill('Clear steps.');
    await feedback.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('status').filter({ hasText: 'Thank you, your comment was sent.' }).waitFor();
    expect(await recorded()).toEqual([
      { type: 'page_post_feedback', page_id: installId, feedback_rating: 'good', feedback_comment: null, link_target: null },
      { type: 'page_post_feedback_comment', page_id: installId, feedback_rating: 'good', feedback_comment: 'Clear steps.', link_target: null },
    ]);
    await page.close();
  });

  it('answers No with the keyboard, and records a link followed out', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${base}/install`);
    await page.getByRole('button', { name: 'No' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Thank you for your feedback.' }).waitFor();
    // The link's destination is not reachable from the test: the beacon is what matters.
    await page.route('https://github.com/**', (route) => route.fulfill({ status: 200, body: 'elsewhere' }));
    await page.getByRole('link', { name: 'the CLI' }).click();
    await page.waitForURL('https://github.com/acme/cli');
    // The beacon is sent as the page goes: it arrives a moment later.
    let rows: { type: string; feedback_rating: string | null }[] = [];
    for (let waited = 0; waited < 10_000 && !rows.some((row) => row.type === 'link_click'); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await recorded();
    }
    expect(rows.slice(-2).map((row) => [row.type, row.feedback_rating])).toEqual([
      ['page_post_feedback', 'bad'],
      ['link_click', null],
    ]);
    await page.close();
  });

  it('has no serious or critical accessibility violation (axe-core) with the feedback open, in light and dark mode', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await browser.context.newPage();
      await page.emulateMedia({ colorScheme });
      await page.goto(`${base}/install`);
      await page.getByRole('button', { name: 'Yes' }).click();
      await page.getByLabel('Tell us more (optional)').waitFor();
      expect({ colorScheme, violations: await seriousViolations(page) }).toEqual({ colorScheme, violations: [] });
      await page.close();
    }
  });
});
