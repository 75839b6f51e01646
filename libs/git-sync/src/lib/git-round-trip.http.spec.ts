import { contentSnapshot, createSpace, dataUrl, folderEntries, generateSpaceContent, makeZip } from '@docs/content/testing';
import { createOrganization } from '@docs/identity/testing';
import { join } from 'node:path';
import { cloneWithGit, createGitSyncWorld, git, GIT_USER, GitSyncWorld, operationOutcome } from '../testing';

const FIXTURE = join(__dirname, '../../../content/src/lib/imports/fixtures/gitbook-docs');
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('round trip through Git: exported to a repository, imported into an empty space, the same content', () => {
  let world: GitSyncWorld;
  beforeAll(async () => {
    world = await createGitSyncWorld();
  });
  afterAll(() => world.close());

  async function twoSpaces(repository: string) {
    const t = world.api;
    const { organization, members } = await createOrganization(t, {});
    const source = await createSpace(t, members.admin.token, organization.id, { title: 'Source' });
    const copy = await createSpace(t, members.admin.token, organization.id, { title: 'Copy' });
    const as = t.http.as(members.admin.token);
    world.git.createRepository(repository);
    return { organization, members, source, copy, as, url: world.git.url(repository, GIT_USER) };
  }

  async function roundTrip(as: ReturnType<typeof world.api.http.as>, sourceId: string, copyId: string, url: string) {
    const exported = await as.post(`/v1/spaces/${sourceId}/git/export`, { url, ref: 'refs/heads/main', commitMessage: 'Export' });
    expect((await operationOutcome(as, exported.headers.location, 180_000)).state).toBe('success');
    const imported = await as.post(`/v1/spaces/${copyId}/git/import`, { url, ref: 'refs/heads/main' });
    const operation = await operationOutcome(as, imported.headers.location, 180_000);
    expect(operation).toMatchObject({ state: 'success', revision: expect.any(String) });
    const [original, copied] = [await contentSnapshot(as, sourceId), await contentSnapshot(as, copyId)];
    expect(copied.pages.map(([name]) => name)).toEqual(original.pages.map(([name]) => name));
    expect(copied).toEqual(original);
    // Every link between pages and to files resolved (none broken, as in the source).
    const broken = async (spaceId: string) => (await as.get(`/v1/spaces/${spaceId}/links`, { query: { status: 'broken', limit: 0 } })).body.count;
    expect(await broken(copyId)).toBe(await broken(sourceId));
    expect(await broken(copyId)).toBe(0);
    return operation;
  }

  it('the import fixtures', async () => {
    const { source, copy, as, url } = await twoSpaces('fixtures');
    const zip = await makeZip(folderEntries(FIXTURE));
    expect((await as.post(`/v1/spaces/${source.id}/content/import`, { source: 'zip', url: dataUrl(zip, 'application/zip') })).status).toBe(201);
    await roundTrip(as, source.id, copy.id, url);
  });

  // A few minutes on a loaded 2-core machine: 1,000 pages written, exported, imported and compared.
  it('a generated space of 1,000 pages, and the copy exported back to the repository makes no commit', async () => {
    const { organization, members, source, copy, as, url } = await twoSpaces('generated');
    const fileIds: string[] = [];
    for (const name of ['one.png', 'two.png']) {
      fileIds.push((await as.post(`/v1/spaces/${source.id}/content/files`, undefined, { query: { name }, raw: PNG, headers: { 'Content-Type': 'image/png' } })).body.id);
    }
    await generateSpaceContent(world.api, { spaceId: source.id, organizationId: organization.id, actor: members.admin.user.id }, { pages: 1000, fileIds });
    await roundTrip(as, source.id, copy.id, url);
    const clone = await cloneWithGit(url);
    const head = await git(clone, 'rev-parse', 'HEAD');
    const back = await as.post(`/v1/spaces/${copy.id}/git/export`, { url, ref: 'refs/heads/main', commitMessage: 'Back' });
    expect((await operationOutcome(as, back.headers.location, 180_000)).commit).toMatchObject({ oid: head, createdByGitBook: false });
  }, 600_000);
});
