import { createSpace } from '@docs/content/testing';
import { createOrganization } from '@docs/identity/testing';
import type { TestCaller } from '@docs/platform/testing';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { cloneWithGit, commitWithGit, createGitSyncWorld, git, gitEnv, GIT_USER, GitSyncWorld, operationOutcome, workingCopy } from '../../testing';

type As = (who: 'admin' | 'editor' | 'reader') => TestCaller;

const DOCS = { 'README.md': '# Docs\n\nHello.\n', 'SUMMARY.md': '# Table of contents\n\n* [Docs](README.md)\n' };

describe('Git Sync faults: each a recorded failure with a clear code, nothing half-imported, nothing pushed twice', () => {
  let world: GitSyncWorld;
  const logLines: string[] = [];
  beforeAll(async () => {
    const log = new Writable({
      write(chunk, _encoding, callback) {
        logLines.push(String(chunk));
        callback();
      },
    });
    world = await createGitSyncWorld({ log });
  });
  afterAll(() => world.close());

  async function setup(repository: string | null) {
    const t = world.api;
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id, { title: 'Docs' });
    const as: As = (who) => t.http.as(members[who].token);
    if (repository) world.git.createRepository(repository);
    expect((await as('editor').post(`/v1/spaces/${space.id}/content/pages`, { title: 'Docs', markdown: 'Hello.' })).status).toBe(201);
    return { space, as, url: repository ? world.git.url(repository, GIT_USER) : '' };
  }

  const run = async (as: As, spaceId: string, direction: 'import' | 'export', body: Record<string, unknown>) => {
    const res = await as('admin').post(`/v1/spaces/${spaceId}/git/${direction}`, { ref: 'refs/heads/main', ...(direction === 'export' ? { commitMessage: 'Sync' } : {}), ...body });
    expect([res.status, res.text]).toEqual([204, '']);
    return operationOutcome(as('reader'), res.headers.location);
  };
  const revisionOf = async (as: As, spaceId: string) => (await as('reader').get(`/v1/spaces/${spaceId}`)).body.revision;

  it('unreachable: nothing listens at the address', async () => {
    const { space, as } = await setup(null);
    const operation = await run(as, space.id, 'export', { url: 'http://127.0.0.1:9/docs.git' });
    expect(operation).toMatchObject({ state: 'failure', errorCode: 'unreachable', error: expect.stringContaining('127.0.0.1:9') });
    expect(operation.completedAt).toBeUndefined();
  });

  it('forbidden: an internal address FETCH_ALLOW_HOSTS does not open is never contacted', async () => {
    const { space, as } = await setup('forbidden');
    const port = new URL(world.git.origin).port;
    const before = world.git.requests.length;
    const operation = await run(as, space.id, 'import', { url: `http://127.0.0.2:${port}/forbidden.git` });
    expect(operation).toMatchObject({ state: 'failure', errorCode: 'url-forbidden', error: expect.stringMatching(/internal address.*FETCH_ALLOW_HOSTS/) });
    const metadata = await run(as, space.id, 'import', { url: 'http://169.254.169.254/latest.git' });
    expect(metadata).toMatchObject({ state: 'failure', errorCode: 'url-forbidden' });
    expect(world.git.requests.length).toBe(before);
  });

  it('bad credentials: refused, and the password appears in no answer and no log line', async () => {
    const { space, as } = await setup('private');
    const wrong = world.git.url('private', { username: GIT_USER.username, password: 'wrong-password-77' });
    const operation = await run(as, space.id, 'export', { url: wrong });
    expect(operation).toMatchObject({ state: 'failure', errorCode: 'auth-failed', error: expect.stringContaining('refused the credentials') });
    const anonymous = await run(as, space.id, 'export', { url: world.git.url('private') });
    expect(anonymous).toMatchObject({ state: 'failure', errorCode: 'auth-failed' });
    const answers = [
      (await as('reader').get(`/v1/spaces/${space.id}/git/operations`)).text,
      (await as('reader').get(`/v1/spaces/${space.id}/git/settings`)).text,
      (await as('reader').get(`/v1/spaces/${space.id}`)).text,
    ];
    const ok = await run(as, space.id, 'export', { url: world.git.url('private', GIT_USER) });
    expect(ok.state).toBe('success');
    for (const text of [...answers, ...logLines]) {
      expect(text).not.toContain('wrong-password-77');
      expect(text).not.toContain(GIT_USER.password);
    }
    expect(logLines.some((line) => line.includes('git sync failed'))).toBe(true);
    // The stored credentials are sealed: not in the clear in the database either.
    const rows = await world.api.dataSource.query(`SELECT credentials FROM git_sync_configs WHERE space_id = $1`, [space.id]);
    expect(rows[0].credentials).toMatch(/^v1\./);
    expect(rows[0].credentials).not.toContain(GIT_USER.password);
  });

  it('a URL that is a web site, not a Git repository', async () => {
    const { space, as } = await setup(null);
    const site = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Welcome</body></html>'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const operation = await run(as, space.id, 'import', { url: `http://127.0.0.1:${(site.address() as AddressInfo).port}/docs` });
      expect(operation).toMatchObject({ state: 'failure', errorCode: 'not-a-git-repository', error: expect.stringContaining("smart HTTP protocol") });
    } finally {
      site.close();
    }
  });

  it('a repository that does not exist, a ref that does not exist', async () => {
    const { space, as, url } = await setup('refs');
    const missing = await run(as, space.id, 'import', { url: world.git.url('nowhere', GIT_USER) });
    expect(missing).toMatchObject({ state: 'failure', errorCode: 'repository-not-found' });
    const work = await workingCopy(url);
    await commitWithGit(work, DOCS, 'Docs');
    await git(work, 'push', '--quiet', 'origin', 'main');
    const ref = await run(as, space.id, 'import', { url, ref: 'refs/heads/release' });
    expect(ref).toMatchObject({ state: 'failure', errorCode: 'ref-not-found', error: 'The repository has no ref refs/heads/release.' });
  });

  it("a repository not in GitBook's layout, or with a broken .gitbook.yaml: nothing imported", async () => {
    const { space, as, url } = await setup('code');
    const before = await revisionOf(as, space.id);
    const work = await workingCopy(url);
    await commitWithGit(work, { 'src/index.ts': 'export const x = 1;\n', 'package.json': '{}\n' }, 'Code only');
    await git(work, 'push', '--quiet', 'origin', 'main');
    const code = await run(as, space.id, 'import', { url });
    expect(code).toMatchObject({ state: 'failure', errorCode: 'not-gitbook-layout', error: expect.stringContaining('no markdown page') });
    const folder = await run(as, space.id, 'import', { url, repoProjectDirectory: 'docs' });
    expect(folder).toMatchObject({ state: 'failure', errorCode: 'not-gitbook-layout', error: expect.stringContaining('docs') });
    await commitWithGit(work, { ...DOCS, '.gitbook.yaml': 'root: [unclosed\n' }, 'Broken layout');
    await git(work, 'push', '--quiet', 'origin', 'main');
    const broken = await run(as, space.id, 'import', { url });
    expect(broken).toMatchObject({ state: 'failure', errorCode: 'invalid-content', error: expect.stringContaining('.gitbook.yaml') });
    expect(await revisionOf(as, space.id)).toBe(before);
    expect((await as('reader').get(`/v1/spaces/${space.id}/change-requests`)).body.count).toBe(0);
  });

  it('a push rejected because the branch moved meanwhile: nothing pushed, recorded; the next export builds on the new commit', async () => {
    const { space, as, url } = await setup('moved');
    const work = await workingCopy(url);
    await commitWithGit(work, { 'CONTRIBUTING.md': 'Be nice.\n' }, 'Start');
    await git(work, 'push', '--quiet', 'origin', 'main');
    // Someone else's commit, pushed (over the local transport) while the export is between fetch and push.
    const other = await cloneWithGit(url);
    await commitWithGit(other, { 'NOTES.md': 'Meanwhile.\n' }, 'Meanwhile');
    const bare = `${world.git.root}/moved.git`;
    world.git.beforeNextPush(() => execFileSync('git', ['push', '--quiet', bare, 'HEAD:refs/heads/main'], { cwd: other, env: gitEnv() }));
    const rejected = await run(as, space.id, 'export', { url });
    expect(rejected).toMatchObject({ state: 'failure', errorCode: 'push-rejected', error: expect.stringContaining('moved on the remote') });
    const clone = await cloneWithGit(url);
    expect(await git(clone, 'log', '--format=%s')).toBe('Meanwhile\nStart');
    expect((await as('reader').get(`/v1/spaces/${space.id}/git/settings`)).body.lastCommit).toBeUndefined();

    const next = await run(as, space.id, 'export', { url });
    expect(next).toMatchObject({ state: 'success', commit: { createdByGitBook: true } });
    const after = await cloneWithGit(url);
    expect(await git(after, 'log', '--format=%s')).toBe('Sync\nMeanwhile\nStart');
  });

  it('nothing pushed twice: an export run again after it pushed (its record lost) makes no second commit', async () => {
    const { space, as, url } = await setup('twice');
    const first = await run(as, space.id, 'export', { url });
    expect(first.commit.createdByGitBook).toBe(true);
    // As if the worker had stopped after the push, before recording it.
    await world.api.dataSource.query(`DELETE FROM space_export_files WHERE space_id = $1`, [space.id]);
    await world.api.dataSource.query(`UPDATE git_sync_configs SET last_commit = NULL, last_revision_id = NULL WHERE space_id = $1`, [space.id]);
    const again = await run(as, space.id, 'export', { url });
    expect(again).toMatchObject({ state: 'success', commit: { oid: first.commit.oid, createdByGitBook: false } });
    const clone = await cloneWithGit(url);
    expect(await git(clone, 'rev-list', '--count', 'HEAD')).toBe('1');
  });
});
