import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp, TEST_PUBLIC_URL } from '@docs/platform/testing';
import request from 'supertest';
import { createSpace, pdfText } from '../../testing';
import { ContentModule } from '../content.module';

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('space PDF export', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  /** GET a download URL as a browser would: no bearer token. */
  const download = (url: string) =>
    request(t.app.getHttpServer())
      .get(url.slice(TEST_PUBLIC_URL.length))
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      });

  async function setup() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read', guest: null });
    const space = await createSpace(t, members.admin.token, organization.id, { title: 'Field Manual' });
    const as = (name: 'admin' | 'editor' | 'reader' | 'guest') => t.http.as(members[name].token);
    const base = `/v1/spaces/${space.id}/content`;
    const logo = await as('editor').post(`${base}/files`, undefined, { query: { name: 'logo.png' }, raw: PNG, headers: { 'Content-Type': 'image/png' } });
    expect(logo.status).toBe(201);
    const create = async (title: string, markdown: string, parent?: string) => {
      const res = await as('editor').post(`${base}/pages`, { title, markdown, ...(parent ? { parent } : {}) });
      expect(res.status).toBe(201);
      return res.body;
    };
    const intro = await create('Introduction', 'Welcome.');
    const setupPage = await create('Setup steps', '```sh\nnpm install --save field-manual\n```\n\n1. first\n2. second\n');
    const linked = await as('editor').patch(`${base}/page/${intro.id}`, {
      markdown: `Welcome. See [the setup](ref:page/${setupPage.id}) and [the site](https://example.com/manual).\n\n![logo](ref:file/${logo.body.id})\n`,
    });
    expect(linked.status).toBe(200);
    const advanced = await create('Advanced usage', '| Flag | Meaning |\n|---|---|\n| -v | verbose |\n', setupPage.id);
    const appendix = await create('Appendix', '> Last words.\n');
    return { organization, members, space, as, base, intro, setupPage, advanced, appendix };
  }

  const pdfOf = async (url: string) => {
    const res = await download(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''Field%20Manual/);
    const bytes = res.body as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return { bytes, ...(await pdfText(bytes)) };
  };

  it('answers a signed URL whose PDF holds every page title and the code, without a bearer token', async () => {
    const { space, as, setupPage } = await setup();
    const res = await as('reader').get(`/v1/spaces/${space.id}/pdf`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['url']);
    expect(res.body.url.startsWith(`${TEST_PUBLIC_URL}/downloads/`)).toBe(true);
    const { text, bytes } = await pdfOf(res.body.url);
    for (const title of ['Field Manual', 'Introduction', 'Setup steps', 'Advanced usage', 'Appendix']) expect(text).toContain(title);
    expect(text).toContain('npm install --save field-manual');
    expect(text).toContain('verbose');
    expect(text).toContain('Last words.');
    // The PNG file of the content is embedded, and the outline has a bookmark per page.
    const raw = bytes.toString('latin1');
    expect(raw).toContain('/Subtype /Image');
    expect(raw).toContain('(Advanced usage)');
    // The link to another page of the export goes to its bookmark; the absolute URL is a URI link.
    expect(raw).toContain(`(page-${setupPage.id})`);
    expect(raw).toContain('/URI (https://example.com/manual)');
    // Order: a page's subpages follow it.
    expect(text.indexOf('Setup steps')).toBeLessThan(text.indexOf('Advanced usage'));
    expect(text.indexOf('Advanced usage')).toBeLessThan(text.indexOf('Appendix'));
  });

  it('renders once per revision: the same URL and no new blob until the content changes', async () => {
    const { space, as, base, appendix } = await setup();
    const first = await as('reader').get(`/v1/spaces/${space.id}/pdf`);
    const blobs = async () => Number((await t.dataSource.query(`SELECT count(*) FROM content_blobs`))[0].count);
    const before = await blobs();
    const again = await as('admin').get(`/v1/spaces/${space.id}/pdf`);
    expect(again.body.url).toBe(first.body.url);
    expect(await blobs()).toBe(before);

    expect((await as('editor').patch(`${base}/page/${appendix.id}`, { title: 'Closing notes' })).status).toBe(200);
    // Concurrent calls for the new revision: one URL, one more blob (same bytes whoever renders).
    const racing = await Promise.all(Array.from({ length: 5 }, () => as('reader').get(`/v1/spaces/${space.id}/pdf`)));
    expect(new Set(racing.map((res) => res.body.url)).size).toBe(1);
    const after = racing[0];
    expect(after.body.url).not.toBe(first.body.url);
    // A new title stores no body: the one new blob is the PDF.
    expect(await blobs()).toBe(before + 1);
    const { text } = await pdfOf(after.body.url);
    expect(text).toContain('Closing notes');
    expect(text).not.toContain('Appendix');
  });

  it('exports one page with its subpages (`page`), or alone (`only`)', async () => {
    const { space, as, setupPage, intro } = await setup();
    const withChildren = await as('reader').get(`/v1/spaces/${space.id}/pdf`, { query: { page: setupPage.id } });
    expect(withChildren.status).toBe(200);
    const tree = await pdfOf(withChildren.body.url);
    expect(tree.text).toContain('Setup steps');
    expect(tree.text).toContain('Advanced usage');
    expect(tree.text).not.toContain('Introduction');
    expect(tree.text).not.toContain('Appendix');

    const alone = await as('reader').get(`/v1/spaces/${space.id}/pdf`, { query: { page: setupPage.id, only: true } });
    const single = await pdfOf(alone.body.url);
    expect(single.text).toContain('npm install --save field-manual');
    expect(single.text).not.toContain('Advanced usage');
    expect(single.pages).toBe(2);

    // only=false is the default.
    const explicit = await as('reader').get(`/v1/spaces/${space.id}/pdf`, { query: { page: setupPage.id, only: false } });
    expect(explicit.body.url).toBe(withChildren.body.url);
    expect((await as('reader').get(`/v1/spaces/${space.id}/pdf`, { query: { page: intro.id, only: true } })).status).toBe(200);
  });

  it('refuses bad queries and unknown pages', async () => {
    const { space, as } = await setup();
    const only = await as('reader').get(`/v1/spaces/${space.id}/pdf`, { query: { only: true } });
    expect(only.status).toBe(400);
    expect(only.body.error.message).toContain('page');
    expect((await as('reader').get(`/v1/spaces/${space.id}/pdf`, { query: { only: 'maybe', page: 'x' } })).status).toBe(400);
    expect((await as('reader').get(`/v1/spaces/${space.id}/pdf`, { query: { page: '' } })).status).toBe(400);
    expect((await as('reader').get(`/v1/spaces/${space.id}/pdf`, { query: { format: 'a4' } })).status).toBe(400);
    const missing = await as('reader').get(`/v1/spaces/${space.id}/pdf`, { query: { page: 'nope' } });
    expect(missing.status).toBe(404);
  });

  it('needs a token and the read level; other organizations and invisible spaces are 404', async () => {
    const { space, as } = await setup();
    expect((await t.http.as(undefined).get(`/v1/spaces/${space.id}/pdf`)).status).toBe(401);
    expect((await as('guest').get(`/v1/spaces/${space.id}/pdf`)).status).toBe(404);
    const other = await createOrganization(t, {});
    expect((await t.http.as(other.members.admin.token).get(`/v1/spaces/${space.id}/pdf`)).status).toBe(404);
    expect((await as('reader').get(`/v1/spaces/nope/pdf`)).status).toBe(404);
  });

  it('refuses the URL once expired or altered (403)', async () => {
    const { space, as } = await setup();
    const { url } = (await as('reader').get(`/v1/spaces/${space.id}/pdf`)).body;
    const tampered = (change: (params: URLSearchParams) => void) => {
      const copy = new URL(url);
      change(copy.searchParams);
      return copy.toString();
    };
    expect((await download(tampered((p) => p.set('signature', `${p.get('signature')}x`)))).status).toBe(403);
    expect((await download(tampered((p) => p.set('type', 'text/html')))).status).toBe(403);
    expect((await download(tampered((p) => p.set('expires', String(Number(p.get('expires')) + 3600))))).status).toBe(403);
    t.clock.advance(2 * 3600 * 1000);
    const expired = await download(url);
    expect(expired.status).toBe(403);
    expect(JSON.parse((expired.body as Buffer).toString()).error.message).toContain('expired');
    // A fresh call gives a fresh URL for the same (stored) PDF.
    const fresh = (await as('reader').get(`/v1/spaces/${space.id}/pdf`)).body.url;
    expect(fresh).not.toBe(url);
    expect((await download(fresh)).status).toBe(200);
  });
});
