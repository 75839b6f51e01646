import { ContentModule } from '@docs/content';
import { IdentityModule } from '@docs/identity';
import { createOrganization, createUser } from '@docs/identity/testing';
import { createTestApp, TestApp, TEST_PUBLIC_URL } from '@docs/platform/testing';
import { translationSettingsContract as contract } from '../../testing';
import { IntegrationsModule } from '../integrations.module';

describe('translation settings', () => {
  let t: TestApp;
  const as = (token: string | undefined) => t.http.as(token, { contract });

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, IntegrationsModule] });
  });
  afterAll(() => t.close());

  const path = (organizationId: string, id?: string) => `/v1/orgs/${organizationId}/translations${id ? `/${id}` : ''}`;

  it('creates, reads, replaces and deletes (admins), canonicalizing languages', async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read' });
    const created = await as(members.admin.token).post(path(organization.id), { title: 'Europe', languages: ['fr', 'de-de', 'DE-DE', 'zh-hant'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'translation-settings',
      title: 'Europe',
      languages: ['fr', 'de-DE', 'zh-Hant'],
      createdAt: t.clock.now().toISOString(),
      permissions: { view: true, edit: true },
      urls: { location: `${TEST_PUBLIC_URL}${path(organization.id, created.body.id)}` },
    });
    expect(created.headers.location).toBe(created.body.urls.location);

    const read = await as(members.reader.token).get(path(organization.id, created.body.id));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ title: 'Europe', permissions: { view: true, edit: false } });

    t.clock.advance(1000);
    const replaced = await as(members.admin.token).put(path(organization.id, created.body.id), { title: 'EU' });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ title: 'EU', languages: ['fr', 'de-DE', 'zh-Hant'], updatedAt: t.clock.now().toISOString() });
    const relanguaged = await as(members.admin.token).put(path(organization.id, created.body.id), { title: 'EU', languages: ['pt-br'] });
    expect(relanguaged.body.languages).toEqual(['pt-BR']);
    expect((await as(members.admin.token).get(path(organization.id, created.body.id))).body.languages).toEqual(['pt-BR']);

    const deleted = await as(members.admin.token).delete(path(organization.id, created.body.id));
    expect(deleted.status).toBe(205);
    expect((await as(members.admin.token).get(path(organization.id, created.body.id))).status).toBe(404);
  });

  it('starts without languages when none are given', async () => {
    const { organization, members } = await createOrganization(t);
    const res = await as(members.admin.token).post(path(organization.id), { title: 'T' });
    expect(res.status).toBe(201);
    expect(res.body.languages).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    ['no title', {}, 'title is required'],
    ['a null title', { title: null }, 'title must not be null'],
    ['an empty title', { title: '' }, 'title must be longer than or equal to 1 characters'],
    ['a title over 100', { title: 'x'.repeat(101) }, 'title must be shorter than or equal to 100 characters'],
    ['null languages', { title: 'T', languages: null }, 'languages must not be null'],
    ['languages not an array', { title: 'T', languages: 'fr' }, 'languages must be an array'],
    ['an invalid tag', { title: 'T', languages: ['fr', 'not a tag'] }, 'languages[1] must be a BCP 47 language tag'],
    ['a non-string tag', { title: 'T', languages: [1] }, 'languages[0] must be a BCP 47 language tag'],
    ['over 100 languages', { title: 'T', languages: Array.from({ length: 101 }, () => 'fr') }, 'languages must contain no more than 100 elements'],
    ['an unknown field', { title: 'T', language: 'fr' }, 'property language should not exist'],
  ])('refuses %s with 400, on create and replace, and changes nothing', async (_label, body, message) => {
    const { organization, members } = await createOrganization(t);
    const res = await as(members.admin.token).post(path(organization.id), body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    const existing = await as(members.admin.token).post(path(organization.id), { title: 'Kept', languages: ['fr'] });
    const replaced = await as(members.admin.token).put(path(organization.id, existing.body.id), body);
    expect(replaced.status).toBe(400);
    expect(replaced.body.error.message).toContain(message);
    expect((await as(members.admin.token).get(path(organization.id))).body.items.map((s: any) => [s.title, s.languages])).toEqual([['Kept', ['fr']]]);
  });

  it('refuses a body that is not an object', async () => {
    const { organization, members } = await createOrganization(t);
    const res = await as(members.admin.token).post(path(organization.id), undefined, { raw: '["T"]' });
    expect(res.status).toBe(400);
  });

  it('lets every member read, only admins change (403), outsiders nothing (404)', async () => {
    const { organization, members } = await createOrganization(t, { creator: 'create', reader: 'read', guest: null });
    const outsider = await createUser(t);
    const created = await as(members.admin.token).post(path(organization.id), { title: 'T' });
    for (const member of [members.creator, members.reader, members.guest]) {
      expect((await as(member.token).get(path(organization.id))).status).toBe(200);
      expect((await as(member.token).get(path(organization.id, created.body.id))).status).toBe(200);
      expect((await as(member.token).post(path(organization.id), { title: 'T' })).status).toBe(403);
      expect((await as(member.token).put(path(organization.id, created.body.id), { title: 'X' })).status).toBe(403);
      expect((await as(member.token).delete(path(organization.id, created.body.id))).status).toBe(403);
    }
    expect((await as(outsider.token).get(path(organization.id))).status).toBe(404);
    expect((await as(outsider.token).get(path(organization.id, created.body.id))).status).toBe(404);
    expect((await as(outsider.token).post(path(organization.id), { title: 'T' })).status).toBe(404);
    expect((await as(outsider.token).put(path(organization.id, created.body.id), { title: 'X' })).status).toBe(404);
    expect((await as(outsider.token).delete(path(organization.id, created.body.id))).status).toBe(404);
    expect((await as(undefined).get(path(organization.id))).status).toBe(401);
    expect((await as(members.admin.token).get(path(organization.id, created.body.id))).body.title).toBe('T');
  });

  it("answers 404 for another organization's settings, even to its admins", async () => {
    const a = await createOrganization(t);
    const b = await createOrganization(t);
    const created = await as(a.members.admin.token).post(path(a.organization.id), { title: 'A' });
    expect((await as(b.members.admin.token).get(path(b.organization.id, created.body.id))).status).toBe(404);
    expect((await as(b.members.admin.token).put(path(b.organization.id, created.body.id), { title: 'B' })).status).toBe(404);
    expect((await as(b.members.admin.token).delete(path(b.organization.id, created.body.id))).status).toBe(404);
    expect((await as(b.members.admin.token).get(path(b.organization.id))).body.count).toBe(0);
  });

  it('lists newest first, in pages, with limit bounds and cursor checks', async () => {
    const { organization, members } = await createOrganization(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(10);
      ids.push((await as(members.admin.token).post(path(organization.id), { title: `T${i}` })).body.id);
    }
    const first = await as(members.admin.token).get(path(organization.id), { query: { limit: 2 } });
    expect(first.body.count).toBe(5);
    expect(first.body.items.map((s: any) => s.id)).toEqual([ids[4], ids[3]]);
    const all = await as(members.admin.token).all(path(organization.id), { limit: 2 });
    expect(all.map((s: any) => s.id)).toEqual([...ids].reverse());
    const none = await as(members.admin.token).get(path(organization.id), { query: { limit: 0 } });
    expect(none.body).toEqual({ items: [], count: 5 });
    for (const limit of [-1, 1001, 'x']) {
      expect((await as(members.admin.token).get(path(organization.id), { query: { limit } })).status).toBe(400);
    }
    expect((await as(members.admin.token).get(path(organization.id), { query: { page: 'forged' } })).status).toBe(400);
    const other = await createOrganization(t);
    const foreign = await as(other.members.admin.token).get(path(other.organization.id), { query: { page: first.body.next.page } });
    expect(foreign.status).toBe(400);
  });
});
