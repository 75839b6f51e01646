import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSpace, dataUrl, makeZip } from '../../testing';
import { ContentModule } from '../content.module';

/** 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const MAX = 300_000;

describe('content imports', () => {
  let t: TestApp;
  let server: Server;
  let origin: string;
  let imports: string;
  let savedTmpdir: string | undefined;
  const served: Record<string, { type: string; body: string | Buffer; status?: number }> = {};

  beforeAll(async () => {
    // The imports' temporary folders go here, to prove they are removed (os.tmpdir() reads TMPDIR).
    savedTmpdir = process.env.TMPDIR;
    imports = mkdtempSync(join(tmpdir(), 'imports-http-'));
    process.env.TMPDIR = imports;
    server = createServer((req, res) => {
      const hit = served[req.url ?? ''];
      if (!hit) return res.writeHead(404).end();
      res.writeHead(hit.status ?? 200, { 'content-type': hit.type }).end(hit.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp({ imports: [ContentModule, IdentityModule], env: { FETCH_ALLOW_HOSTS: '127.0.0.1', IMPORT_MAX_BYTES: String(MAX), IMPORT_CRAWL_MAX_PAGES: '5' } });
  });
  afterAll(async () => {
    await t.close();
    server.close();
    if (savedTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmpdir;
    rmSync(imports, { recursive: true, force: true });
  });

  /** No import leaves its temporary folder behind, failed or not. */
  afterEach(() => expect(readdirSync(imports)).toEqual([]));

  async function setup() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: 'admin' | 'editor' | 'reader') => t.http.as(members[name].token);
    const base = `/v1/spaces/${space.id}/content`;
    const pages = async () => (await as('reader').get(`${base}/pages`)).body.pages;
    const markdown = async (pageId: string) => (await as('reader').get(`${base}/page/${pageId}`, { query: { format: 'markdown' } })).body.markdown;
    const revision = async () => (await as('reader').get(`/v1/spaces/${space.id}`)).body.revision;
    return { organization, members, space, as, base, pages, markdown, revision };
  }

  it('imports one markdown page from a data: URL, after the existing pages, as one revision with Location', async () => {
    const { as, base, space, pages, markdown, revision } = await setup();
    await as('editor').post(`${base}/pages`, { title: 'Existing' });
    const before = await revision();
    const res = await as('editor').post(`${base}/import`, { source: 'markdown', url: dataUrl('# Getting started\n\nHello **world**.\n\n## Install\n\nRun it.\n', 'text/markdown') });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ revision: expect.any(String), importedResources: 1, totalResources: 1 });
    expect(res.headers.location).toMatch(new RegExp(`/v1/spaces/${space.id}/revisions/${res.body.revision}$`));
    expect(await revision()).toBe(res.body.revision);
    expect(res.body.revision).not.toBe(before);
    const tree = await pages();
    expect(tree.map((p: { title: string }) => p.title)).toEqual(['Existing', 'Getting started']);
    expect(await markdown(tree[1].id)).toBe('Hello **world**.\n\n## Install\n\nRun it.\n');
  });

  it('imports a folder zip: README as folder page, natural order, links to pages and files rewritten (links report ok), images as files', async () => {
    const { as, base, space, pages, markdown } = await setup();
    const zip = await makeZip({
      'docs/README.md': '# Welcome\n\nSee [setup](guide/setup.md#install) and [the guide](guide/).\n',
      'docs/guide/README.md': '# The guide\n\n![Diagram](../images/diagram.png)\n',
      'docs/guide/setup.md': '# Setup\n\n## Install\n\nBack [home](../README.md).\n',
      'docs/guide/10-late.md': '# Late\n',
      'docs/guide/2-early.md': '# Early\n',
      'docs/images/diagram.png': PNG,
      'docs/__MACOSX/._README.md': 'junk',
    });
    const res = await as('editor').post(`${base}/import`, { source: 'zip', url: dataUrl(zip, 'application/zip') });
    expect(res.status).toBe(201);
    expect(res.body.importedResources).toBe(6);
    const tree = await pages();
    expect(tree.map((p: { title: string }) => p.title)).toEqual(['Welcome', 'The guide']);
    expect(tree[1].pages.map((p: { title: string }) => p.title)).toEqual(['Early', 'Late', 'Setup']);
    const setupPage = tree[1].pages[2];
    // Read back as written: the links name the pages and the file as the archive's paths do.
    expect(await markdown(tree[0].id)).toBe('See [setup](guide/setup.md#install) and [the guide](guide/).\n');
    const links = (document: any) => document.nodes.flatMap((node: any) => node.nodes ?? []).filter((node: any) => node.object === 'inline').map((node: any) => node.data.ref);
    expect(links((await as('reader').get(`${base}/page/${tree[0].id}`)).body.document)).toEqual([
      { kind: 'anchor', page: setupPage.id, anchor: 'install' },
      { kind: 'page', page: tree[1].id },
    ]);
    const files = (await as('reader').get(`${base}/files`)).body.items;
    expect(files).toEqual([expect.objectContaining({ name: 'diagram.png', contentType: 'image/png', dimensions: { width: 1, height: 1 } })]);
    expect(await markdown(tree[1].id)).toBe('![Diagram](../images/diagram.png)\n');
    expect(links((await as('reader').get(`${base}/page/${tree[1].id}`)).body.document)).toEqual([{ kind: 'file', file: files[0].id }]);
    const report = await as('reader').get(`/v1/spaces/${space.id}/links`);
    expect(report.status).toBe(200);
    expect(report.body.items.length).toBeGreaterThanOrEqual(3);
    expect(report.body.items.every((link: { status: string }) => link.status === 'ok')).toBe(true);
  });

  it('honours a GitBook layout: .gitbook.yaml root, SUMMARY.md tree, order, titles and groups, includes, front matter', async () => {
    const { as, base, pages, markdown } = await setup();
    const zip = await makeZip({
      '.gitbook.yaml': 'root: ./docs/\nstructure:\n  readme: intro.md\n  summary: toc.md\n',
      'docs/toc.md': '# Table of contents\n\n* [Intro](intro.md)\n* [🚀 Zeta first](z.md)\n  * [Child](sub/child.md)\n\n## Reference <a href="#ref" id="ref"></a>\n\n* [API](api.md)\n* [Site](https://example.com)\n',
      'docs/intro.md': '---\ndescription: The start.\n---\n\n# Ignored title\n\n{% include ".gitbook/includes/note.md" %}\n',
      'docs/z.md': '---\nhidden: true\nnoIndex: true\nvars:\n  product: Docs\n---\n\n# 🚀 Z\n\n{% hint style="info" %}\nHi\n{% endhint %}\n',
      'docs/.gitbook/vars.yaml': 'version: 2\nbeta: true\n',
      'docs/sub/child.md': 'No heading here.\n\n{% include "../.gitbook/includes/note.md" %}\n',
      'docs/api.md': '# API\n',
      'docs/.gitbook/includes/note.md': '# Note\n\nIncluded text.\n',
    });
    const res = await as('editor').post(`${base}/import`, { source: 'zip', url: dataUrl(zip) });
    expect(res.status).toBe(201);
    const tree = await pages();
    expect(tree.map((p: { title: string; type: string }) => [p.title, p.type])).toEqual([
      ['Intro', 'document'],
      ['Zeta first', 'document'],
      ['Reference', 'group'],
    ]);
    expect(tree[0].description).toBe('The start.');
    // GitBook's fields besides bodies: the emoji before a title, front matter, slugs from file names and group anchors, vars.yaml.
    expect(tree[1]).toMatchObject({ title: 'Zeta first', emoji: '🚀', slug: 'z', hidden: true, noIndex: true, variables: { product: 'Docs' } });
    expect(tree[2]).toMatchObject({ title: 'Reference', slug: 'ref' });
    expect(tree[2].pages[0].slug).toBe('api');
    expect((await as('reader').get(base)).body.variables).toEqual({ version: 2, beta: true });
    expect((await as('reader').get(`${base}/files`)).body.items).toEqual([]);
    expect(tree[1].pages.map((p: { title: string }) => p.title)).toEqual(['Child']);
    expect(tree[2].pages.map((p: { title: string; type: string }) => [p.title, p.type])).toEqual([['API', 'document'], ['Site', 'link']]);
    // The included file is one reusable content, embedded by both pages that include it.
    const content = (await as('reader').get(base)).body;
    expect(content.reusableContents).toEqual([{ id: expect.any(String), title: 'Note', document: expect.any(String) }]);
    const note = content.reusableContents[0];
    // Written as GitBook writes includes: the included file's path, from the page's own.
    expect(await markdown(tree[0].id)).toBe('{% include ".gitbook/includes/note.md" %}\n');
    expect(await markdown(tree[1].pages[0].id)).toBe('No heading here.\n\n{% include "../.gitbook/includes/note.md" %}\n');
    expect((await as('reader').get(`${base}/page/${tree[0].id}`)).body.document.nodes[0]).toMatchObject({ type: 'reusable-content', data: { ref: { kind: 'reusable-content', reusableContent: note.id } } });
    const body = await as('reader').get(`${base.replace(/content$/, '')}revisions/${res.body.revision}/reusable-contents/${note.id}/document`);
    expect(body.body.nodes.map((n: { type: string }) => n.type)).toEqual(['paragraph']);
    const z = await as('reader').get(`${base}/page/${tree[1].id}`);
    expect(z.body.document.nodes[0]).toMatchObject({ type: 'hint', data: { style: 'info' } });
  });

  it('imports HTML fetched from an allowed host: main content only, no script, images fetched into files', async () => {
    const { as, base, pages, markdown } = await setup();
    served['/page.html'] = {
      type: 'text/html; charset=utf-8',
      body: `<html><head><title>T</title><script>alert(1)</script><style>p{}</style></head><body><nav>Menu</nav>
        <main><h1>Hello page</h1><p onclick="evil()">Some <b>bold</b> text.</p><script>steal()</script><img src="/img.png" alt="pic">
        <table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table></main><footer>Foot</footer></body></html>`,
    };
    served['/img.png'] = { type: 'image/png', body: PNG };
    const res = await as('editor').post(`${base}/import`, { source: 'html', url: `${origin}/page.html` });
    expect(res.status).toBe(201);
    const [page] = await pages();
    expect(page.title).toBe('Hello page');
    const text = await markdown(page.id);
    expect(text).toContain('Some **bold** text.');
    expect(text).not.toMatch(/alert|steal|evil|Menu|Foot|script/);
    expect(text).toContain('![pic](.gitbook/assets/img.png)');
    expect(text).toContain('| a | b |');
  });

  it('imports a website: bounded crawl within the path, robots.txt respected, tree by URL path', async () => {
    const { as, base, pages } = await setup();
    served['/robots.txt'] = { type: 'text/plain', body: 'User-agent: *\nDisallow: /site/private\n' };
    served['/site/'] = { type: 'text/html', body: '<main><h1>Home</h1><a href="/site/a">A</a> <a href="/site/private">P</a> <a href="/elsewhere">E</a></main>' };
    served['/site/a'] = { type: 'text/html', body: '<main><h1>Page A</h1><a href="/site/a/b">B</a> <a href="/site/">Home</a></main>' };
    served['/site/a/b'] = { type: 'text/html', body: '<main><h1>Page B</h1></main>' };
    served['/site/private'] = { type: 'text/html', body: '<main><h1>Private</h1></main>' };
    served['/elsewhere'] = { type: 'text/html', body: '<main><h1>Elsewhere</h1></main>' };
    const res = await as('editor').post(`${base}/import`, { source: 'website', url: `${origin}/site/` });
    expect(res.status).toBe(201);
    const tree = await pages();
    expect(tree.map((p: { title: string }) => p.title)).toEqual(['Home']);
    expect(tree[0].pages.map((p: { title: string }) => p.title)).toEqual(['Page A']);
    expect(tree[0].pages[0].pages.map((p: { title: string }) => p.title)).toEqual(['Page B']);
  });

  it('imports a Word document (docx via mammoth): headings, lists, tables', async () => {
    const { as, base, pages, markdown } = await setup();
    const res = await as('editor').post(`${base}/import`, { source: 'docx', url: dataUrl(await makeDocx()) });
    expect(res.status).toBe(201);
    const [page] = await pages();
    expect(page.title).toBe('Report');
    const text = await markdown(page.id);
    expect(text).toContain('## Section');
    expect(text).toMatch(/[-*] One\n[-*] Two/);
    expect(text).toContain('| x | y |');
  });

  it('replaces a page body and its children with a page import', async () => {
    const { as, base, pages, markdown } = await setup();
    const parent = (await as('editor').post(`${base}/pages`, { title: 'Target', markdown: 'Old body' })).body;
    await as('editor').post(`${base}/pages`, { title: 'Old child', parent: parent.id });
    const zip = await makeZip({ 'README.md': '# New\n\nNew body.\n', 'child.md': '# New child\n' });
    const single = await as('editor').post(`${base}/page/${parent.id}/import`, { source: 'markdown', url: dataUrl('# T\n\nReplaced.\n') });
    expect(single.status).toBe(201);
    expect(await markdown(parent.id)).toBe('Replaced.\n');
    expect((await pages())[0].pages).toEqual([]);
    const many = await as('editor').post(`${base}/page/${parent.id}/import`, { source: 'zip', url: dataUrl(zip) });
    expect(many.status).toBe(201);
    const [target] = await pages();
    expect(target.title).toBe('Target');
    expect(target.pages.map((p: { title: string }) => p.title)).toEqual(['New', 'New child']);
  });

  it('refuses sources that need other services, bad bodies, private addresses and wrong content (400, nothing written)', async () => {
    const { as, base, revision } = await setup();
    const before = await revision();
    for (const source of ['confluence', 'github-wiki', 'notion', 'google-docs']) {
      const res = await as('editor').post(`${base}/import`, { source, url: 'https://example.com/' });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(`"${source}"`);
      expect(res.body.error.message).toContain('not available on this installation');
    }
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ source: 'pdf', url: 'https://example.com/' }, /source/],
      [{ source: 'markdown' }, /url/],
      [{ source: 'markdown', url: 'ftp://example.com/a.md' }, /url/],
      [{ source: 'markdown', url: 'https://example.com/', extra: 1 }, /extra/],
      [{ source: 'markdown', url: 'http://169.254.169.254/latest/meta-data/' }, /not allowed/],
      [{ source: 'markdown', url: 'http://10.0.0.1/a.md' }, /not allowed/],
      [{ source: 'markdown', url: 'http://[::ffff:169.254.169.254]/' }, /not allowed/],
      [{ source: 'markdown', url: dataUrl(PNG, 'image/png') }, /not markdown/],
      [{ source: 'zip', url: dataUrl('not a zip') }, /zip/],
      [{ source: 'docx', url: dataUrl('not a docx') }, /docx/],
      [{ source: 'markdown', url: `${origin}/missing.md` }, /404/],
    ];
    for (const [body, message] of cases) {
      const res = await as('editor').post(`${base}/import`, body);
      expect([res.status, res.body.error?.message]).toEqual([400, expect.stringMatching(message)]);
    }
    expect(await revision()).toBe(before);
  });

  it('refuses zip bombs, traversal, absolute and symlink entries, and too many entries', async () => {
    const { as, base, revision } = await setup();
    const before = await revision();
    const bomb = await makeZip({ 'README.md': '# A\n', 'zeros.bin': Buffer.alloc(5 * 1024 * 1024) });
    const traversal = await makeZip({ 'aa/evil.md': '# Evil\n' });
    const symlink = await makeZip({ 'README.md': '# A\n', 'link.md': { data: '/etc/passwd', mode: 0o120777 } });
    const attempts: [Buffer, number, RegExp][] = [
      [bomb, 400, /zip bomb/],
      [Buffer.from(traversal.toString('latin1').split('aa/evil.md').join('../evil.md'), 'latin1'), 400, /invalid relative path/],
      [Buffer.from(traversal.toString('latin1').split('aa/evil.md').join('/a/evil.md'), 'latin1'), 400, /absolute path/],
      [symlink, 400, /symbolic link/],
    ];
    for (const [zip, status, message] of attempts) {
      const res = await as('editor').post(`${base}/import`, { source: 'zip', url: dataUrl(zip) });
      expect([res.status, res.body.error?.message]).toEqual([status, expect.stringMatching(message)]);
    }
    expect(await revision()).toBe(before);
  });

  it('enforces IMPORT_MAX_BYTES on the body, data: URLs, fetched sources and unpacked archives (413)', async () => {
    const { as, base, revision } = await setup();
    const before = await revision();
    const big = 'x'.repeat(MAX + 10);
    served['/big.md'] = { type: 'text/markdown', body: big };
    const unpacked = await makeZip({ 'README.md': '# A\n', 'a.txt': 'a'.repeat(MAX), 'b.txt': 'b'.repeat(MAX), 'c.txt': 'c'.repeat(MAX) });
    for (const body of [
      { source: 'markdown', url: dataUrl(big) },
      { source: 'markdown', url: `${origin}/big.md` },
      { source: 'zip', url: dataUrl(unpacked) },
      { source: 'markdown', url: `data:text/plain,${'y'.repeat(MAX * 2)}` },
    ]) {
      const res = await as('editor').post(`${base}/import`, body);
      expect([res.status, res.body.error?.message]).toEqual([413, expect.stringMatching(/limit/)]);
    }
    expect(await revision()).toBe(before);
  });

  it('asks for the edit level (403), hides other organizations (404), needs a token (401), and a locked space refuses (409)', async () => {
    const { as, base, space, revision } = await setup();
    const other = await setup();
    const body = { source: 'markdown', url: dataUrl('# A\n') };
    expect((await as('reader').post(`${base}/import`, body)).status).toBe(403);
    expect((await other.as('admin').post(`${base}/import`, body)).status).toBe(404);
    expect((await t.http.as(undefined).post(`${base}/import`, body)).status).toBe(401);
    const unknown = await as('editor').post(`${base}/page/unknown/import`, body);
    expect([unknown.status, unknown.text]).toEqual([404, expect.any(String)]);
    expect((await as('admin').patch(`/v1/spaces/${space.id}`, { editMode: 'locked' })).status).toBe(200);
    const before = await revision();
    const locked = await as('editor').post(`${base}/import`, body);
    expect(locked.status).toBe(409);
    expect(locked.body.error.message).toContain('locked');
    expect(await revision()).toBe(before);
  });

  describe('the file itself as the request body (streamed to a temporary file)', () => {
    const raw = (as: ReturnType<Awaited<ReturnType<typeof setup>>['as']>, path: string, body: Buffer | string, type: string, query?: Record<string, string>) =>
      as.post(path, undefined, { raw: body, headers: { 'Content-Type': type }, query });

    it('imports a zip sent as application/zip, a markdown file as text/markdown, and application/octet-stream with ?source', async () => {
      const { as, base, pages, markdown } = await setup();
      const zip = await makeZip({ 'docs/README.md': '# Home\n\nSee [the guide](guide.md).\n', 'docs/guide.md': '# Guide\n\n![logo](logo.png)\n', 'docs/logo.png': PNG });
      const res = await raw(as('editor'), `${base}/import`, zip, 'application/zip');
      expect([res.status, res.body]).toEqual([201, { revision: expect.any(String), importedResources: 3, totalResources: 3 }]);
      expect(res.headers.location).toMatch(new RegExp(`/revisions/${res.body.revision}$`));
      const tree = await pages();
      expect(tree.map((p: { title: string }) => p.title)).toEqual(['Home', 'Guide']);
      expect((await as('reader').get(`${base}/files`)).body.items.map((f: { name: string }) => f.name)).toEqual(['logo.png']);

      const md = await raw(as('editor'), `${base}/import`, 'Just text.\n', 'text/markdown; charset=utf-8', { name: 'release-notes.md' });
      expect(md.status).toBe(201);
      const after = await pages();
      expect(after[after.length - 1].title).toBe('release-notes');
      expect(await markdown(after[after.length - 1].id)).toBe('Just text.\n');

      const octets = await raw(as('editor'), `${base}/import`, zip, 'application/octet-stream', { source: 'zip' });
      expect(octets.status).toBe(201);
      expect((await pages()).length).toBe(5);
    });

    it('writes an import of more pages than one batch in full: every body stored, searchable, its links indexed', async () => {
      const { as, base, space, pages, markdown } = await setup();
      const count = 1_200; // bodies are converted 200 at a time, indexed 500 at a time
      const entries: Record<string, string> = {};
      for (let i = 0; i < count; i++) entries[`page-${String(i).padStart(4, '0')}.md`] = `# Page ${i}\n\nWord zephyr${i}, then [next](page-${String((i + 1) % count).padStart(4, '0')}.md).\n`;
      const res = await raw(as('editor'), `${base}/import`, await makeZip(entries), 'application/zip');
      expect([res.status, res.body.importedResources]).toEqual([201, count]);
      const tree = await pages();
      expect(tree.map((p: { title: string }) => p.title)).toEqual(Array.from({ length: count }, (_, i) => `Page ${i}`));
      // The archive's first page is the space's readme, at its own path: links read back as written.
      expect(await markdown(tree[count - 1].id)).toBe(`Word zephyr${count - 1}, then [next](page-0000.md).\n`);
      for (const i of [0, 499, 500, count - 1]) {
        const found = await as('reader').get(`/v1/spaces/${space.id}/search`, { query: { query: `zephyr${i}` } });
        expect(found.body.items.map((item: { title: string }) => item.title)).toEqual([`Page ${i}`]);
      }
      const report = await as('reader').get(`/v1/spaces/${space.id}/links`);
      expect(report.body.stats).toEqual({ total: count, broken: { total: 0 } });
    });

    it('replaces a page with a raw body (page import)', async () => {
      const { as, base, pages, markdown } = await setup();
      const page = (await as('editor').post(`${base}/pages`, { title: 'Old', markdown: 'old' })).body;
      const res = await raw(as('editor'), `${base}/page/${page.id}/import`, '# New\n\nNew body.\n', 'text/markdown');
      expect(res.status).toBe(201);
      expect(await markdown(page.id)).toBe('New body.\n');
      expect((await pages()).length).toBe(1);
    });

    it('refuses a raw body without a source, with a bad query, empty, not a zip, or of another type (400/415, nothing written)', async () => {
      const { as, base, revision } = await setup();
      const before = await revision();
      const zip = await makeZip({ 'a.md': '# A\n' });
      const cases: [Promise<{ status: number; body: { error?: { message: string } } }>, number, RegExp][] = [
        [raw(as('editor'), `${base}/import`, zip, 'application/octet-stream'), 400, /source: .*needs \?source=zip\|markdown\|html\|docx/],
        [raw(as('editor'), `${base}/import`, zip, 'application/zip', { source: 'website' }), 400, /source must be one of/],
        [raw(as('editor'), `${base}/import`, zip, 'application/zip', { unknown: 'x' }), 400, /unknown/],
        [raw(as('editor'), `${base}/import`, '', 'application/zip'), 400, /empty/],
        [raw(as('editor'), `${base}/import`, 'not a zip', 'application/zip'), 400, /zip archive is invalid/],
        [raw(as('editor'), `${base}/import`, zip, 'text/plain'), 415, /JSON/],
        // The query is checked with a JSON body too.
        [as('editor').post(`${base}/import`, { source: 'zip', url: dataUrl(zip) }, { query: { unknown: 'x' } }), 400, /unknown/],
        [as('editor').post(`${base}/import`, { source: 'zip', url: dataUrl(zip) }, { query: { source: 'notion' } }), 400, /source must be one of/],
      ];
      for (const [request, status, message] of cases) {
        const res = await request;
        expect([res.status, res.body.error?.message]).toEqual([status, expect.stringMatching(message)]);
      }
      expect(await revision()).toBe(before);
    });

    it('refuses a body over IMPORT_MAX_BYTES, declared or streamed without a length (413, nothing written)', async () => {
      const { as, base, revision, members } = await setup();
      const before = await revision();
      const declared = await raw(as('editor'), `${base}/import`, Buffer.alloc(MAX + 1), 'application/zip');
      expect([declared.status, declared.body.error.message]).toEqual([413, expect.stringContaining('IMPORT_MAX_BYTES')]);

      const httpServer = t.app.getHttpServer();
      if (!httpServer.address()) await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
      const chunks = Array.from({ length: 40 }, () => Buffer.alloc(10_000));
      const streamed = await fetch(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}${base}/import`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${members.editor.token}`, 'Content-Type': 'application/zip' },
        body: new ReadableStream({
          pull(controller) {
            const chunk = chunks.shift();
            if (chunk) controller.enqueue(chunk);
            else controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      expect([streamed.status, ((await streamed.json()) as { error: { message: string } }).error.message]).toEqual([413, expect.stringContaining('IMPORT_MAX_BYTES')]);
      expect(await revision()).toBe(before);
    });

    it('checks the caller before reading the body: 401, 403, 404, locked 409', async () => {
      const { as, base, space } = await setup();
      const other = await setup();
      const zip = await makeZip({ 'a.md': '# A\n' });
      expect((await raw(as('reader'), `${base}/import`, zip, 'application/zip')).status).toBe(403);
      expect((await raw(other.as('admin'), `${base}/import`, zip, 'application/zip')).status).toBe(404);
      expect((await raw(t.http.as(undefined), `${base}/import`, zip, 'application/zip')).status).toBe(401);
      await as('admin').patch(`/v1/spaces/${space.id}`, { editMode: 'locked' });
      expect((await raw(as('editor'), `${base}/import`, zip, 'application/zip')).status).toBe(409);
    });
  });
});

/** A minimal Word document: a heading 1 (the title), a heading 2, a bulleted list, a table. */
async function makeDocx(): Promise<Buffer> {
  const p = (text: string, style?: string) => `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t>${text}</w:t></w:r></w:p>`;
  const li = (text: string) => `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;
  const cell = (text: string) => `<w:tc>${p(text)}</w:tc>`;
  const body = `${p('Report', 'Heading1')}${p('Intro text.')}${p('Section', 'Heading2')}${li('One')}${li('Two')}<w:tbl><w:tr>${cell('x')}${cell('y')}</w:tr><w:tr>${cell('1')}${cell('2')}</w:tr></w:tbl>`;
  const ns = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  return makeZip({
    '[Content_Types].xml': `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/_rels/document.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/></Relationships>`,
    'word/numbering.xml': `<?xml version="1.0"?><w:numbering ${ns}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`,
    'word/document.xml': `<?xml version="1.0"?><w:document ${ns}><w:body>${body}</w:body></w:document>`,
  });
}
