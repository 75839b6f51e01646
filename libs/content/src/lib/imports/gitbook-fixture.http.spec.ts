import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { join } from 'node:path';
import { createSpace, dataUrl, folderEntries, makeZip } from '../../testing';
import { ContentModule } from '../content.module';

const FIXTURE = join(__dirname, 'fixtures', 'gitbook-docs');

interface TreePage {
  id: string;
  title: string;
  type: string;
  path?: string;
  description?: string;
  pages?: TreePage[];
}

/** Every block type of a document, depth first. */
function blockTypes(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((child) => blockTypes(child, into));
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (record.object === 'block' && typeof record.type === 'string') into.add(record.type);
    blockTypes(record.nodes, into);
    if (record.fragments) blockTypes(record.fragments, into);
  }
  return into;
}

describe('importing a GitBook-synced docs folder as a zip', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  it('finds every page (tree, titles, order), block, file and link where it was', async () => {
    const { organization, members } = await createOrganization(t, {});
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = t.http.as(members.admin.token);
    const base = `/v1/spaces/${space.id}/content`;
    const zip = await makeZip(folderEntries(FIXTURE));
    const res = await as.post(`${base}/import`, { source: 'zip', url: dataUrl(zip, 'application/zip') });
    expect(res.status).toBe(201);

    const tree: TreePage[] = (await as.get(`${base}/pages`)).body.pages;
    const outline = (pages: TreePage[]): unknown[] => pages.map((p) => (p.pages?.length ? [p.title, outline(p.pages)] : p.title));
    expect(outline(tree)).toEqual([
      'Introduction',
      ['Getting started', ['Installation', 'Quickstart', 'Configuration', 'Upgrading']],
      [
        'Guides',
        [
          ['Writing content', ['Pages', 'Blocks', 'Images and files', 'Links']],
          ['Publishing', ['Sites', 'Custom domains', 'Seo', 'Access control']],
          ['Collaboration', ['Change requests', 'Reviews', 'Comments']],
        ],
      ],
      [
        'Reference',
        [
          ['API reference', ['Authentication', 'Errors', 'Pagination', 'Rate limits', 'Webhooks']],
          ['CLI reference', [['Commands', ['import', 'tokens']], 'Environment']],
        ],
      ],
      ['Resources', ['FAQ', 'Changelog', 'Status page']],
    ]);
    const all: TreePage[] = [];
    const walk = (pages: TreePage[]) => pages.forEach((p) => (all.push(p), walk(p.pages ?? [])));
    walk(tree);
    expect(all.filter((p) => p.type === 'document').length).toBeGreaterThanOrEqual(30);
    expect(tree.filter((p) => p.type === 'group').map((p) => p.title)).toEqual(['Guides', 'Reference', 'Resources']);
    const byTitle = new Map(all.map((p) => [p.title, p]));
    expect(byTitle.get('Installation')).toMatchObject({ path: 'getting-started/installation', description: 'Installation in a few lines.' });
    expect(byTitle.get('Status page')).toMatchObject({ type: 'link' });

    const types = new Set<string>();
    for (const page of all.filter((p) => p.type === 'document')) {
      const read = await as.get(`${base}/page/${page.id}`);
      blockTypes(read.body.document.nodes, types);
    }
    for (const type of ['hint', 'tabs', 'tabs-item', 'stepper', 'stepper-step', 'code', 'embed', 'content-ref', 'expandable', 'images', 'table', 'list-ordered', 'list-unordered', 'list-tasks', 'blockquote', 'heading-2']) {
      expect([type, types.has(type)]).toEqual([type, true]);
    }
    const configuration = await as.get(`${base}/page/${byTitle.get('Configuration')?.id}`, { query: { format: 'markdown' } });
    // `.gitbook/includes/support-contact.md`, included by two pages: one reusable content (front matter title), embedded by both.
    const { reusableContents } = (await as.get(base)).body;
    expect(reusableContents).toEqual([{ id: expect.any(String), title: 'Support contact', document: expect.any(String) }]);
    // Written back as the archive writes it: the included file's path from the page's own.
    expect(configuration.body.markdown).toContain('{% include "../.gitbook/includes/support-contact.md" %}');
    const installation = await as.get(`${base}/page/${byTitle.get('Installation')?.id}`, { query: { format: 'document' } });
    expect(installation.body.document.nodes).toContainEqual(expect.objectContaining({ type: 'reusable-content', data: { ref: { kind: 'reusable-content', reusableContent: reusableContents[0].id } } }));
    const revision = configuration.headers.etag.replace(/"/g, '');
    const included = await as.get(`/v1/spaces/${space.id}/revisions/${revision}/reusable-contents/${reusableContents[0].id}/document`);
    expect(included.body.nodes[0]).toMatchObject({ type: 'hint' });

    const files = (await as.get(`${base}/files`)).body.items.map((f: { name: string }) => f.name);
    expect(files.sort()).toEqual(['architecture-diagram.png', 'logo.png', 'screenshot (1).png']);

    const links = await as.all(`/v1/spaces/${space.id}/links`);
    expect(links.length).toBeGreaterThan(30);
    const notOk = links.filter((link: { status: string; target: { kind?: string } }) => link.status !== 'ok');
    // Only the links to other sites may be anything but `ok` (they are not checked).
    expect(notOk.filter((link: { target: { kind?: string } }) => link.target?.kind !== 'url')).toEqual([]);
    const backlinks = await as.get(`/v1/spaces/${space.id}/links`, { query: { status: 'broken' } });
    expect(backlinks.body.count).toBe(0);
  });
});
