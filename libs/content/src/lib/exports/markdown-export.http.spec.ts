import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp, watchConnectionOverlap } from '@docs/platform/testing';
import { join } from 'node:path';
import { contentSnapshot, createSpace, dataUrl, folderEntries, generateSpaceContent, makeZip, unzipWithTool } from '../../testing';
import { BlobStore } from '../blobs/blob-store';
import { EXPORT_PAGES_PER_BATCH, MarkdownExports } from './markdown-exports.service';
import { ContentModule } from '../content.module';

const FIXTURE = join(__dirname, '..', 'imports', 'fixtures', 'gitbook-docs');
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('export as markdown files (GET /v1/spaces/{spaceId}/export?format=markdown)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  async function setup() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read', guest: null });
    const space = await createSpace(t, members.admin.token, organization.id, { title: 'Field Manual' });
    const as = (name: 'admin' | 'editor' | 'reader' | 'guest') => t.http.as(members[name].token);
    return { organization, members, space, as, base: `/v1/spaces/${space.id}/content` };
  }

  const exportOf = async (as: ReturnType<Awaited<ReturnType<typeof setup>>['as']>, spaceId: string, query: Record<string, string> = {}) => {
    const res = await as.get(`/v1/spaces/${spaceId}/export`, { query: { format: 'markdown', ...query } });
    expect(res.status).toBe(200);
    return { res, files: unzipWithTool(res.body as Buffer) };
  };
  const text = (files: Map<string, Buffer>, path: string) => {
    const data = files.get(path);
    if (!data) throw new Error(`the export has no ${path}; it has ${[...files.keys()].join(', ')}`);
    return data.toString('utf8');
  };

  it("writes GitBook's Git Sync layout: README, a file per page along the tree, SUMMARY.md, .gitbook.yaml, assets, includes, vars", async () => {
    const { space, as, base } = await setup();
    const logo = await as('editor').post(`${base}/files`, undefined, { query: { name: 'logo.png' }, raw: PNG, headers: { 'Content-Type': 'image/png' } });
    const page = async (title: string, body: Record<string, unknown> = {}) => {
      const res = await as('editor').post(`${base}/pages`, { title, ...body });
      expect(res.status).toBe(201);
      return res.body;
    };
    const intro = await page('Introduction', { markdown: 'Welcome.', description: 'Where it starts.' });
    const guide = await page('Getting started', { markdown: 'The steps.', emoji: '🚀' });
    const install = await page('Install', { parent: guide.id, markdown: 'Run it.', hidden: true });
    const group = await page('Reference', { type: 'group' });
    const api = await page('API', { parent: group.id, markdown: 'Endpoints.' });
    await page('Status', { parent: group.id, type: 'link', href: 'https://status.example.com' });
    const shared = await as('editor').post(`${base}/reusable-contents`, { title: 'Support contact', markdown: 'Write to help@example.com.' });
    await as('editor').put(`${base}/variables`, { variables: { version: '2.1', beta: true } });
    await as('editor').patch(`${base}/page/${install.id}`, {
      markdown: [
        `Back to [the intro](ref:page/${intro.id}) or [the API](ref:page/${api.id}#auth) and [the guide](ref:page/${guide.id}).`,
        '',
        `![logo](ref:file/${logo.body.id})`,
        '',
        `{% include "ref:reusable-content/${shared.body.id}" %}`,
        '',
        '{% hint style="warning" %}',
        'Careful.',
        '{% endhint %}',
        '',
        '{% code title="install.sh" %}',
        '```sh',
        'npm install',
        '```',
        '{% endcode %}',
      ].join('\n'),
      variables: { step: 'one' },
    });

    const { res, files } = await exportOf(as('reader'), space.id);
    expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''Field%20Manual.zip`);
    expect(res.headers.etag).toBe(`"${(await as('reader').get(`/v1/spaces/${space.id}`)).body.revision}"`);
    expect([...files.keys()].sort()).toEqual(
      [
        '.gitbook.yaml',
        'README.md',
        'SUMMARY.md',
        'getting-started/README.md',
        'getting-started/install.md',
        'reference/api.md',
        '.gitbook/includes/support-contact.md',
        '.gitbook/vars.yaml',
        '.gitbook/assets/logo.png',
      ].sort(),
    );
    expect(text(files, '.gitbook.yaml')).toBe('root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n');
    expect(text(files, 'README.md')).toBe('---\ndescription: Where it starts.\n---\n\n# Introduction\n\nWelcome.\n');
    expect(text(files, 'SUMMARY.md')).toBe(
      [
        '# Table of contents',
        '',
        '* [Introduction](README.md)',
        '* [🚀 Getting started](getting-started/README.md)',
        '  * [Install](getting-started/install.md)',
        '',
        '## Reference',
        '',
        '* [API](reference/api.md)',
        '* [Status](https://status.example.com)',
        '',
      ].join('\n'),
    );
    expect(text(files, 'getting-started/README.md')).toBe('# 🚀 Getting started\n\nThe steps.\n');
    const installText = text(files, 'getting-started/install.md');
    expect(installText.startsWith('---\nhidden: true\nvars:\n  step: one\n---\n\n# Install\n\n')).toBe(true);
    expect(installText).toContain('[the intro](../README.md)');
    expect(installText).toContain('[the API](../reference/api.md#auth)');
    expect(installText).toContain('[the guide](./)');
    expect(installText).toContain('![logo](../.gitbook/assets/logo.png)');
    expect(installText).toContain('{% include "../.gitbook/includes/support-contact.md" %}');
    expect(installText).toContain('{% hint style="warning" %}\nCareful.\n{% endhint %}');
    expect(installText).toContain('{% code title="install.sh" %}\n```sh\nnpm install\n```\n{% endcode %}');
    expect(text(files, '.gitbook/includes/support-contact.md')).toBe('---\ntitle: Support contact\n---\n\nWrite to help@example.com.\n');
    expect(text(files, '.gitbook/vars.yaml')).toBe("beta: true\nversion: '2.1'\n");
    expect(files.get('.gitbook/assets/logo.png')).toEqual(PNG);

    // The same revision gives the same bytes (entries carry the revision's time).
    const again = await as('reader').get(`/v1/spaces/${space.id}/export`, { query: { format: 'markdown' } });
    expect((again.body as Buffer).equals(res.body as Buffer)).toBe(true);
  });

  it("reads a markdown write's relative links from the layout inside its transaction, one statement at a time on its connection", async () => {
    const { space, as, base } = await setup();
    // The first page is README.md; the guide is guide.md.
    expect((await as('editor').post(`${base}/pages`, { title: 'Introduction', markdown: 'Welcome.' })).status).toBe(201);
    const guide = await as('editor').post(`${base}/pages`, { title: 'Guide', markdown: 'The guide.' });
    expect(guide.status).toBe(201);
    const connections = watchConnectionOverlap();
    let created;
    try {
      created = await as('editor').post(`${base}/pages`, { title: 'Tour', markdown: 'See [the guide](guide.md).' });
      // The layout's three reads ran in the write's transaction: in turn, never two at once (pg 9 refuses that).
      expect(connections.most()).toBe(1);
    } finally {
      connections.stop();
    }
    expect(created.status).toBe(201);
    // guide.md was read as the Guide page (the layout was right), not kept as a URL.
    const { files } = await exportOf(as('reader'), space.id);
    expect(text(files, 'tour.md')).toContain('[the guide](guide.md)');
    const document = await as('reader').get(`${base}/page/${created.body.id}`, { query: { format: 'document' } });
    expect(JSON.stringify(document.body.document)).toContain(guide.body.id);
  });

  it('exports an earlier revision with `revision`, and refuses what it cannot export', async () => {
    const { organization, members, space, as, base } = await setup();
    const first = await as('editor').post(`${base}/pages`, { title: 'First', markdown: 'One.' });
    const before = first.headers.etag.replace(/"/g, '');
    await as('editor').post(`${base}/pages`, { title: 'Second', markdown: 'Two.' });
    const old = await exportOf(as('reader'), space.id, { revision: before });
    expect([...old.files.keys()].sort()).toEqual(['.gitbook.yaml', 'README.md', 'SUMMARY.md']);
    expect(old.res.headers.etag).toBe(`"${before}"`);
    const now = await exportOf(as('reader'), space.id);
    expect([...now.files.keys()].sort()).toEqual(['.gitbook.yaml', 'README.md', 'SUMMARY.md', 'second.md']);

    const path = `/v1/spaces/${space.id}/export`;
    expect((await as('reader').get(path)).status).toBe(400);
    const wrong = await as('reader').get(path, { query: { format: 'pdf' } });
    expect([wrong.status, wrong.body.error.message]).toEqual([400, expect.stringMatching(/format must be one of/)]);
    expect((await as('reader').get(path, { query: { format: 'markdown', unknown: '1' } })).status).toBe(400);
    expect((await as('reader').get(path, { query: { format: 'markdown', revision: 'nope' } })).status).toBe(404);
    expect((await t.http.as(undefined).get(path, { query: { format: 'markdown' } })).status).toBe(401);
    // A guest without access, and another organization's member, see nothing: 404.
    expect((await as('guest').get(path, { query: { format: 'markdown' } })).status).toBe(404);
    const other = await createOrganization(t, {});
    expect((await t.http.as(other.members.admin.token).get(path, { query: { format: 'markdown' } })).status).toBe(404);
    expect(organization.id).not.toBe(other.organization.id);
    // Another space's revision is not this space's.
    const elsewhere = await createSpace(t, members.admin.token, organization.id);
    expect((await as('reader').get(path, { query: { format: 'markdown', revision: elsewhere.revision } })).status).toBe(404);
  });

  it('round trip: the import fixtures exported, then imported into an empty space, give the same tree, titles, descriptions, bodies, files, includes and links', async () => {
    const { organization, members, space, as, base } = await setup();
    const zip = await makeZip(folderEntries(FIXTURE));
    expect((await as('editor').post(`${base}/import`, { source: 'zip', url: dataUrl(zip, 'application/zip') })).status).toBe(201);

    const { res } = await exportOf(as('reader'), space.id);
    const copy = await createSpace(t, members.admin.token, organization.id, { title: 'Copy' });
    const imported = await as('editor').post(`/v1/spaces/${copy.id}/content/import`, { source: 'zip', url: dataUrl(res.body as Buffer, 'application/zip') });
    expect(imported.status).toBe(201);

    const original = await contentSnapshot(as('reader'), space.id);
    const roundTrip = await contentSnapshot(as('reader'), copy.id);
    expect(roundTrip.pages.map(([name]) => name)).toEqual(original.pages.map(([name]) => name));
    expect(roundTrip).toEqual(original);
    const links = await as('reader').all(`/v1/spaces/${copy.id}/links`);
    expect(links.filter((link: { status: string; target: { kind?: string } }) => link.status !== 'ok' && link.target?.kind !== 'url')).toEqual([]);
  });

  it('round trip of a generated space of 1,000 pages; bodies are read a batch at a time and files streamed', async () => {
    const { organization, members, space, as, base } = await setup();
    const fileIds: string[] = [];
    for (const name of ['one.png', 'two.png', 'three.png']) {
      const res = await as('editor').post(`${base}/files`, undefined, { query: { name }, raw: PNG, headers: { 'Content-Type': 'image/png' } });
      fileIds.push(res.body.id);
    }
    const generated = await generateSpaceContent(t, { spaceId: space.id, organizationId: organization.id, actor: members.editor.user.id }, { pages: 1000, fileIds });
    expect(generated.pageIds).toHaveLength(1000);

    const blobs = t.get(BlobStore);
    const getMany = jest.spyOn(blobs, 'getMany');
    const stream = jest.spyOn(blobs, 'stream');
    const { res, files } = await exportOf(as('reader'), space.id);
    const batches = getMany.mock.calls.map(([hashes]) => hashes.length);
    const streamed = stream.mock.calls.length;
    getMany.mockRestore();
    stream.mockRestore();
    expect(Math.max(...batches)).toBeLessThanOrEqual(EXPORT_PAGES_PER_BATCH);
    expect(batches.length).toBeGreaterThanOrEqual(Math.ceil(generated.documentIds.length / EXPORT_PAGES_PER_BATCH));
    expect(streamed).toBe(3);
    expect([...files.keys()].filter((path) => path.endsWith('.md') && !path.startsWith('.gitbook/')).length).toBe(generated.documentIds.length + 1);

    const copy = await createSpace(t, members.admin.token, organization.id, { title: 'Copy' });
    const imported = await as('editor').post(`/v1/spaces/${copy.id}/content/import`, { source: 'zip', url: dataUrl(res.body as Buffer, 'application/zip') });
    expect(imported.status).toBe(201);
    const original = await contentSnapshot(as('reader'), space.id);
    const roundTrip = await contentSnapshot(as('reader'), copy.id);
    expect(roundTrip.pages.length).toBe(1000);
    expect(roundTrip.pages.map(([name]) => name)).toEqual(original.pages.map(([name]) => name));
    expect(roundTrip).toEqual(original);
    // 1,000 pages generated, exported, imported, and 2,000 bodies read one page at a time by the snapshots.
  }, 240_000);

  it("keeps an archive's paths: the importer records them in its write (ImportedPaths)", async () => {
    const { space, as, base } = await setup();
    const zip = await makeZip(folderEntries(FIXTURE));
    expect((await as('editor').post(`${base}/import`, { source: 'zip', url: dataUrl(zip, 'application/zip') })).status).toBe(201);
    const exported = unzipWithTool((await as('reader').get(`/v1/spaces/${space.id}/export`, { query: { format: 'markdown' } })).body as Buffer);
    const original = Object.keys(folderEntries(FIXTURE)).filter((path) => path.endsWith('.md') && !path.startsWith('.gitbook/'));
    expect([...exported.keys()].filter((path) => path.endsWith('.md') && !path.startsWith('.gitbook/')).sort()).toEqual(original.sort());
    expect([...exported.keys()]).toEqual(expect.arrayContaining(['.gitbook/assets/screenshot (1).png', '.gitbook/assets/logo.png']));
    const recorded = await t.get(MarkdownExports).recorded(space.id);
    expect(recorded.filter((entry) => entry.kind === 'page').map((entry) => entry.path)).toEqual(expect.arrayContaining(['README.md', 'getting-started/README.md', 'getting-started/installation.md']));
    expect(recorded.filter((entry) => entry.kind === 'file').map((entry) => entry.path)).toEqual(expect.arrayContaining(['.gitbook/assets/logo.png']));

    // A page import's paths are the archive's, not the space's: nothing more is recorded.
    const page = ((await as('reader').get(`${base}/pages`)).body.pages as { id: string; type: string }[]).find((candidate) => candidate.type === 'document')!;
    const single = await makeZip({ 'notes.md': Buffer.from('# Notes\n\nText.\n') });
    expect((await as('editor').post(`${base}/page/${page.id}/import`, { source: 'zip', url: dataUrl(single, 'application/zip') })).status).toBe(201);
    expect((await t.get(MarkdownExports).recorded(space.id)).length).toBe(recorded.length);
  });
});
