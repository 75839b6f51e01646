import { IdentityModule } from '@docs/identity';
import { createOrganization, createUser } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { OpenApiHostingModule } from '../openapi-hosting.module';

const SPEC = 'openapi: 3.1.0\ninfo: {title: Pets, version: "1"}\npaths: {}\n';

describe('OpenAPI specs (section 4.15) over HTTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, OpenApiHostingModule] });
  });
  afterAll(() => t.close());

  const jobs = async (specId: string): Promise<number> =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'openapi-fetch' AND data->>'specId' = $1`, [specId]))[0].n;

  it('creates a spec from a URL: pending, with its fetch job enqueued in the same transaction', async () => {
    const { organization, members } = await createOrganization(t, { creator: 'create' });
    const base = `/v1/orgs/${organization.id}/openapi`;
    const res = await t.http.as(members.creator.token).post(base, { slug: 'pets', source: { url: 'https://specs.example.com/pets.yaml' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'openapi-spec',
      slug: 'pets',
      sourceURL: 'https://specs.example.com/pets.yaml',
      processingState: 'pending',
      visibility: 'private',
      permissions: { view: true, edit: true },
      urls: { location: `http://api.test/v1/orgs/${organization.id}/openapi/pets` },
    });
    expect(res.body.lastVersion).toBeUndefined();
    expect(res.headers.location).toBe(res.body.urls.location);
    expect(await jobs(res.body.id)).toBe(1);

    const got = await t.http.as(members.admin.token).get(`${base}/pets`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ ...res.body });
  });

  it('creates a spec from a text; a text source has no sourceURL', async () => {
    const { organization, members } = await createOrganization(t);
    const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/openapi`, { slug: 'inline-spec', source: { text: SPEC } });
    expect(res.status).toBe(201);
    expect(res.body.sourceURL).toBeUndefined();
    expect(res.body.processingState).toBe('pending');
    const [row] = await t.dataSource.query(`SELECT source_text FROM openapi_specs WHERE id = $1`, [res.body.id]);
    expect(row.source_text).toBe(SPEC);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    const base = `/v1/orgs/${organization.id}/openapi`;
    const cases: [unknown, RegExp][] = [
      [{ source: { url: 'https://x.example/a.json' } }, /slug/],
      [{ slug: 'Pets', source: { url: 'https://x.example/a.json' } }, /slug/],
      [{ slug: 'pets--api', source: { url: 'https://x.example/a.json' } }, /slug/],
      [{ slug: '-pets', source: { url: 'https://x.example/a.json' } }, /slug/],
      [{ slug: 'a'.repeat(101), source: { url: 'https://x.example/a.json' } }, /slug/],
      [{ slug: 'pets' }, /source/],
      [{ slug: 'pets', source: {} }, /source/],
      [{ slug: 'pets', source: { url: 'https://x.example/a.json', text: SPEC } }, /source/],
      [{ slug: 'pets', source: { url: 'ftp://x.example/a.json' } }, /source\.url/],
      [{ slug: 'pets', source: { url: 'not a url' } }, /source\.url/],
      [{ slug: 'pets', source: { url: `https://x.example/${'a'.repeat(2048)}` } }, /source\.url/],
      [{ slug: 'pets', source: { text: '' } }, /source\.text/],
      [{ slug: 'pets', source: { url: 'https://x.example/a.json', extra: 1 } }, /extra/],
      [{ slug: 'pets', source: { url: 'https://x.example/a.json' }, visibility: 'public' }, /visibility/],
    ];
    for (const [body, message] of cases) {
      const res = await as.post(base, body);
      expect([JSON.stringify(body).slice(0, 80), res.status]).toEqual([JSON.stringify(body).slice(0, 80), 400]);
      expect(res.body.error.message).toMatch(message);
    }
    expect((await as.get(base)).body.count).toBe(0);
    expect(await t.dataSource.query(`SELECT 1 FROM pgboss.job j JOIN openapi_specs s ON s.id = j.data->>'specId' WHERE s.organization_id = $1`, [organization.id])).toEqual([]);
  });

  it('answers 409 for a slug already used in the organization, and allows it in another', async () => {
    const { organization, members } = await createOrganization(t);
    const other = await createOrganization(t);
    const body = { slug: 'payments', source: { url: 'https://x.example/a.json' } };
    expect((await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/openapi`, body)).status).toBe(201);
    const clash = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/openapi`, body);
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toMatch(/payments/);
    expect((await t.http.as(other.members.admin.token).post(`/v1/orgs/${other.organization.id}/openapi`, body)).status).toBe(201);
  });

  it('lists specs newest first with keyset pages', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    const base = `/v1/orgs/${organization.id}/openapi`;
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      expect((await as.post(base, { slug: `spec-${i}`, source: { text: SPEC } })).status).toBe(201);
    }
    const first = await as.get(base, { query: { limit: 2 } });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(5);
    expect(first.body.items.map((s: { slug: string }) => s.slug)).toEqual(['spec-4', 'spec-3']);
    expect(first.body.next.page).toEqual(expect.any(String));
    const all = await as.all(base, { limit: 2 });
    expect(all.map((s: { slug: string }) => s.slug)).toEqual(['spec-4', 'spec-3', 'spec-2', 'spec-1', 'spec-0']);
    expect((await as.get(base, { query: { limit: 0 } })).body).toEqual({ items: [], count: 5 });
    expect((await as.get(base, { query: { limit: 1001 } })).status).toBe(400);
    expect((await as.get(base, { query: { page: 'forged' } })).status).toBe(400);
  });

  it('PUT creates (201) or replaces the source (200); a new source or the same URL again asks for another run, the same text does not', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    const path = `/v1/orgs/${organization.id}/openapi/orders`;
    const created = await as.put(path, { source: { url: 'https://x.example/orders.json' } });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(created.body.urls.location);
    const requested = async () => (await t.dataSource.query(`SELECT process_requested AS n FROM openapi_specs WHERE id = $1`, [created.body.id]))[0].n;
    expect(await requested()).toBe(1);
    expect(await jobs(created.body.id)).toBe(1);

    t.clock.advance(1000);
    const again = await as.put(path, { source: { url: 'https://x.example/orders.json' } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(created.body.id);
    expect(again.body.updatedAt > created.body.updatedAt).toBe(true);
    expect(await requested()).toBe(2);
    expect(await jobs(created.body.id)).toBe(2);

    const text = await as.put(path, { source: { text: SPEC } });
    expect(text.status).toBe(200);
    expect(text.body.sourceURL).toBeUndefined();
    expect(await requested()).toBe(3);
    expect((await as.put(path, { source: { text: SPEC } })).status).toBe(200);
    expect(await requested()).toBe(3);
    expect(await jobs(created.body.id)).toBe(3);

    expect((await as.put(`/v1/orgs/${organization.id}/openapi/Bad_Slug`, { source: { text: SPEC } })).status).toBe(400);
    expect((await as.put(path, {})).status).toBe(400);
  });

  it('PATCH sets the visibility (the reference) and the source (an extension); an empty body is a 400', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    const path = `/v1/orgs/${organization.id}/openapi/users`;
    const created = (await as.post(`/v1/orgs/${organization.id}/openapi`, { slug: 'users', source: { text: SPEC } })).body;
    const publicSpec = await as.patch(path, { visibility: 'public' });
    expect(publicSpec.status).toBe(200);
    expect(publicSpec.body.visibility).toBe('public');
    // No version yet: nothing is published.
    expect(publicSpec.body.urls.published).toBeUndefined();
    const moved = await as.patch(path, { source: { url: 'https://x.example/users.yaml' } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ sourceURL: 'https://x.example/users.yaml', visibility: 'public', processingState: 'pending' });
    expect(await jobs(created.id)).toBe(2);
    for (const body of [{}, { visibility: 'secret' }, { visibility: null }, { source: { text: SPEC, url: 'https://x.example/a' } }, { slug: 'other' }]) {
      expect([body, (await as.patch(path, body)).status]).toEqual([body, 400]);
    }
    expect((await as.patch(`/v1/orgs/${organization.id}/openapi/nope`, { visibility: 'private' })).status).toBe(404);
  });

  it('DELETE removes the spec with its versions (205), and answers 204 when there was none', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    const base = `/v1/orgs/${organization.id}/openapi`;
    const spec = (await as.post(base, { slug: 'gone', source: { text: SPEC } })).body;
    await t.dataSource.query(
      `INSERT INTO openapi_spec_versions (id, spec_id, organization_id, content_hash, entry, files, bytes, created_at) VALUES ('v1', $1, $2, 'h', 'openapi.yaml', 1, 10, now())`,
      [spec.id, organization.id],
    );
    await t.dataSource.query(`INSERT INTO openapi_spec_files (version_id, path, media_type, text, document) VALUES ('v1', 'openapi.yaml', 'application/yaml', 'a: 1', '{"a":1}')`);
    await t.dataSource.query(`UPDATE openapi_specs SET last_version_id = 'v1' WHERE id = $1`, [spec.id]);
    const deleted = await as.delete(`${base}/gone`);
    expect(deleted.status).toBe(205);
    expect((await as.get(`${base}/gone`)).status).toBe(404);
    expect(await t.dataSource.query(`SELECT id FROM openapi_spec_versions WHERE spec_id = $1`, [spec.id])).toEqual([]);
    expect(await t.dataSource.query(`SELECT path FROM openapi_spec_files WHERE version_id = 'v1'`)).toEqual([]);
    expect((await as.delete(`${base}/gone`)).status).toBe(204);
  });

  it('permissions: members with a role read, from create up they write; guests see nothing; outsiders get 404', async () => {
    const { organization, members } = await createOrganization(t, { creator: 'create', reviewer: 'review', reader: 'read', guest: null });
    const outsider = await createUser(t);
    const base = `/v1/orgs/${organization.id}/openapi`;
    expect((await t.http.as(members.admin.token).post(base, { slug: 'shared', source: { text: SPEC } })).status).toBe(201);

    for (const reader of [members.reviewer, members.reader]) {
      const as = t.http.as(reader.token);
      const got = await as.get(`${base}/shared`);
      expect(got.status).toBe(200);
      expect(got.body.permissions).toEqual({ view: true, edit: false });
      expect((await as.get(base)).body.count).toBe(1);
      expect((await as.get(`${base}/shared/versions`)).status).toBe(200);
      expect((await as.post(base, { slug: 'mine', source: { text: SPEC } })).status).toBe(403);
      expect((await as.put(`${base}/shared`, { source: { text: SPEC } })).status).toBe(403);
      expect((await as.put(`${base}/new-one`, { source: { text: SPEC } })).status).toBe(403);
      expect((await as.patch(`${base}/shared`, { visibility: 'public' })).status).toBe(403);
      expect((await as.delete(`${base}/shared`)).status).toBe(403);
      expect((await as.delete(`${base}/missing`)).status).toBe(403);
    }
    const creator = t.http.as(members.creator.token);
    expect((await creator.get(`${base}/shared`)).body.permissions).toEqual({ view: true, edit: true });
    expect((await creator.patch(`${base}/shared`, { visibility: 'public' })).status).toBe(200);

    const guest = t.http.as(members.guest.token);
    expect((await guest.get(base)).body).toEqual({ items: [], count: 0 });
    expect((await guest.get(`${base}/shared`)).status).toBe(404);
    expect((await guest.get(`${base}/shared/versions/latest`)).status).toBe(404);
    expect((await guest.patch(`${base}/shared`, { visibility: 'private' })).status).toBe(404);
    expect((await guest.post(base, { slug: 'guest', source: { text: SPEC } })).status).toBe(403);
    // A spec the guest cannot see is a 404 to delete, as an unknown slug; it stays.
    expect((await guest.delete(`${base}/shared`)).status).toBe(404);
    expect((await guest.delete(`${base}/missing`)).status).toBe(404);
    expect((await t.http.as(members.admin.token).get(`${base}/shared`)).status).toBe(200);

    const stranger = t.http.as(outsider.token);
    for (const res of [
      await stranger.get(base),
      await stranger.get(`${base}/shared`),
      await stranger.post(base, { slug: 'x', source: { text: SPEC } }),
      await stranger.put(`${base}/shared`, { source: { text: SPEC } }),
      await stranger.patch(`${base}/shared`, { visibility: 'private' }),
      await stranger.delete(`${base}/shared`),
      await stranger.get(`${base}/shared/versions/latest/content`),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await t.http.as(undefined).get(base)).status).toBe(401);
    expect((await t.http.as(members.admin.token).get(`${base}/shared`)).body.visibility).toBe('public');
  });

  it('versions of a spec without any: an empty list, and 404 for latest and its content', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    const base = `/v1/orgs/${organization.id}/openapi`;
    await as.post(base, { slug: 'fresh', source: { text: SPEC } });
    expect((await as.get(`${base}/fresh/versions`)).body).toEqual({ items: [], count: 0 });
    const latest = await as.get(`${base}/fresh/versions/latest`);
    expect(latest.status).toBe(404);
    expect(latest.body.error.message).toMatch(/no version yet/);
    expect((await as.get(`${base}/fresh/versions/latest/content`)).status).toBe(404);
    expect((await as.get(`${base}/fresh/versions/nope`)).status).toBe(404);
    expect((await as.get(`${base}/nope/versions`)).status).toBe(404);
  });
});
