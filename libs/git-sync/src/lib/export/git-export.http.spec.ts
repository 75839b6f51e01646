import { createSpace, readFolder, unzipWithTool } from '@docs/content/testing';
import { createOrganization } from '@docs/identity/testing';
import type { TestCaller } from '@docs/platform/testing';
import { cloneWithGit, commitWithGit, createGitSyncWorld, git, GIT_USER, GitSyncWorld, operationOutcome, workingCopy } from '../../testing';

type As = (who: 'admin' | 'editor' | 'reader') => TestCaller;

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('Git export (POST /v1/spaces/{spaceId}/git/export), run by the worker against a Git smart-HTTP server', () => {
  let world: GitSyncWorld;
  beforeAll(async () => {
    world = await createGitSyncWorld();
  });
  afterAll(() => world.close());

  async function setup(name: string) {
    const t = world.api;
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id, { title: 'Handbook' });
    const as: As = (who) => t.http.as(members[who].token);
    const base = `/v1/spaces/${space.id}/content`;
    world.git.createRepository(name);
    const url = world.git.url(name, GIT_USER);
    return { organization, members, space, as, base, url, name };
  }

  async function fill(as: As, base: string) {
    const logo = await as('editor').post(`${base}/files`, undefined, { query: { name: 'logo.png' }, raw: PNG, headers: { 'Content-Type': 'image/png' } });
    const page = async (title: string, body: Record<string, unknown> = {}) => (await as('editor').post(`${base}/pages`, { title, ...body })).body;
    const intro = await page('Introduction', { markdown: 'Welcome to the handbook.', description: 'Start here.' });
    const guide = await page('Guide', { markdown: `Read [the introduction](ref:page/${intro.id}).\n\n![logo](ref:file/${logo.body.id})` });
    const setupPage = await page('Setup', { parent: guide.id, markdown: '{% hint style="info" %}\nInstall first.\n{% endhint %}' });
    await as('editor').post(`${base}/reusable-contents`, { title: 'Footer', markdown: 'Questions? Ask us.' });
    await as('editor').put(`${base}/variables`, { variables: { product: 'Docs' } });
    return { intro, guide, setupPage };
  }

  const exportTo = async (as: As, spaceId: string, url: string, body: Record<string, unknown> = {}) => {
    const res = await as('admin').post(`/v1/spaces/${spaceId}/git/export`, { url, ref: 'refs/heads/main', commitMessage: 'Update the docs', ...body });
    expect([res.status, res.text]).toEqual([204, '']);
    return operationOutcome(as('reader'), res.headers.location);
  };

  it('commits the export in the layout and pushes it: a clone made by git has the files of the zip export', async () => {
    const { space, as, base, url, members } = await setup('handbook');
    await fill(as, base);
    const operation = await exportTo(as, space.id, url);
    expect(operation).toMatchObject({ state: 'success', direction: 'export', stage: 'finalize', queued: false, ref: 'refs/heads/main', revision: expect.any(String) });
    expect(operation.revision).toBe((await as('reader').get(`/v1/spaces/${space.id}`)).body.revision);
    expect(operation.commit).toMatchObject({ oid: expect.stringMatching(/^[0-9a-f]{40}$/), message: 'Update the docs', createdByGitBook: true });
    expect(operation.url).toBe(world.git.url('handbook'));
    expect(JSON.stringify(operation)).not.toContain(GIT_USER.password);

    const clone = await cloneWithGit(url);
    expect(await git(clone, 'rev-parse', 'HEAD')).toBe(operation.commit.oid);
    expect(await git(clone, 'log', '-1', '--format=%an <%ae>|%cn <%ce>|%s')).toBe(`${members.admin.user.displayName} <${members.admin.user.email}>|${members.admin.user.displayName} <${members.admin.user.email}>|Update the docs`);
    const zip = unzipWithTool((await as('reader').get(`/v1/spaces/${space.id}/export`, { query: { format: 'markdown' } })).body as Buffer);
    expect(readFolder(clone, { skip: /^\.git$/ })).toEqual(zip);

    // The space now shows its Git Sync; the info and the settings say the same.
    const read = await as('reader').get(`/v1/spaces/${space.id}`);
    expect(read.body.gitSync).toEqual({ repoName: 'handbook', integration: 'git-sync', url: world.git.url('handbook'), updatedAt: expect.any(String) });
    expect((await as('reader').get(`/v1/spaces/${space.id}/git/info`)).body).toEqual(read.body.gitSync);
    const settings = await as('reader').get(`/v1/spaces/${space.id}/git/settings`);
    expect(settings.body).toMatchObject({ url: world.git.url('handbook'), ref: 'refs/heads/main', repoProjectDirectory: '', hasCredentials: true, exportOnMerge: false, lastCommit: operation.commit.oid, lastRevision: read.body.revision });
    expect(settings.text).not.toContain(GIT_USER.password);
  });

  it('makes no commit when no file changed, and an edit of one page changes that file only', async () => {
    const { space, as, base, url } = await setup('edits');
    const { setupPage } = await fill(as, base);
    const first = await exportTo(as, space.id, url);
    const again = await exportTo(as, space.id, url);
    expect(again.commit).toMatchObject({ oid: first.commit.oid, createdByGitBook: false, message: 'Update the docs' });

    await as('editor').patch(`${base}/page/${setupPage.id}`, { markdown: 'Install first, then run it.' });
    const edited = await exportTo(as, space.id, url, { commitMessage: 'Edit the setup' });
    expect(edited.commit.oid).not.toBe(first.commit.oid);
    const clone = await cloneWithGit(url);
    expect(await git(clone, 'diff', '--name-only', `${first.commit.oid}`, 'HEAD')).toBe('guide/setup.md');
    expect(await git(clone, 'rev-list', '--count', 'HEAD')).toBe('2');
  });

  it('exports into a folder of a repository with other files, leaving them alone, on top of its commits', async () => {
    const { space, as, base, url } = await setup('monorepo');
    await fill(as, base);
    const work = await workingCopy(url);
    await commitWithGit(work, { 'src/index.ts': 'export {};\n', 'docs/.keep': '' }, 'Code');
    await git(work, 'push', '--quiet', 'origin', 'main');
    const operation = await exportTo(as, space.id, url, { repoProjectDirectory: 'docs/' });
    expect(operation).toMatchObject({ state: 'success', repoProjectDirectory: 'docs' });
    const clone = await cloneWithGit(url);
    const files = [...readFolder(clone, { skip: /^\.git$/ }).keys()];
    expect(files).toEqual(expect.arrayContaining(['src/index.ts', 'docs/.keep', 'docs/README.md', 'docs/SUMMARY.md', 'docs/guide/README.md', 'docs/.gitbook/assets/logo.png']));
    expect(await git(clone, 'log', '--format=%s')).toBe('Update the docs\nCode');
  });
});
