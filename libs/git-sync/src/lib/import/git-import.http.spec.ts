import { contentSnapshot, createSpace, dataUrl, folderEntries, makeZip, readFolder, unzipWithTool } from '@docs/content/testing';
import { createOrganization } from '@docs/identity/testing';
import { type TestCaller, watchConnectionOverlap } from '@docs/platform/testing';
import { join } from 'node:path';
import { cloneWithGit, commitWithGit, createGitSyncWorld, git, GIT_USER, GitSyncWorld, operationOutcome, workingCopy } from '../../testing';

type As = (who: 'admin' | 'editor' | 'reader') => TestCaller;

const FIXTURE = join(__dirname, '../../../../content/src/lib/imports/fixtures/gitbook-docs');
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A repository in GitBook's conventions, as GitBook's Git Sync writes one. */
const GITBOOK_REPO: Record<string, string | Buffer> = {
  'README.md': '---\ndescription: >-\n  Everything about the product, from the first install to the last upgrade, in\n  one place.\n---\n\n# Welcome\n\nStart with [the setup](getting-started/setup.md#install) or read the [FAQ](faq.md).\n',
  'SUMMARY.md': [
    '# Table of contents',
    '',
    '* [Welcome](README.md)',
    '* [FAQ](faq.md)',
    '',
    '## Getting started <a href="#getting-started" id="getting-started"></a>',
    '',
    '* [🚀 Setup](getting-started/setup.md)',
    '* [Hidden notes](getting-started/notes.md)',
    '',
  ].join('\n'),
  'faq.md': '# FAQ\n\n{% hint style="info" %}\nAsk anything.\n{% endhint %}\n\n{% include ".gitbook/includes/contact.md" %}\n',
  'getting-started/setup.md': '---\nvars:\n  step: one\n---\n\n# 🚀 Setup\n\n## Install\n\n![The installer](../.gitbook/assets/installer.png)\n\nBack to [the start](../).\n',
  'getting-started/notes.md': '---\nhidden: true\nnoIndex: true\n---\n\n# Hidden notes\n\nNot listed.\n',
  '.gitbook/includes/contact.md': '---\ntitle: Contact\n---\n\nWrite to help@example.com.\n',
  '.gitbook/vars.yaml': 'product: Docs\nversion: 2\n',
  '.gitbook/assets/installer.png': PNG,
  'src/tool.ts': 'export const tool = 1;\n',
};

/** Hand-written pages (`-` bullets, an unpadded table, `*emphasis*`): markdown GitBook's serializer never writes. */
const INTRO_BODY = ['See the [guide](guide.md) first.', '', '- one', '- two', '', '|a|b|', '|-|-|', '|1|2|', '', 'Some *emphasis*.', ''].join('\n');
const GUIDE_BODY = ['- step', '- another step', ''].join('\n');
const HAND_WRITTEN: Record<string, string> = {
  'README.md': `---\ndescription: The start.\n---\n\n# Intro\n\n${INTRO_BODY}`,
  'SUMMARY.md': '# Table of contents\n\n* [Intro](README.md)\n* [Guide](guide.md)\n',
  'guide.md': `# Guide\n\n${GUIDE_BODY}`,
};

describe('Git import (POST /v1/spaces/{spaceId}/git/import), run by the worker against a Git smart-HTTP server', () => {
  let world: GitSyncWorld;
  beforeAll(async () => {
    world = await createGitSyncWorld();
  });
  afterAll(() => world.close());

  async function setup(repository: string) {
    const t = world.api;
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id, { title: 'Docs' });
    const as: As = (who) => t.http.as(members[who].token);
    world.git.createRepository(repository);
    const url = world.git.url(repository, GIT_USER);
    return { organization, members, space, as, url, base: `/v1/spaces/${space.id}/content` };
  }

  /** A repository made with `git` commands: the files committed and pushed to `main`. */
  async function pushed(url: string, files: Record<string, string | Buffer>, message = 'Docs') {
    const work = await workingCopy(url);
    const commit = await commitWithGit(work, files, message);
    await git(work, 'push', '--quiet', 'origin', 'main');
    return { work, commit };
  }

  const importFrom = async (as: As, spaceId: string, url: string, body: Record<string, unknown> = {}) => {
    const res = await as('editor').post(`/v1/spaces/${spaceId}/git/import`, { url, ref: 'refs/heads/main', ...body });
    expect([res.status, res.text]).toEqual([204, '']);
    return operationOutcome(as('reader'), res.headers.location);
  };
  const exportTo = async (as: As, spaceId: string, url: string, commitMessage = 'Sync') => {
    const res = await as('admin').post(`/v1/spaces/${spaceId}/git/export`, { url, ref: 'refs/heads/main', commitMessage });
    expect(res.status).toBe(204);
    return operationOutcome(as('reader'), res.headers.location);
  };
  const pagesOf = async (as: As, spaceId: string) => {
    const all: any[] = [];
    const walk = (pages: any[]) => pages.forEach((page) => (all.push(page), walk(page.pages ?? [])));
    walk((await as('reader').get(`/v1/spaces/${spaceId}/content/pages`)).body.pages);
    return all;
  };

  it('imports the import fixtures pushed with git as the zip importer reads them; exported back unedited, no commit; one page edited, one file changed', async () => {
    const { organization, members, space, as, url } = await setup('fixtures');
    const { work, commit } = await pushed(url, folderEntries(FIXTURE) as Record<string, Buffer>);
    // Admin sets the repository up (editors may run syncs of a repository already set up).
    // The import's transaction lays out what it wrote (MarkdownExports.prepare with its tx): its reads in turn, one connection.
    const connections = watchConnectionOverlap();
    let imported;
    try {
      const first = await as('admin').post(`/v1/spaces/${space.id}/git/import`, { url, ref: 'refs/heads/main' });
      imported = await operationOutcome(as('reader'), first.headers.location);
      expect(connections.most()).toBe(1);
    } finally {
      connections.stop();
    }
    expect(imported).toMatchObject({ state: 'success', direction: 'import', commit: { oid: commit, message: 'Docs', createdByGitBook: false } });
    const current = (await as('reader').get(`/v1/spaces/${space.id}`)).body;
    expect(imported.revision).toBe(current.revision);
    expect(current.gitSync).toMatchObject({ repoName: 'fixtures', integration: 'git-sync' });

    const zipped = await createSpace(world.api, members.admin.token, organization.id, { title: 'Zip' });
    const zip = await makeZip(folderEntries(FIXTURE));
    expect((await as('editor').post(`/v1/spaces/${zipped.id}/content/import`, { source: 'zip', url: dataUrl(zip, 'application/zip') })).status).toBe(201);
    const fromGit = await contentSnapshot(as('reader'), space.id);
    const fromZip = await contentSnapshot(as('reader'), zipped.id);
    expect(fromGit.pages.map(([name]) => name)).toEqual(fromZip.pages.map(([name]) => name));
    expect(fromGit).toEqual(fromZip);

    // Unedited: the same bytes, no commit.
    const unedited = await exportTo(as, space.id, url);
    expect(unedited.commit).toMatchObject({ oid: commit, createdByGitBook: false });
    // One page edited: that file, and only it, changes.
    const installation = (await pagesOf(as, space.id)).find((page) => page.title === 'Installation');
    await as('editor').patch(`/v1/spaces/${space.id}/content/page/${installation.id}`, { markdown: 'Download it, run it.' });
    const edited = await exportTo(as, space.id, url, 'Shorter installation');
    expect(edited.commit).toMatchObject({ createdByGitBook: true, message: 'Shorter installation' });
    await git(work, 'pull', '--quiet', 'origin', 'main');
    expect(await git(work, 'diff', '--name-only', commit, 'HEAD')).toBe('getting-started/installation.md');
    expect(readFolder(work, { skip: /^\.git$/ }).get('getting-started/installation.md')?.toString()).toBe('---\ndescription: Installation in a few lines.\n---\n\n# Installation\n\nDownload it, run it.\n');

    // A fresh rendering of every other file gives the repository's bytes (the fixture is written in
    // GitBook's conventions): what an export writes for an item once it changes, it already writes now.
    const rendered = unzipWithTool((await as('reader').get(`/v1/spaces/${space.id}/export`, { query: { format: 'markdown' } })).body as Buffer);
    const original = folderEntries(FIXTURE) as Record<string, Buffer>;
    const differ = Object.keys(original)
      .filter((path) => path !== 'getting-started/installation.md' && rendered.has(path) && !rendered.get(path)?.equals(original[path]))
      .map((path) => {
        const [a, b] = [original[path].toString('utf8').split('\n'), (rendered.get(path) as Buffer).toString('utf8').split('\n')];
        const line = a.findIndex((text, i) => text !== b[i]);
        return `${path}:${line + 1} ${JSON.stringify(a[line] ?? '(end of file)')} -> ${JSON.stringify(b[line] ?? '(end of file)')}`;
      });
    expect(differ).toEqual([]);
  });

  it("reads GitBook's conventions: emoji titles, front matter (description, hidden, noIndex, vars), vars.yaml, includes, assets; unedited export makes no commit", async () => {
    const { space, as, url, base } = await setup('conventions');
    const { commit } = await pushed(url, GITBOOK_REPO);
    // An editor may not set the repository up (an admin may).
    const refused = await as('editor').post(`/v1/spaces/${space.id}/git/import`, { url, ref: 'refs/heads/main' });
    expect([refused.status, refused.body.error?.message]).toEqual([403, expect.stringMatching(/admin level/)]);
    const byAdmin = await as('admin').post(`/v1/spaces/${space.id}/git/import`, { url, ref: 'refs/heads/main' });
    expect((await operationOutcome(as('reader'), byAdmin.headers.location)).state).toBe('success');

    const pages = await pagesOf(as, space.id);
    expect(pages.map((page) => [page.title, page.type])).toEqual([
      ['Welcome', 'document'],
      ['FAQ', 'document'],
      ['Getting started', 'group'],
      ['Setup', 'document'],
      ['Hidden notes', 'document'],
    ]);
    const byTitle = new Map(pages.map((page) => [page.title, page]));
    expect(byTitle.get('Getting started')).toMatchObject({ slug: 'getting-started' });
    expect(byTitle.get('Welcome')).toMatchObject({ description: 'Everything about the product, from the first install to the last upgrade, in one place.' });
    expect(byTitle.get('Setup')).toMatchObject({ emoji: '🚀', slug: 'setup', variables: { step: 'one' } });
    expect(byTitle.get('Hidden notes')).toMatchObject({ hidden: true, noIndex: true, slug: 'notes' });
    const revision = (await as('reader').get(base)).body;
    expect(revision.variables).toEqual({ product: 'Docs', version: 2 });
    expect(revision.reusableContents).toEqual([{ id: expect.any(String), title: 'Contact', document: expect.any(String) }]);
    const files = (await as('reader').get(`${base}/files`)).body.items;
    expect(files.map((file: { name: string }) => file.name)).toEqual(['installer.png']);
    const setupPage = await as('reader').get(`${base}/page/${byTitle.get('Setup').id}`, { query: { format: 'markdown' } });
    // Page reads name files and pages by the repository's relative paths, as the files do.
    expect(setupPage.body.markdown).toContain('![The installer](../.gitbook/assets/installer.png)');
    const welcome = await as('reader').get(`${base}/page/${byTitle.get('Welcome').id}`, { query: { format: 'markdown' } });
    expect(welcome.body.markdown).toContain('[the setup](getting-started/setup.md#install)');
    const links = await as('reader').all(`/v1/spaces/${space.id}/links`);
    expect(links.filter((link: { status: string }) => link.status !== 'ok')).toEqual([]);

    const unedited = await exportTo(as, space.id, url);
    expect(unedited.commit).toMatchObject({ oid: commit, createdByGitBook: false });
    const clone = await cloneWithGit(url);
    expect(readFolder(clone, { skip: /^\.git$/ })).toEqual(new Map(Object.entries(GITBOOK_REPO).map(([path, data]) => [path, Buffer.from(data)])));
  });

  it('imports what changed in git: pages keep their ids (a renamed file too), new ones appear, deleted ones go, unchanged bodies are not rewritten', async () => {
    const { space, as, url } = await setup('changes');
    const { work } = await pushed(url, GITBOOK_REPO);
    const byAdmin = await as('admin').post(`/v1/spaces/${space.id}/git/import`, { url, ref: 'refs/heads/main' });
    await operationOutcome(as('reader'), byAdmin.headers.location);
    const before = new Map((await pagesOf(as, space.id)).map((page) => [page.title, page]));

    await git(work, 'mv', 'faq.md', 'questions.md');
    await commitWithGit(
      work,
      {
        'SUMMARY.md': (GITBOOK_REPO['SUMMARY.md'] as string).replace('faq.md', 'questions.md').replace('* [Hidden notes](getting-started/notes.md)\n', '* [Upgrade](getting-started/upgrade.md)\n'),
        'getting-started/notes.md': null,
        'getting-started/upgrade.md': '# Upgrade\n\nRun the installer again.\n',
        'getting-started/setup.md': (GITBOOK_REPO['getting-started/setup.md'] as string).replace('## Install', '## Install it'),
        'README.md': (GITBOOK_REPO['README.md'] as string).replace('faq.md', 'questions.md'),
      },
      'Rename the FAQ, add an upgrade page',
    );
    await git(work, 'push', '--quiet', 'origin', 'main');
    const operation = await importFrom(as, space.id, url);
    expect(operation).toMatchObject({ state: 'success', commit: { message: 'Rename the FAQ, add an upgrade page' } });

    const after = new Map((await pagesOf(as, space.id)).map((page) => [page.title, page]));
    expect([...after.keys()]).toEqual(['Welcome', 'FAQ', 'Getting started', 'Setup', 'Upgrade']);
    expect(after.get('FAQ')).toMatchObject({ id: before.get('FAQ').id, slug: 'questions', documentId: before.get('FAQ').documentId });
    expect(after.get('Setup').id).toBe(before.get('Setup').id);
    expect(after.get('Setup').documentId).not.toBe(before.get('Setup').documentId);
    expect(after.get('Welcome').id).toBe(before.get('Welcome').id);
    expect(after.has('Hidden notes')).toBe(false);
    // Importing the same commit again changes nothing.
    const again = await importFrom(as, space.id, url);
    expect(again).toMatchObject({ state: 'success', commit: { oid: operation.commit.oid } });
    expect(again.revision).toBeUndefined();
    expect((await as('reader').get(`/v1/spaces/${space.id}`)).body.revision).toBe(operation.revision);
  });

  it('imports into a space edited since the last sync as a change request, merged three ways with those edits', async () => {
    const { space, as, url, base } = await setup('concurrent');
    const { work } = await pushed(url, GITBOOK_REPO);
    const byAdmin = await as('admin').post(`/v1/spaces/${space.id}/git/import`, { url, ref: 'refs/heads/main' });
    await operationOutcome(as('reader'), byAdmin.headers.location);
    const pages = new Map((await pagesOf(as, space.id)).map((page) => [page.title, page]));
    // In the space: the FAQ's body; in git: the setup page, and a new page.
    await as('editor').patch(`${base}/page/${pages.get('FAQ').id}`, { markdown: '{% hint style="info" %}\nAsk anything, any time.\n{% endhint %}\n\n{% include "ref:reusable-content/' + (await as('reader').get(base)).body.reusableContents[0].id + '" %}' });
    const edited = (await as('reader').get(`/v1/spaces/${space.id}`)).body.revision;
    await commitWithGit(
      work,
      {
        'getting-started/setup.md': (GITBOOK_REPO['getting-started/setup.md'] as string).replace('Back to', 'Then go back to'),
        'SUMMARY.md': `${GITBOOK_REPO['SUMMARY.md']}* [Upgrade](getting-started/upgrade.md)\n`,
        'getting-started/upgrade.md': '# Upgrade\n\nRun the installer again.\n',
      },
      'Edit the setup',
    );
    await git(work, 'push', '--quiet', 'origin', 'main');
    const operation = await importFrom(as, space.id, url);
    expect(operation).toMatchObject({ state: 'success', changeRequest: expect.any(String) });
    // The primary content is not overwritten.
    expect((await as('reader').get(`/v1/spaces/${space.id}`)).body.revision).toBe(edited);

    const cr = await as('reader').get(`/v1/spaces/${space.id}/change-requests/${operation.changeRequest}`);
    expect(cr.body).toMatchObject({ status: 'open', subject: expect.stringContaining('the space changed since the last sync') });
    const crContent = `/v1/spaces/${space.id}/change-requests/${operation.changeRequest}/content`;
    const crPages = new Map<string, any>();
    const walk = (list: any[]) => list.forEach((page) => (crPages.set(page.title, page), walk(page.pages ?? [])));
    walk((await as('reader').get(`${crContent}/pages`)).body.pages);
    expect((await as('reader').get(`${crContent}/page/${crPages.get('Setup').id}`, { query: { format: 'markdown' } })).body.markdown).toContain('Then go back to');
    expect((await as('reader').get(`${crContent}/page/${crPages.get('FAQ').id}`, { query: { format: 'markdown' } })).body.markdown).toContain('Ask anything, any time.');
    expect(crPages.has('Upgrade')).toBe(true);

    const merged = await as('admin').post(`/v1/spaces/${space.id}/change-requests/${operation.changeRequest}/merge`);
    expect(merged.body).toMatchObject({ result: 'merge' });
    const after = new Map((await pagesOf(as, space.id)).map((page) => [page.title, page]));
    expect((await as('reader').get(`${base}/page/${after.get('Setup').id}`, { query: { format: 'markdown' } })).body.markdown).toContain('Then go back to');
    expect((await as('reader').get(`${base}/page/${after.get('FAQ').id}`, { query: { format: 'markdown' } })).body.markdown).toContain('Ask anything, any time.');
    expect(after.has('Upgrade')).toBe(true);
  });

  it('reports conflicting edits (the same paragraph in the space and in git) in the change request', async () => {
    const { space, as, url, base } = await setup('conflicts');
    const { work } = await pushed(url, GITBOOK_REPO);
    const byAdmin = await as('admin').post(`/v1/spaces/${space.id}/git/import`, { url, ref: 'refs/heads/main' });
    await operationOutcome(as('reader'), byAdmin.headers.location);
    const notes = (await pagesOf(as, space.id)).find((page) => page.title === 'Hidden notes');
    await as('editor').patch(`${base}/page/${notes.id}`, { markdown: 'Listed nowhere, edited in the space.' });
    await commitWithGit(work, { 'getting-started/notes.md': (GITBOOK_REPO['getting-started/notes.md'] as string).replace('Not listed.', 'Not listed, edited in git.') }, 'Edit the notes');
    await git(work, 'push', '--quiet', 'origin', 'main');
    const operation = await importFrom(as, space.id, url);
    expect(operation).toMatchObject({ state: 'success', changeRequest: expect.any(String) });
    const cr = (await as('reader').get(`/v1/spaces/${space.id}/change-requests/${operation.changeRequest}`)).body;
    const merge = await as('admin').post(`/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
    expect(merge.status).toBe(409);
    expect(merge.body.error.message).toContain(notes.id);
  });

  describe("pages keep their files: an unedited page reads back as the repository's file (format=markdown)", () => {
    const markdownOf = async (as: As, path: string) => {
      const res = await as('reader').get(path, { query: { format: 'markdown' } });
      expect(res.status).toBe(200);
      return res.body.markdown as string;
    };
    const idsOf = async (as: As, spaceId: string) => new Map((await pagesOf(as, spaceId)).map((page) => [page.title, page.id as string]));

    it('byte for byte after the import and after a re-import of a changed file (the page keeps its id); an edit falls back to the rendering; exported back unedited, no commit', async () => {
      const { space, as, url, base } = await setup('kept-files');
      const { work, commit } = await pushed(url, HAND_WRITTEN);
      const first = await as('admin').post(`/v1/spaces/${space.id}/git/import`, { url, ref: 'refs/heads/main' });
      const operation = await operationOutcome(as('reader'), first.headers.location);
      expect(operation.state).toBe('success');
      const ids = await idsOf(as, space.id);
      const intro = ids.get('Intro') as string;
      const guide = ids.get('Guide') as string;
      expect(await markdownOf(as, `${base}/page/${intro}`)).toBe(INTRO_BODY);
      expect(await markdownOf(as, `${base}/page/${guide}`)).toBe(GUIDE_BODY);
      expect(await markdownOf(as, `${base}/path/guide`)).toBe(GUIDE_BODY);
      expect(await markdownOf(as, `/v1/spaces/${space.id}/revisions/${operation.revision}/page/${intro}`)).toBe(INTRO_BODY);
      const tree = (await as('reader').get(`${base}/pages`, { query: { format: 'markdown' } })).body.pages as { markdown: string }[];
      expect(tree.map((page) => page.markdown)).toEqual([INTRO_BODY, GUIDE_BODY]);

      // Exported back unedited: the repository's bytes, no commit.
      expect((await exportTo(as, space.id, url)).commit).toMatchObject({ oid: commit, createdByGitBook: false });

      // A second commit changes the file (still hand-written): re-imported, the same page reads as the new file.
      const changed = `${INTRO_BODY}\n- three\n- four\n`;
      await commitWithGit(work, { 'README.md': HAND_WRITTEN['README.md'] + '\n- three\n- four\n' }, 'More bullets');
      await git(work, 'push', '--quiet', 'origin', 'main');
      const second = await importFrom(as, space.id, url);
      expect(second).toMatchObject({ state: 'success', commit: { message: 'More bullets' } });
      expect(second.changeRequest).toBeUndefined();
      expect((await idsOf(as, space.id)).get('Intro')).toBe(intro);
      expect(await markdownOf(as, `${base}/page/${intro}`)).toBe(changed);
      // The unchanged file still reads as itself.
      expect(await markdownOf(as, `${base}/page/${guide}`)).toBe(GUIDE_BODY);
      // The first import's revision renders its page as then: the file kept now is not that one.
      expect(await markdownOf(as, `/v1/spaces/${space.id}/revisions/${operation.revision}/page/${intro}`)).toBe(INTRO_BODY.replace('- one\n- two', '* one\n* two').replace('|a|b|\n|-|-|\n|1|2|', '| a | b |\n| - | - |\n| 1 | 2 |').replace('*emphasis*', '_emphasis_'));

      // An edit through the API: the page reads as this platform's rendering (GitBook's conventions).
      const edited = await as('editor').patch(`${base}/page/${guide}`, { markdown: '- step\n- edited step\n' });
      expect(edited.status).toBe(200);
      expect(await markdownOf(as, `${base}/page/${guide}`)).toBe('* step\n* edited step\n');
      expect(await markdownOf(as, `${base}/page/${intro}`)).toBe(changed);
    });

    it('into a change request when the space changed since the last sync: the change request reads the new file, the space still its own; merged, the space reads the new file', async () => {
      const { space, as, url, base } = await setup('kept-files-cr');
      const { work } = await pushed(url, HAND_WRITTEN);
      const first = await as('admin').post(`/v1/spaces/${space.id}/git/import`, { url, ref: 'refs/heads/main' });
      expect((await operationOutcome(as('reader'), first.headers.location)).state).toBe('success');
      const ids = await idsOf(as, space.id);
      const intro = ids.get('Intro') as string;
      const guide = ids.get('Guide') as string;
      // In the space: the guide; in git: the intro.
      expect((await as('editor').patch(`${base}/page/${guide}`, { markdown: 'Edited in the space.' })).status).toBe(200);
      const changed = INTRO_BODY.replace('- two', '- two\n- three');
      await commitWithGit(work, { 'README.md': HAND_WRITTEN['README.md'].replace('- two', '- two\n- three') }, 'A third bullet');
      await git(work, 'push', '--quiet', 'origin', 'main');
      const operation = await importFrom(as, space.id, url);
      expect(operation).toMatchObject({ state: 'success', changeRequest: expect.any(String) });

      const crContent = `/v1/spaces/${space.id}/change-requests/${operation.changeRequest}/content`;
      expect(await markdownOf(as, `${crContent}/page/${intro}`)).toBe(changed);
      expect(await markdownOf(as, `${crContent}/page/${guide}`)).toBe('Edited in the space.\n');
      expect(await markdownOf(as, `/v1/spaces/${space.id}/revisions/${operation.revision}/page/${intro}`)).toBe(changed);
      // The space's page is the first file's content: its rendering is not the one kept now.
      expect(await markdownOf(as, `${base}/page/${intro}`)).not.toBe(changed);

      const merged = await as('admin').post(`/v1/spaces/${space.id}/change-requests/${operation.changeRequest}/merge`);
      expect(merged.body).toMatchObject({ result: 'merge' });
      expect(await markdownOf(as, `${base}/page/${intro}`)).toBe(changed);
      expect(await markdownOf(as, `${base}/page/${guide}`)).toBe('Edited in the space.\n');
    });

    it('a standalone import keeps no file: the space keeps reading the files of the sync it is on', async () => {
      const { space, as, url, base } = await setup('kept-files-standalone');
      const { work } = await pushed(url, HAND_WRITTEN);
      const first = await as('admin').post(`/v1/spaces/${space.id}/git/import`, { url, ref: 'refs/heads/main' });
      expect((await operationOutcome(as('reader'), first.headers.location)).state).toBe('success');
      const intro = (await idsOf(as, space.id)).get('Intro') as string;
      await commitWithGit(work, { 'README.md': HAND_WRITTEN['README.md'].replace('- two', '- two\n- three') }, 'A third bullet');
      await git(work, 'push', '--quiet', 'origin', 'main');
      const standalone = await importFrom(as, space.id, url, { standalone: true });
      expect(standalone).toMatchObject({ state: 'success', standalone: true, revision: expect.any(String) });
      expect(await markdownOf(as, `${base}/page/${intro}`)).toBe(INTRO_BODY);
      // The standalone revision's changed page is the rendering; its unchanged one is still the file.
      expect(await markdownOf(as, `/v1/spaces/${space.id}/revisions/${standalone.revision}/page/${intro}`)).toContain('* one\n* two\n* three');
      const guide = (await idsOf(as, space.id)).get('Guide') as string;
      expect(await markdownOf(as, `/v1/spaces/${space.id}/revisions/${standalone.revision}/page/${guide}`)).toBe(GUIDE_BODY);
    });
  });

  it('with standalone, makes a revision that does not become the primary content', async () => {
    const { space, as, url } = await setup('standalone');
    await pushed(url, GITBOOK_REPO);
    const before = (await as('reader').get(`/v1/spaces/${space.id}`)).body.revision;
    const res = await as('admin').post(`/v1/spaces/${space.id}/git/import`, { url, ref: 'refs/heads/main', standalone: true });
    const operation = await operationOutcome(as('reader'), res.headers.location);
    expect(operation).toMatchObject({ state: 'success', standalone: true, revision: expect.any(String) });
    expect(operation.revision).not.toBe(before);
    expect((await as('reader').get(`/v1/spaces/${space.id}`)).body.revision).toBe(before);
    expect((await as('reader').get(`/v1/spaces/${space.id}/content/pages`)).body.pages).toEqual([]);
    const revision = await as('reader').get(`/v1/spaces/${space.id}/revisions/${operation.revision}`);
    expect(revision.body.pages.map((page: { title: string }) => page.title)).toEqual(['Welcome', 'FAQ', 'Getting started']);
    expect(revision.body.parents).toEqual([before]);
  });
});
