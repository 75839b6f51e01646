import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp, TestCaller } from '@docs/platform/testing';
import { execSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSpace, dataUrl, folderEntries, makeZip, missingArchivers, REAL_ARCHIVES, RealArchiver, realZip, contentSnapshot, ContentSnapshot } from '../../testing';
import { ContentModule } from '../content.module';

const FIXTURE = join(__dirname, 'fixtures', 'gitbook-docs');
const ARCHIVERS = Object.keys(REAL_ARCHIVES) as RealArchiver[];

/**
 * Archives made by real archivers (Info-ZIP's `zip`, libarchive's `bsdtar`, `git archive`) with
 * their quirks: stored entries, data descriptors, ZIP64 extra fields, `./` names, a top folder.
 * Each must import the very tree the project's own writer's archive gives, over every route that
 * takes a zip (the CLI's is in tools/cli). An archive at fault is a 400 naming the entry.
 */
describe('zip archives made by real archivers', () => {
  let t: TestApp;
  let server: Server;
  let origin: string;
  const served = new Map<string, Buffer>();
  const archives = new Map<RealArchiver, Buffer>();
  let reference: ContentSnapshot;

  beforeAll(async () => {
    const missing = missingArchivers();
    if (missing.length > 0) throw new Error(`these tests need ${missing.join(', ')} (apt-get install zip libarchive-tools git; .ci/run installs them)`);
    for (const archiver of ARCHIVERS) archives.set(archiver, realZip(FIXTURE, archiver));
    server = createServer((req, res) => {
      const body = served.get(req.url ?? '');
      if (!body) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/zip' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp({ imports: [ContentModule, IdentityModule], env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
    const { as, spaceId } = await newSpace();
    const res = await as.post(`/v1/spaces/${spaceId}/content/import`, { source: 'zip', url: dataUrl(await makeZip(folderEntries(FIXTURE)), 'application/zip') });
    expect(res.status).toBe(201);
    reference = await contentSnapshot(as, spaceId);
  });
  afterAll(async () => {
    await t?.close();
    server?.close();
  });

  async function newSpace(): Promise<{ as: TestCaller; spaceId: string }> {
    const { organization, members } = await createOrganization(t, {});
    const space = await createSpace(t, members.admin.token, organization.id);
    return { as: t.http.as(members.admin.token), spaceId: space.id };
  }

  const routes: Record<string, (as: TestCaller, path: string, zip: Buffer) => ReturnType<TestCaller['post']>> = {
    'a data: URL': (as, path, zip) => as.post(path, { source: 'zip', url: dataUrl(zip, 'application/zip') }),
    'the raw body': (as, path, zip) => as.post(path, undefined, { raw: zip, headers: { 'Content-Type': 'application/zip' } }),
    'a fetched URL': (as, path, zip) => {
      const name = `/archive-${served.size}.zip`;
      served.set(name, zip);
      return as.post(path, { source: 'zip', url: `${origin}${name}` });
    },
  };

  it('the reference import (yazl) holds the whole fixture: tree, bodies, files, reusable content, links all ok', () => {
    expect(reference.pages.filter(([name]) => !name.includes(' / ')).length).toBe(5);
    expect(reference.pages.filter(([, page]) => page.type === 'document').length).toBeGreaterThanOrEqual(30);
    expect(reference.files).toHaveLength(3);
    expect(reference.reusableContents.map(([title]) => title)).toEqual(['Support contact']);
    expect(Object.keys(reference.links)).toEqual(['ok']);
  });

  it('the archives do have the quirks they are named for', () => {
    const info = (archiver: RealArchiver, options = '-v') => {
      const dir = mkdtempSync(join(tmpdir(), 'zipinfo-'));
      try {
        writeFileSync(join(dir, 'a.zip'), archives.get(archiver)!);
        return execSync(`zipinfo ${options} a.zip`, { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).toString();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    expect(info('zip -0 (stored)')).not.toMatch(/compression method:\s+deflated/);
    expect(info('zip (default)')).toMatch(/compression method:\s+none \(stored\)/);
    expect(info('zip (default)')).toMatch(/compression method:\s+deflated/);
    expect(info('zip to a pipe (data descriptors)')).toMatch(/extended local header:\s+yes/);
    expect(info('zip -fz (ZIP64)')).toMatch(/PKWARE 64-bit sizes/);
    expect(info('bsdtar', '-1')).toMatch(/^\.\/SUMMARY\.md$/m);
    expect(info('bsdtar')).toMatch(/extended local header:\s+yes/);
    expect(info('bsdtar stored')).not.toMatch(/compression method:\s+deflated/);
    expect(info('git archive --prefix (GitHub style)', '-1')).toMatch(/^docs-main\/SUMMARY\.md$/m);
  });

  for (const archiver of ARCHIVERS) {
    for (const [route, send] of Object.entries(routes)) {
      it(`${archiver}, sent as ${route}: the same tree as the reference`, async () => {
        const { as, spaceId } = await newSpace();
        const res = await send(as, `/v1/spaces/${spaceId}/content/import`, archives.get(archiver)!);
        expect([res.status, res.text.slice(0, 300)]).toEqual([201, expect.any(String)]);
        expect(await contentSnapshot(as, spaceId)).toEqual(reference);
      });
    }
  }

  describe('an archive at fault is a 400 naming the entry, and writes nothing', () => {
    /** A fixture folder variant zipped by Info-ZIP with extra arguments. */
    const zipWith = (args: string, edit?: (dir: string) => void) => {
      const work = mkdtempSync(join(tmpdir(), 'bad-zip-'));
      try {
        cpSync(FIXTURE, join(work, 'tree'), { recursive: true });
        edit?.(join(work, 'tree'));
        execSync(`zip -q -X -r ${args} ../out.zip .`, { cwd: join(work, 'tree'), stdio: 'ignore' });
        return readFileSync(join(work, 'out.zip'));
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    };
    /** The archive with the compressed bytes of one deflated entry overwritten (its headers intact). */
    const corrupt = (zip: Buffer, name: string) => {
      const copy = Buffer.from(zip);
      const header = copy.indexOf(Buffer.concat([Buffer.from('PK\x03\x04', 'latin1')]), 0);
      for (let at = header; at >= 0; at = copy.indexOf(Buffer.from('PK\x03\x04', 'latin1'), at + 4)) {
        const nameLength = copy.readUInt16LE(at + 26);
        const extraLength = copy.readUInt16LE(at + 28);
        if (copy.subarray(at + 30, at + 30 + nameLength).toString() !== name) continue;
        const data = at + 30 + nameLength + extraLength;
        copy.fill(0xff, data, data + 16);
        return copy;
      }
      throw new Error(`no entry ${name}`);
    };

    const cases: [string, () => Buffer, RegExp][] = [
      ['an encrypted entry (zip -P)', () => zipWith('-P secret'), /The zip entry [^ ]+ is encrypted/],
      ['an entry compressed with bzip2 (zip -Z bzip2)', () => zipWith('-Z bzip2'), /The zip entry [^ ]+ uses compression method 12/],
      ['a page whose deflated bytes are damaged', () => corrupt(zipWith('-9'), 'guides/writing/blocks.md'), /The zip entry guides\/writing\/blocks\.md (could not be read|inflates to)/],
      [
        'a file whose deflated bytes are damaged (read when written)',
        () => corrupt(zipWith('-9', (dir) => writeFileSync(join(dir, '.gitbook/assets/notes.txt'), 'compressible '.repeat(200))), '.gitbook/assets/notes.txt'),
        /The zip entry \.gitbook\/assets\/notes\.txt (could not be read|inflates to)/,
      ],
    ];
    for (const [what, build, message] of cases) {
      for (const [route, send] of Object.entries(routes)) {
        it(`${what}, as ${route}`, async () => {
          const { as, spaceId } = await newSpace();
          const before = (await as.get(`/v1/spaces/${spaceId}`)).body.revision;
          const res = await send(as, `/v1/spaces/${spaceId}/content/import`, build());
          expect(res.status).toBe(400);
          expect(res.body.error.message).toMatch(message);
          expect((await as.get(`/v1/spaces/${spaceId}`)).body.revision).toBe(before);
          expect((await as.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages).toEqual([]);
        });
      }
    }
  });
});
