import { ContentModule } from '@docs/content';
import { createSpace, pdfText } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp, TEST_PUBLIC_URL } from '@docs/platform/testing';
import request from 'supertest';
import { CollaborationModule } from '../collaboration.module';

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('change request PDF export', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  /** The bytes behind a download URL, fetched without a bearer token. */
  const download = (url: string) =>
    request(t.app.getHttpServer())
      .get(url.slice(TEST_PUBLIC_URL.length))
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      });

  const bytesOf = async (url: string) => {
    const res = await download(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect((res.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return res.body as Buffer;
  };
  const textOf = async (url: string) => (await pdfText(await bytesOf(url))).text;

  async function setup() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read', guest: null });
    const space = await createSpace(t, members.admin.token, organization.id, { title: 'Team Handbook' });
    const as = (name: 'admin' | 'editor' | 'reader' | 'guest') => t.http.as(members[name].token);
    expect((await as('editor').post(`/v1/spaces/${space.id}/content/pages`, { title: 'Shared page', markdown: 'Already published.' })).status).toBe(201);
    const changeRequest = (await as('editor').post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Add the deploy guide' })).body;
    const base = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`;
    const proposed = await as('editor').post(`${base}/content/pages`, {
      title: 'Deploy guide',
      markdown: '# Steps\n\n```bash\nkubectl rollout restart deployment/docs\n```\n',
    });
    expect(proposed.status).toBe(201);
    return { organization, members, space, as, base, changeRequest, proposed: proposed.body };
  }

  it("exports the change request's head: its own pages, the space's pages, the code; the space's PDF does not have them", async () => {
    const { as, base, space } = await setup();
    const res = await as('reader').get(`${base}/pdf`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['url']);
    const text = await textOf(res.body.url);
    for (const expected of ['Team Handbook', 'Change request #1: Add the deploy guide', 'Shared page', 'Deploy guide', 'kubectl rollout restart deployment/docs']) {
      expect(text).toContain(expected);
    }
    const spaceText = await textOf((await as('reader').get(`/v1/spaces/${space.id}/pdf`)).body.url);
    expect(spaceText).toContain('Shared page');
    expect(spaceText).not.toContain('Deploy guide');
  });

  it('takes the change request by number, and `page`/`only` like the space export', async () => {
    const { as, space, proposed } = await setup();
    const byNumber = await as('reader').get(`/v1/spaces/${space.id}/change-requests/1/pdf`, { query: { page: proposed.id, only: true } });
    expect(byNumber.status).toBe(200);
    const text = await textOf(byNumber.body.url);
    expect(text).toContain('Deploy guide');
    expect(text).not.toContain('Shared page');
    expect((await as('reader').get(`/v1/spaces/${space.id}/change-requests/1/pdf`, { query: { page: 'nope' } })).status).toBe(404);
    expect((await as('reader').get(`/v1/spaces/${space.id}/change-requests/1/pdf`, { query: { only: true } })).status).toBe(400);
  });

  it("draws an image uploaded into the change request (the head's files)", async () => {
    const { as, base, proposed } = await setup();
    const upload = await as('editor').post(`${base}/content/files`, undefined, { query: { name: 'diagram.png' }, raw: PNG, headers: { 'Content-Type': 'image/png' } });
    expect(upload.status).toBe(201);
    const before = (await bytesOf((await as('reader').get(`${base}/pdf`)).body.url)).toString('latin1');
    expect(before).not.toContain('/Subtype /Image');
    expect((await as('editor').patch(`${base}/content/page/${proposed.id}`, { markdown: `![diagram](ref:file/${upload.body.id})\n` })).status).toBe(200);
    const after = (await bytesOf((await as('reader').get(`${base}/pdf`)).body.url)).toString('latin1');
    expect(after).toContain('/Subtype /Image');
  });

  it('follows the change request: a new edit gives a new PDF', async () => {
    const { as, base, proposed } = await setup();
    const before = (await as('reader').get(`${base}/pdf`)).body.url;
    expect((await as('editor').patch(`${base}/content/page/${proposed.id}`, { title: 'Deployment guide' })).status).toBe(200);
    const after = (await as('reader').get(`${base}/pdf`)).body.url;
    expect(after).not.toBe(before);
    expect(await textOf(after)).toContain('Deployment guide');
  });

  it('needs a token and the read level; other organizations, guests and unknown change requests are 404', async () => {
    const { as, base, space } = await setup();
    expect((await t.http.as(undefined).get(`${base}/pdf`)).status).toBe(401);
    expect((await as('guest').get(`${base}/pdf`)).status).toBe(404);
    const other = await createOrganization(t, {});
    expect((await t.http.as(other.members.admin.token).get(`${base}/pdf`)).status).toBe(404);
    expect((await as('reader').get(`/v1/spaces/${space.id}/change-requests/999/pdf`)).status).toBe(404);
  });
});
