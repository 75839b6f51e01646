import { createSpace } from '@docs/content/testing';
import { createOrganization } from '@docs/identity/testing';
import { eventPayloadProblems, outboxEvents } from '@docs/platform/testing';
import { cloneWithGit, commitWithGit, createGitSyncWorld, git, GIT_USER, GitSyncWorld, operationOutcome } from '../../testing';

/**
 * The worker's Git Sync runs announce themselves: `space_gitsync_started` when a run starts and
 * `space_gitsync_completed` when it ends, each in the transaction of its state move, valid
 * against the reference's SpaceGitSyncStartedEvent / SpaceGitSyncCompletedEvent.
 */
describe('Git Sync events: started and completed for every run, a failed one with its state', () => {
  let world: GitSyncWorld;
  beforeAll(async () => {
    eventPayloadProblems({ type: 'space_gitsync_started' }); // compile the reference schema first
    world = await createGitSyncWorld();
  });
  afterAll(() => world.close());

  it('export, import of a new commit, import of the synced commit, a failure: each run started then completed, in order', async () => {
    const { organization, members } = await createOrganization(world.api, { reader: 'read' });
    const space = await createSpace(world.api, members.admin.token, organization.id, { title: 'Docs' });
    const as = world.api.http.as(members.admin.token);
    world.git.createRepository('events');
    const url = world.git.url('events', GIT_USER);
    expect((await as.post(`/v1/spaces/${space.id}/content/pages`, { title: 'Docs', markdown: 'Hello.' })).status).toBe(201);
    const run = async (direction: 'import' | 'export', body: Record<string, unknown> = {}) => {
      const res = await as.post(`/v1/spaces/${space.id}/git/${direction}`, { url, ref: 'refs/heads/main', ...(direction === 'export' ? { commitMessage: 'Sync' } : {}), ...body });
      expect(res.status).toBe(204);
      return operationOutcome(world.api.http.as(members.reader.token), res.headers.location);
    };
    const revisionOf = async () => (await as.get(`/v1/spaces/${space.id}`)).body.revision as string;

    const exported = await run('export');
    expect(exported.state).toBe('success');
    const exportedRevision = await revisionOf();
    const work = await cloneWithGit(url);
    await commitWithGit(work, { 'README.md': '# Docs\n\nFrom git.\n' }, 'Edit in git');
    await git(work, 'push', '--quiet', 'origin', 'main');
    const imported = await run('import');
    expect(imported.state).toBe('success');
    const importedRevision = await revisionOf();
    expect(importedRevision).not.toBe(exportedRevision);
    const again = await run('import');
    expect(again.state).toBe('success');
    const failed = await run('export', { url: 'http://127.0.0.1:9/docs.git' });
    expect(failed).toMatchObject({ state: 'failure', errorCode: 'unreachable' });

    const payloads = await outboxEvents(world.api.dataSource, organization.id, ['space_gitsync_started', 'space_gitsync_completed']);
    for (const payload of payloads) expect({ type: payload.type, problems: eventPayloadProblems(payload) }).toEqual({ type: payload.type, problems: [] });
    const base = { spaceId: space.id, organizationId: organization.id, auth: { userId: members.admin.user.id } };
    expect(payloads).toEqual([
      // The export: from the revision it exports and no commit yet (the space's first sync) to the commit it pushed.
      expect.objectContaining({ ...base, type: 'space_gitsync_started', revisionId: exportedRevision, commitId: '' }),
      expect.objectContaining({ ...base, type: 'space_gitsync_completed', state: 'success', revisionId: exportedRevision, commitId: exported.commit.oid }),
      // The import of the new commit: from the space's revision and the synced commit to the new revision.
      expect.objectContaining({ ...base, type: 'space_gitsync_started', revisionId: exportedRevision, commitId: exported.commit.oid }),
      expect.objectContaining({ ...base, type: 'space_gitsync_completed', state: 'success', revisionId: importedRevision, commitId: imported.commit.oid }),
      // The commit already synced: nothing imported, the space's revision stands.
      expect.objectContaining({ ...base, type: 'space_gitsync_started', revisionId: importedRevision, commitId: imported.commit.oid }),
      expect.objectContaining({ ...base, type: 'space_gitsync_completed', state: 'success', revisionId: importedRevision, commitId: imported.commit.oid }),
      // The failure: completed with its state, naming where it started from (a request for another
      // repository is the space's sync from then on: no commit of it is known).
      expect.objectContaining({ ...base, type: 'space_gitsync_started', revisionId: importedRevision, commitId: '' }),
      expect.objectContaining({ ...base, type: 'space_gitsync_completed', state: 'failure', revisionId: importedRevision, commitId: '' }),
    ]);
  });
});
