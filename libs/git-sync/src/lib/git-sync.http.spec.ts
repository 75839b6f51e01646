import { createSpace } from '@docs/content/testing';
import { createOrganization } from '@docs/identity/testing';
import type { TestCaller } from '@docs/platform/testing';
import { cloneWithGit, commitWithGit, createGitSyncWorld, git, GIT_USER, GitSyncWorld, operationOutcome, workingCopy } from '../testing';

type As = (who: 'admin' | 'editor' | 'reader' | 'guest') => TestCaller;

describe('Git Sync over HTTP: requests, levels, info, operations, settings, order, export on merge', () => {
  let world: GitSyncWorld;
  beforeAll(async () => {
    // The worker starts in the first test, once it has queued what it wants to see run in order.
    world = await createGitSyncWorld({ startWorker: false });
  });
  afterAll(() => world.close());

  async function setup(repository: string) {
    const t = world.api;
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read', guest: null });
    const space = await createSpace(t, members.admin.token, organization.id, { title: 'Docs' });
    const as: As = (who) => t.http.as(members[who].token);
    world.git.createRepository(repository);
    expect((await as('editor').post(`/v1/spaces/${space.id}/content/pages`, { title: 'Docs', markdown: 'Hello.' })).status).toBe(201);
    return { organization, members, space, as, url: world.git.url(repository, GIT_USER), base: `/v1/spaces/${space.id}` };
  }

  it('runs a space\'s operations one at a time in the order of their `timestamp`, then of arrival; a space locked meanwhile fails its import, nothing written', async () => {
    const { as, url, base } = await setup('ordered');
    const work = await workingCopy(url);
    await commitWithGit(work, { 'README.md': '# Docs\n\nFrom git.\n', 'SUMMARY.md': '# Table of contents\n\n* [Docs](README.md)\n' }, 'Docs');
    await git(work, 'push', '--quiet', 'origin', 'main');
    const ask = async (direction: 'export' | 'import', extra: Record<string, unknown>) => {
      const res = await as('admin').post(`${base}/git/${direction}`, { url, ref: 'refs/heads/main', ...(direction === 'export' ? { commitMessage: 'Sync' } : {}), ...extra });
      expect(res.status).toBe(204);
      return new URL(res.headers.location).pathname;
    };
    const late = await ask('export', { timestamp: '2026-01-15T10:00:02.000Z', repoProjectDirectory: 'second' });
    const early = await ask('export', { timestamp: '2026-01-15T10:00:01.000Z', repoProjectDirectory: 'first' });
    const queued = await as('reader').get(late);
    expect(queued.body).toMatchObject({ state: 'running', queued: true, stage: 'repo_fetch', dispatchedTasks: 0, completedTasks: 0 });
    // Locked before the worker gets there: the import fails, the space keeps its content.
    const other = await setup('locked');
    const lockedImport = await other.as('admin').post(`${other.base}/git/import`, { url: world.git.url('ordered', GIT_USER), ref: 'refs/heads/main' });
    expect(lockedImport.status).toBe(204);
    const revision = (await other.as('reader').get(other.base)).body.revision;
    expect((await other.as('admin').patch(other.base, { editMode: 'locked' })).status).toBe(200);

    await world.startWorker();
    const [first, second] = [await operationOutcome(as('reader'), early), await operationOutcome(as('reader'), late)];
    expect([first.state, second.state]).toEqual(['success', 'success']);
    const clone = await cloneWithGit(url);
    // The one asked for second, with the earlier timestamp, ran first.
    expect(await git(clone, 'log', '--format=%s', '--', 'first')).toBe('Sync');
    expect((await git(clone, 'log', '--format=%H', '-2')).split('\n')).toEqual([second.commit.oid, first.commit.oid]);

    const failed = await operationOutcome(other.as('reader'), lockedImport.headers.location);
    expect(failed).toMatchObject({ state: 'failure', errorCode: 'space-locked' });
    expect((await other.as('reader').get(other.base)).body.revision).toBe(revision);
    expect((await other.as('reader').get(`${other.base}/change-requests`, { query: { status: 'open' } })).body.count).toBe(0);
  });

  it('refuses bad requests (400 naming the field), strangers (404), low levels (403) and locked spaces (409), changing nothing', async () => {
    const { as, url, base } = await setup('validation');
    const exportBody = { url, ref: 'refs/heads/main', commitMessage: 'Sync' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...exportBody, url: 'ftp://example.com/docs.git' }, /url must use http or https/],
      [{ ...exportBody, url: 'not a url' }, /url must be an absolute http or https URL/],
      [{ ...exportBody, url: 'https://example.com/' }, /url must name a repository/],
      [{ ...exportBody, url: 'https://example.com/docs.git?x=1' }, /url must not have a query/],
      [{ ...exportBody, ref: 'main' }, /ref must be a full ref name such as "refs\/heads\/<branch>"/],
      [{ ...exportBody, ref: 'refs/tags/v1' }, /ref must be a full ref name/],
      [{ ...exportBody, ref: 'refs/heads/a..b' }, /ref is not a valid Git ref name/],
      [{ ...exportBody, repoProjectDirectory: '../outside' }, /repoProjectDirectory must be a folder inside the repository/],
      [{ url, ref: 'refs/heads/main' }, /commitMessage/],
      [{ ...exportBody, standalone: true }, /property standalone should not exist/],
      [{ ...exportBody, gitInfo: { provider: 'bitbucket' } }, /gitInfo.provider must be one of/],
      [{ ...exportBody, timestamp: 'yesterday' }, /timestamp must be an ISO 8601 date-time/],
      [{ ...exportBody, force: 'yes' }, /force must be a boolean/],
    ];
    for (const [body, message] of cases) {
      const res = await as('admin').post(`${base}/git/export`, body);
      expect([res.status, res.body.error?.message]).toEqual([400, expect.stringMatching(message)]);
    }
    const importRes = await as('admin').post(`${base}/git/import`, { url, ref: 'refs/heads/main', commitMessage: 'x' });
    expect([importRes.status, importRes.body.error?.message]).toEqual([400, expect.stringMatching(/property commitMessage should not exist/)]);
    expect((await as('reader').get(`${base}/git/operations`)).body.count).toBe(0);
    expect((await as('reader').get(`${base}/git/info`)).status).toBe(404);
    expect((await as('reader').get(base)).body.gitSync).toBeUndefined();

    expect((await world.api.http.as(undefined).post(`${base}/git/export`, exportBody)).status).toBe(401);
    expect((await as('guest').post(`${base}/git/export`, exportBody)).status).toBe(404);
    const stranger = await createOrganization(world.api, {});
    expect((await world.api.http.as(stranger.members.admin.token).post(`${base}/git/export`, exportBody)).status).toBe(404);
    expect((await world.api.http.as(stranger.members.admin.token).get(`${base}/git/operations`)).status).toBe(404);
    expect((await as('reader').post(`${base}/git/export`, exportBody)).status).toBe(403);
    expect((await as('reader').post(`${base}/git/import`, { url, ref: 'refs/heads/main' })).status).toBe(403);
    // An editor runs syncs of the repository an admin set up, but does not change it.
    const editorFirst = await as('editor').post(`${base}/git/export`, exportBody);
    expect([editorFirst.status, editorFirst.body.error?.message]).toEqual([403, expect.stringMatching(/admin level/)]);
    const set = await as('admin').post(`${base}/git/export`, exportBody);
    expect(set.status).toBe(204);
    await operationOutcome(as('reader'), set.headers.location);
    const bare = world.git.url('validation');
    expect((await as('editor').post(`${base}/git/export`, { ...exportBody, url: bare })).status).toBe(204);
    expect((await as('editor').post(`${base}/git/export`, { ...exportBody, ref: 'refs/heads/other' })).status).toBe(403);
    expect((await as('editor').post(`${base}/git/export`, { ...exportBody, url: world.git.url('validation', { username: 'x', password: 'y' }) })).status).toBe(403);
    expect((await as('editor').post(`${base}/git/export`, { ...exportBody, repoProjectDirectory: 'docs' })).status).toBe(403);

    expect((await as('admin').patch(base, { editMode: 'locked' })).status).toBe(200);
    const locked = await as('admin').post(`${base}/git/export`, exportBody);
    expect([locked.status, locked.body.error?.message]).toEqual([409, expect.stringMatching(/locked/)]);
    expect((await as('admin').post(`${base}/git/import`, { url, ref: 'refs/heads/main' })).status).toBe(409);
  });

  it('lists the operations newest first with keyset pages and a direction filter; one by id; settings, export on merge, removal', async () => {
    const { as, url, base } = await setup('settings');
    for (const message of ['One', 'Two']) {
      await as('editor').post(`${base}/content/pages`, { title: `Page ${message}`, markdown: message });
      const res = await as('admin').post(`${base}/git/export`, { url, ref: 'refs/heads/main', commitMessage: message, repoCommitURL: 'https://git.example.com/docs/commit/', gitInfo: { provider: 'gitlab', url: 'https://git.example.com/docs/tree/main' } });
      await operationOutcome(as('reader'), res.headers.location);
    }
    const imported = await as('admin').post(`${base}/git/import`, { url, ref: 'refs/heads/main' });
    await operationOutcome(as('reader'), imported.headers.location);

    const list = await as('reader').get(`${base}/git/operations`);
    expect(list.body.count).toBe(3);
    expect(list.body.items.map((o: { direction: string }) => o.direction)).toEqual(['import', 'export', 'export']);
    expect(list.body.items[1]).toMatchObject({ commit: { message: 'Two', url: expect.stringMatching(/^https:\/\/git\.example\.com\/docs\/commit\/[0-9a-f]{40}$/) } });
    const page1 = await as('reader').get(`${base}/git/operations`, { query: { limit: 1, direction: 'export' } });
    expect([page1.body.count, page1.body.items[0].commit.message]).toEqual([2, 'Two']);
    const page2 = await as('reader').get(`${base}/git/operations`, { query: { limit: 1, direction: 'export', page: page1.body.next.page } });
    expect(page2.body.items[0].commit.message).toBe('One');
    expect(page2.body.next).toBeUndefined();
    expect((await as('reader').get(`${base}/git/operations`, { query: { page: 'forged' } })).status).toBe(400);
    expect((await as('reader').get(`${base}/git/operations`, { query: { direction: 'sideways' } })).status).toBe(400);
    const one = await as('reader').get(`${base}/git/operations/${list.body.items[0].id}`);
    expect(one.body).toEqual(list.body.items[0]);
    expect((await as('reader').get(`${base}/git/operations/unknown`)).status).toBe(404);

    const info = await as('reader').get(`${base}/git/info`);
    expect(info.body).toEqual({ repoName: 'settings', installationProvider: 'gitlab', integration: 'git-sync', url: 'https://git.example.com/docs/tree/main', updatedAt: expect.any(String) });
    expect((await as('reader').get(base)).body.gitSync).toEqual(info.body);

    expect((await as('editor').patch(`${base}/git/settings`, { exportOnMerge: true })).status).toBe(403);
    expect((await as('admin').patch(`${base}/git/settings`, { exportOnMerge: 'yes' })).status).toBe(400);
    const settings = await as('admin').patch(`${base}/git/settings`, { exportOnMerge: true });
    expect(settings.body).toMatchObject({ exportOnMerge: true, hasCredentials: true, url: world.git.url('settings'), ref: 'refs/heads/main' });

    // Export on merge: the merge revision is exported, with the merger as author.
    const cr = (await as('editor').post(`${base}/change-requests`, { subject: 'Add a page' })).body;
    await as('editor').post(`${base}/change-requests/${cr.id}/content/pages`, { title: 'Merged page', markdown: 'From a change request.' });
    const merged = await as('admin').post(`${base}/change-requests/${cr.id}/merge`);
    expect(merged.body.result).toBe('merge');
    const exported = (await as('reader').get(`${base}/git/operations`, { query: { limit: 1 } })).body.items[0];
    expect(exported).toMatchObject({ direction: 'export', revision: merged.body.revision });
    const done = await operationOutcome(as('reader'), `${base}/git/operations/${exported.id}`);
    expect(done).toMatchObject({ state: 'success', commit: { message: `Merge change request #${cr.number}: Add a page`, createdByGitBook: true } });
    const clone = await cloneWithGit(url);
    expect(await git(clone, 'show', 'HEAD:merged-page.md')).toBe('# Merged page\n\nFrom a change request.');

    expect((await as('editor').delete(`${base}/git/settings`)).status).toBe(403);
    expect((await as('admin').delete(`${base}/git/settings`)).status).toBe(205);
    expect((await as('reader').get(`${base}/git/info`)).status).toBe(404);
    expect((await as('reader').get(`${base}/git/settings`)).status).toBe(404);
    expect((await as('reader').get(base)).body.gitSync).toBeUndefined();
    expect((await as('reader').get(`${base}/git/operations`)).body.count).toBe(4);
    expect((await as('admin').delete(`${base}/git/settings`)).status).toBe(404);
  });
});
