import { documentToMarkdown, markdownToDocument } from '@docs/document-model';
import { MARKDOWN_CORPUS } from '@docs/document-model/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSpace, dataUrl } from '../../testing';
import { ContentModule } from '../content.module';
import { markdownPage } from './sources/markdown-page';

const files = readdirSync(MARKDOWN_CORPUS).filter((name) => name.endsWith('.md')).sort();

/**
 * Issue 10, "markdown round trips on a corpus": every document of the converter's corpus imported
 * through `POST .../content/import` (a `data:` URL, and the same file as the raw body) and read
 * back as markdown. Unedited, it is the original's body byte for byte (issue 18 item 3: the import
 * keeps the file, `KeptPageSources`): the first-line `# ` heading becomes the title and leaves the
 * body. Without the kept file (what any change of the rendering gives) the body is the converter's
 * canonical rendering of the rest (`documentToMarkdown(markdownToDocument(rest))`, the documented
 * normalization, docs/api-decisions.md). Its document form is exactly what the converter reads from
 * the original, so nothing is lost on the way, and importing what was read back gives it back unchanged.
 */
describe('markdown round trips through import (the corpus)', () => {
  let t: TestApp;
  let as: ReturnType<TestApp['http']['as']>;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
    const { organization, members } = await createOrganization(t, {});
    const space = await createSpace(t, members.admin.token, organization.id);
    as = t.http.as(members.admin.token);
    base = `/v1/spaces/${space.id}/content`;
  });
  afterAll(() => t.close());

  /** Imports one markdown file and answers its page's title, markdown and document as read back. */
  async function importAndRead(markdown: string, name: string, how: 'data: URL' | 'raw body') {
    const res =
      how === 'data: URL'
        ? await as.post(`${base}/import`, { source: 'markdown', url: dataUrl(markdown, 'text/markdown') })
        : await as.post(`${base}/import`, undefined, { raw: markdown, headers: { 'Content-Type': 'text/markdown; charset=utf-8' }, query: { name } });
    expect(res.status).toBe(201);
    const pages = (await as.get(`${base}/pages`)).body.pages as { id: string; title: string }[];
    const page = pages[pages.length - 1];
    const asMarkdown = (await as.get(`${base}/page/${page.id}`, { query: { format: 'markdown' } })).body.markdown as string;
    const asDocument = (await as.get(`${base}/page/${page.id}`, { query: { format: 'document' } })).body.document;
    // The converter's own rendering: what the read gives once the kept file no longer answers.
    await t.dataSource.query(`DELETE FROM page_import_sources WHERE page_id = $1`, [page.id]);
    const rendered = (await as.get(`${base}/page/${page.id}`, { query: { format: 'markdown' } })).body.markdown as string;
    return { title: page.title, markdown: asMarkdown, rendered, document: asDocument };
  }

  it('has the corpus', () => expect(files.length).toBeGreaterThanOrEqual(8));

  describe.each(files)('%s', (name) => {
    const original = readFileSync(join(MARKDOWN_CORPUS, name), 'utf8');
    const expected = markdownPage(original, name.replace(/\.md$/, ''), null);
    const canonical = documentToMarkdown(markdownToDocument(expected.markdown));

    it.each(['data: URL', 'raw body'] as const)('imported as a %s, reads back as the original, and as the documented normalization without the kept file', async (how) => {
      const read = await importAndRead(original, name, how);
      // Without a first heading the title is the file name: the raw body's `name`, "imported" for a data: URL.
      expect(read.title).toBe(markdownPage(original, how === 'raw body' ? name.replace(/\.md$/, '') : 'imported', null).title);
      expect(read.markdown).toBe(expected.markdown);
      expect(read.rendered).toBe(canonical);
      // Nothing lost on the way: the stored document is what the converter reads from the original.
      expect(read.document).toEqual(JSON.parse(JSON.stringify(markdownToDocument(expected.markdown))));
      // And what is read back imports to itself.
      const again = await importAndRead(`# ${read.title}\n\n${read.rendered}`, name, how);
      expect(again.rendered).toBe(read.rendered);
    });
  });
});
