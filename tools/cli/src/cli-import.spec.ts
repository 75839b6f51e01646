import { ContentModule } from '@docs/content';
import { createSpace, missingArchivers, REAL_ARCHIVES, RealArchiver, realZip, contentSnapshot } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { runCli } from './cli';

const FIXTURE = join(__dirname, '../../../libs/content/src/lib/imports/fixtures/gitbook-docs');

describe('operator CLI: import', () => {
  let t: TestApp;
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
    env = { DATABASE_URL: t.database.url };
  });
  afterAll(() => t.close());

  async function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, { out: (l) => out.push(...l.split('\n')), err: (l) => err.push(...l.split('\n')) }, env);
    return { code, out, err, last: out[out.length - 1] };
  }

  it('imports a folder (zipped on the fly) and a markdown file, with progress lines, one revision each', async () => {
    const { organization, members } = await createOrganization(t, {});
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = t.http.as(members.admin.token);

    const folder = await cli('import', '--space', space.id, FIXTURE);
    expect(folder.err).toEqual([]);
    expect(folder.code).toBe(0);
    expect(folder.out[0]).toMatch(/^packed \d+ files into gitbook-docs\.zip \(\d+ KB\); importing as zip$/);
    expect(folder.out).toContainEqual(expect.stringMatching(/^imported \d+ of \d+ resources in [\d.]+ s; revision:$/));
    expect((await as.get(`/v1/spaces/${space.id}`)).body.revision).toBe(folder.last);
    const pages = (await as.get(`/v1/spaces/${space.id}/content/pages`)).body.pages;
    expect(pages.map((p: { title: string }) => p.title)).toEqual(['Introduction', 'Getting started', 'Guides', 'Reference', 'Resources']);

    const dir = mkdtempSync(join(tmpdir(), 'cli-import-'));
    writeFileSync(join(dir, 'notes.md'), '# Notes\n\nA file.\n');
    const file = await cli('import', '--space', space.id, join(dir, 'notes.md'));
    expect(file.code).toBe(0);
    const after = (await as.get(`/v1/spaces/${space.id}/content/pages`)).body.pages;
    expect(after[after.length - 1].title).toBe('Notes');
  });

  it('with --api and --token, streams the zipped folder to a running api as the request body', async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const server = t.app.getHttpServer();
    if (!server.address()) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const sent = await cli('import', '--space', space.id, '--api', api, '--token', members.admin.token, FIXTURE);
    expect(sent.err).toEqual([]);
    expect(sent.code).toBe(0);
    expect((await t.http.as(members.admin.token).get(`/v1/spaces/${space.id}`)).body.revision).toBe(sent.last);
    const pages = (await t.http.as(members.admin.token).get(`/v1/spaces/${space.id}/content/pages`)).body.pages;
    expect(pages.map((p: { title: string }) => p.title)).toEqual(['Introduction', 'Getting started', 'Guides', 'Reference', 'Resources']);

    const refused = await cli('import', '--space', space.id, '--api', api, '--token', members.reader.token, FIXTURE);
    expect(refused).toMatchObject({ code: 1, err: [expect.stringMatching(/^error: the api answered 403: /)] });
    expect(await cli('import', '--space', space.id, '--api', api, FIXTURE)).toMatchObject({ code: 1, err: ['error: --api and --token go together'] });
  });

  it('imports the zips of real archivers (stored, deflated, data descriptors, ZIP64, bsdtar, git archive) as the same tree as the folder', async () => {
    expect(missingArchivers()).toEqual([]);
    const { organization, members } = await createOrganization(t, {});
    const as = t.http.as(members.admin.token);
    const folderSpace = await createSpace(t, members.admin.token, organization.id);
    expect((await cli('import', '--space', folderSpace.id, FIXTURE)).code).toBe(0);
    const reference = await contentSnapshot(as, folderSpace.id);
    const dir = mkdtempSync(join(tmpdir(), 'cli-import-'));
    for (const archiver of Object.keys(REAL_ARCHIVES) as RealArchiver[]) {
      const file = join(dir, 'docs.zip');
      writeFileSync(file, realZip(FIXTURE, archiver));
      const space = await createSpace(t, members.admin.token, organization.id);
      const run = await cli('import', '--space', space.id, file);
      expect([archiver, run.code, run.err]).toEqual([archiver, 0, []]);
      expect([archiver, await contentSnapshot(as, space.id)]).toEqual([archiver, reference]);
    }
    // Nine CLI processes (each starts Node, SWC and Nest): minutes on a loaded 2-core machine.
  }, 240_000);

  it('explains an unknown space and a file it cannot import', async () => {
    expect(await cli('import', '--space', 'nope', FIXTURE)).toMatchObject({ code: 1, err: ['error: no space has the id nope'] });
    const dir = mkdtempSync(join(tmpdir(), 'cli-import-'));
    writeFileSync(join(dir, 'data.csv'), 'a,b\n');
    const wrong = await cli('import', '--space', 'nope', join(dir, 'data.csv'));
    expect(wrong).toMatchObject({ code: 1, err: [expect.stringContaining('give a .md, .html, .docx or .zip file, or a folder')] });
  });
});
