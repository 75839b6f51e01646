import { ContentModule } from '@docs/content';
import { createSpace, dataUrl, folderEntries, makeZip, readFolder, unzipWithTool } from '@docs/content/testing';
import { CollaborationModule } from '@docs/collaboration';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './cli';

const FIXTURE = join(__dirname, '../../../libs/content/src/lib/imports/fixtures/gitbook-docs');

describe('operator CLI: export', () => {
  let t: TestApp;
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
    env = { DATABASE_URL: t.database.url };
  });
  afterAll(() => t.close());

  async function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, { out: (l) => out.push(...l.split('\n')), err: (l) => err.push(...l.split('\n')) }, env);
    return { code, out, err, last: out[out.length - 1] };
  }

  async function importedSpace() {
    const { organization, members } = await createOrganization(t, {});
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = t.http.as(members.admin.token);
    const zip = await makeZip(folderEntries(FIXTURE));
    expect((await as.post(`/v1/spaces/${space.id}/content/import`, { source: 'zip', url: dataUrl(zip, 'application/zip') })).status).toBe(201);
    return { space, as, members };
  }

  it('writes a folder and a zip file from the database, the same files as the api serves', async () => {
    const { space, as } = await importedSpace();
    const served = unzipWithTool((await as.get(`/v1/spaces/${space.id}/export`, { query: { format: 'markdown' } })).body as Buffer);
    const dir = mkdtempSync(join(tmpdir(), 'cli-export-'));

    const folder = await cli('export', '--space', space.id, join(dir, 'docs'));
    expect(folder.err).toEqual([]);
    expect(folder.code).toBe(0);
    expect(folder.out[0]).toMatch(/^exporting revision \w+: \d+ files$/);
    expect(folder.out).toContainEqual(expect.stringMatching(/^exported \d+ files in [\d.]+ s to:$/));
    expect(folder.last).toBe(join(dir, 'docs'));
    expect(readFolder(join(dir, 'docs'))).toEqual(served);

    const file = await cli('export', '--space', space.id, join(dir, 'docs.zip'));
    expect(file.code).toBe(0);
    expect(file.out).toContainEqual(expect.stringMatching(/^exported a zip of \d+ KB in [\d.]+ s to:$/));
    expect(unzipWithTool(readFileSync(join(dir, 'docs.zip')))).toEqual(served);

    // Never over existing files.
    const again = await cli('export', '--space', space.id, join(dir, 'docs'));
    expect([again.code, again.err]).toEqual([1, [expect.stringMatching(/is not empty/)]]);
    expect((await cli('export', '--space', space.id, join(dir, 'docs.zip'))).code).toBe(1);
    expect((await cli('export', '--space', 'nope', join(dir, 'other'))).err).toEqual(['error: no space has the id nope']);
    expect((await cli('export', '--space', space.id, '--revision', 'nope', join(dir, 'other'))).err).toEqual([`error: space ${space.id} has no revision nope`]);
  });

  it("exports a change request's content, and downloads from a running api with --api and --token", async () => {
    const { space, as, members } = await importedSpace();
    const cr = (await as.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'More' })).body;
    expect((await as.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`, { title: 'Proposed page', markdown: 'New.' })).status).toBe(201);
    const dir = mkdtempSync(join(tmpdir(), 'cli-export-'));
    const byNumber = await cli('export', '--space', space.id, '--change-request', String(cr.number), join(dir, 'cr'));
    expect(byNumber.code).toBe(0);
    expect(readFileSync(join(dir, 'cr', 'proposed-page.md'), 'utf8')).toBe('# Proposed page\n\nNew.\n');

    const server = t.app.getHttpServer();
    if (!server.address()) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const viaApi = await cli('export', '--space', space.id, '--api', api, '--token', members.admin.token, join(dir, 'api'));
    expect(viaApi.err).toEqual([]);
    expect(readFolder(join(dir, 'api'))).toEqual(unzipWithTool((await as.get(`/v1/spaces/${space.id}/export`, { query: { format: 'markdown' } })).body as Buffer));
    const zipped = await cli('export', '--space', space.id, '--change-request', cr.id, '--api', api, '--token', members.admin.token, join(dir, 'cr.zip'));
    expect(zipped.code).toBe(0);
    expect(unzipWithTool(readFileSync(join(dir, 'cr.zip'))).get('proposed-page.md')?.toString()).toBe('# Proposed page\n\nNew.\n');
    const refused = await cli('export', '--space', space.id, '--api', api, '--token', 'dpt_wrong', join(dir, 'denied'));
    expect([refused.code, refused.err[0]]).toEqual([1, expect.stringMatching(/^error: the api answered 401/)]);
    mkdirSync(join(dir, 'full'));
    writeFileSync(join(dir, 'full', 'x'), 'x');
    expect((await cli('export', '--space', space.id, '--api', api, '--token', members.admin.token, join(dir, 'full'))).code).toBe(1);
  });
});
