import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp, TEST_PUBLIC_URL } from '@docs/platform/testing';
import request from 'supertest';
import { createSpace } from '../../testing';
import { ContentModule } from '../content.module';

/** A 1x1 PNG and a 3x2 GIF, as their bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAwACAIAAAP///wAAACH5BAEAAAAALAAAAAADAAIAAAICjF8AOw==', 'base64');

describe('files', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule], env: { FILE_MAX_BYTES: '1000' } });
  });
  afterAll(() => t.close());

  async function setup() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: 'admin' | 'editor' | 'reader') => t.http.as(members[name].token);
    const base = `/v1/spaces/${space.id}/content`;
    const upload = (name: string, bytes: Buffer, contentType = 'application/octet-stream', who: 'admin' | 'editor' | 'reader' = 'editor') =>
      as(who).post(`${base}/files`, undefined, { query: { name }, raw: bytes, headers: { 'Content-Type': contentType } });
    return { space, as, base, upload };
  }

  /** GET a download URL as a browser would: no bearer token. */
  const download = (url: string) => request(t.app.getHttpServer()).get(url.slice(TEST_PUBLIC_URL.length)).buffer(true);

  it('uploads an image: type sniffed, dimensions read, listed, downloadable without a token', async () => {
    const { as, base, upload, space } = await setup();
    const res = await upload('logo.png', PNG);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'logo.png', contentType: 'image/png', size: PNG.length, dimensions: { width: 1, height: 1 } });
    expect(res.headers.etag).toBeDefined();
    const space2 = await as('reader').get(`/v1/spaces/${space.id}`);
    expect(`"${space2.body.revision}"`).toBe(res.headers.etag);

    const got = await as('reader').get(`${base}/files/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    const fetched = await download(res.body.downloadURL);
    expect(fetched.status).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/png');
    expect(fetched.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(fetched.body as Buffer, PNG)).toBe(0);

    const gif = await upload('anim.gif', GIF, 'image/gif');
    expect(gif.body).toMatchObject({ contentType: 'image/gif', dimensions: { width: 3, height: 2 } });
    const text = await upload('notes.md', Buffer.from('# Notes'), 'text/markdown');
    expect(text.body).toMatchObject({ contentType: 'text/markdown' });
    expect(text.body.dimensions).toBeUndefined();

    const all = await as('reader').all(`${base}/files`, { limit: 1 });
    expect(all.map((f: any) => f.name)).toEqual(['anim.gif', 'logo.png', 'notes.md']);
    const revision = await as('reader').get(base);
    expect(revision.body.files.map((f: any) => f.name)).toEqual(['anim.gif', 'logo.png', 'notes.md']);
    // The revision of the first upload still has one file.
    const first = await as('reader').get(`/v1/spaces/${space.id}/revisions/${res.headers.etag.replace(/"/g, '')}/files`);
    expect(first.body.items.map((f: any) => f.name)).toEqual(['logo.png']);
    expect((await as('reader').get(`${base}/files`, { query: { page: 'forged' } })).status).toBe(400);
  });

  it('stores identical bytes once', async () => {
    const { upload } = await setup();
    await upload('a.png', PNG);
    const before = Number((await t.dataSource.query(`SELECT count(*) FROM content_blobs`))[0].count);
    const again = await upload('b.png', PNG);
    expect(again.status).toBe(201);
    expect(Number((await t.dataSource.query(`SELECT count(*) FROM content_blobs`))[0].count)).toBe(before);
  });

  it('refuses downloads once expired or tampered with (403)', async () => {
    const { upload } = await setup();
    const file = (await upload('logo.png', PNG)).body;
    const url = new URL(file.downloadURL);
    const tampered = (change: (params: URLSearchParams) => void) => {
      const copy = new URL(url);
      change(copy.searchParams);
      return copy.toString();
    };
    expect((await download(tampered((p) => p.set('type', 'text/html')))).status).toBe(403);
    expect((await download(tampered((p) => p.set('signature', `${p.get('signature')}x`)))).status).toBe(403);
    expect((await download(tampered((p) => p.set('expires', String(Number(p.get('expires')) + 3600))))).status).toBe(403);
    expect((await download(`${TEST_PUBLIC_URL}/downloads/${'0'.repeat(64)}${url.search}`)).status).toBe(403);
    expect((await download(`${TEST_PUBLIC_URL}/downloads/${url.pathname.split('/').pop()}`)).status).toBe(400);
    t.clock.advance(2 * 3600 * 1000);
    const expired = await download(file.downloadURL);
    expect(expired.status).toBe(403);
    expect(JSON.parse(expired.text).error.message).toContain('expired');
  });

  it('refuses empty and oversized bodies, programs, false images and bad names', async () => {
    const { upload, as, base } = await setup();
    expect((await upload('empty.txt', Buffer.alloc(0))).status).toBe(400);
    expect((await upload('big.bin', Buffer.alloc(1001, 1))).status).toBe(413);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    exe.write('PE\0\0', 128);
    exe.writeUInt32LE(128, 60);
    expect((await upload('setup.exe', exe)).status).toBe(415);
    expect((await upload('fake.png', Buffer.from('not an image'), 'image/png')).status).toBe(415);
    expect((await upload('a/b.png', PNG)).status).toBe(400);
    expect((await as('editor').post(`${base}/files`, undefined, { raw: PNG, headers: { 'Content-Type': 'image/png' } })).status).toBe(400);
    expect((await as('reader').get(`${base}/files`)).body.count).toBe(0);
  });

  it('needs the edit level and a live space to upload', async () => {
    const { upload, space, as } = await setup();
    expect((await upload('a.png', PNG, 'image/png', 'reader')).status).toBe(403);
    expect((await t.http.as(undefined).post(`/v1/spaces/${space.id}/content/files`, undefined, { query: { name: 'a.png' }, raw: PNG })).status).toBe(401);
    expect((await as('admin').patch(`/v1/spaces/${space.id}`, { editMode: 'locked' })).status).toBe(200);
    expect((await upload('a.png', PNG, 'image/png', 'admin')).status).toBe(409);
  });
});
