import { IdentityModule, MemberEntity } from '@docs/identity';
import { addMember, createOrganization, createUser } from '@docs/identity/testing';
import { DAY_MS } from '@docs/platform';
import { createTestApp, TestApp, TEST_PUBLIC_URL } from '@docs/platform/testing';
import { createCollection, createSpace, listIds } from '../../testing';
import { ContentModule } from '../content.module';
import { RevisionEntity } from '../revisions/revision.entity';
import { SpaceEntity } from './space.entity';
import { TRANSLATION_LANGUAGES } from './translation-languages';

describe('spaces', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  const row = (id: string) => t.dataSource.getRepository(SpaceEntity).findOneByOrFail({ id });
  const ids = (items: { id: string }[]) => items.map((item) => item.id);

  describe('POST /v1/orgs/{organizationId}/spaces', () => {
    it('creates a live, private space with an empty first revision, readable at its location', async () => {
      const { organization, members } = await createOrganization(t);
      const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/spaces`, { title: 'Handbook' });
      expect(res.status).toBe(201);
      const id = res.body.id;
      expect(res.body).toEqual({
        object: 'space',
        id,
        title: 'Handbook',
        emoji: '',
        visibility: 'private',
        createdAt: t.clock.now().toISOString(),
        updatedAt: t.clock.now().toISOString(),
        editMode: 'live',
        mergeRules: { type: 'inherit' },
        urls: { location: `${TEST_PUBLIC_URL}/v1/spaces/${id}`, app: `http://app.test/s/${id}` },
        organization: organization.id,
        revision: expect.any(String),
        defaultLevel: 'inherit',
        comments: 0,
        changeRequests: 0,
        changeRequestsOpen: 0,
        changeRequestsDraft: 0,
        permissions: {
          view: true,
          access: true,
          admin: true,
          viewInviteLinks: true,
          edit: true,
          triggerGitSync: true,
          comment: true,
          merge: true,
          review: true,
          installIntegration: true,
        },
      });
      expect(res.headers.location).toBe(res.body.urls.location);
      const revision = await t.dataSource.getRepository(RevisionEntity).findOneByOrFail({ id: res.body.revision });
      expect(revision).toMatchObject({ spaceId: id, parents: [], type: 'edits', createdBy: members.admin.user.id });
      const read = await t.http.as(members.admin.token).get(`/v1/spaces/${id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(res.body);
    });

    it('takes an emoji, an edit mode, a language and a parent collection', async () => {
      const { organization, members } = await createOrganization(t);
      const collection = await createCollection(t, members.admin.token, organization.id);
      const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/spaces`, {
        title: 'Guides',
        emoji: '📚',
        editMode: 'locked',
        language: 'pt-br',
        parent: collection.id,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ emoji: '📚', editMode: 'locked', language: 'pt-br', parent: collection.id });
      // A locked space changes through change requests (edit, merge); nothing writes it directly (Git Sync).
      expect(res.body.permissions).toMatchObject({ admin: true, edit: true, merge: true, triggerGitSync: false });
      expect(await listIds(t, members.admin.token, `/v1/collections/${collection.id}/spaces`)).toEqual([res.body.id]);
    });

    it('calls a space without a title Untitled, and accepts bounds exactly', async () => {
      const { organization, members } = await createOrganization(t);
      const untitled = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/spaces`, {});
      expect(untitled.status).toBe(201);
      expect(untitled.body.title).toBe('Untitled');
      const full = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/spaces`, { title: 't'.repeat(50), emoji: 'e'.repeat(50) });
      expect(full.status).toBe(201);
    });

    it.each([
      [{ title: 't'.repeat(51) }, 'title must be shorter than or equal to 50 characters'],
      [{ title: null }, 'title must not be null'],
      [{ title: 42 }, 'title must be a string'],
      [{ emoji: 'e'.repeat(51) }, 'emoji must be shorter than or equal to 50 characters'],
      [{ editMode: 'frozen' }, 'editMode must be one of the following values: live, locked'],
      [{ language: 'klingon' }, 'language must be one of the following values: en, fr'],
      [{ parent: '' }, 'parent should not be empty'],
      [{ visibility: 'public' }, 'property visibility should not exist'],
      [{ template: { id: 'x' } }, 'property template should not exist'],
    ])('refuses %j with 400 naming the field, creating nothing', async (body, message) => {
      const { organization, members } = await createOrganization(t);
      const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/spaces`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect(await t.dataSource.getRepository(SpaceEntity).countBy({ organizationId: organization.id })).toBe(0);
    });

    it('answers 404 for outsiders, unknown organizations, and parents that are unknown or of another organization', async () => {
      const { organization, members } = await createOrganization(t);
      const other = await createOrganization(t);
      await addMember(t, other.organization.id, members.admin, 'admin');
      const foreign = await createCollection(t, other.members.admin.token, other.organization.id);
      const outsider = await createUser(t);
      expect((await t.http.as(outsider.token).post(`/v1/orgs/${organization.id}/spaces`, {})).status).toBe(404);
      expect((await t.http.as(members.admin.token).post(`/v1/orgs/unknown/spaces`, {})).status).toBe(404);
      const unknownParent = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/spaces`, { parent: 'nope' });
      expect(unknownParent.status).toBe(404);
      expect(unknownParent.body.error.message).toBe('No collection has the id nope.');
      // The caller can see the foreign collection (admin of both), but it is not in this organization.
      const crossed = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/spaces`, { parent: foreign.id });
      expect(crossed.status).toBe(404);
      expect(await t.dataSource.getRepository(SpaceEntity).countBy({ organizationId: organization.id })).toBe(0);
    });

    it('answers 401 without a token', async () => {
      expect((await t.http.as(undefined).post('/v1/orgs/x/spaces', {})).status).toBe(401);
    });
  });

  describe('writes that must not half-happen', () => {
    it('gives concurrent creations distinct places', async () => {
      const { organization, members } = await createOrganization(t);
      const created = await Promise.all(
        Array.from({ length: 6 }, (_, i) => t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/spaces`, { title: `S${i}` })),
      );
      expect(created.map((res) => res.status)).toEqual(Array(6).fill(201));
      const positions = (await t.dataSource.getRepository(SpaceEntity).findBy({ organizationId: organization.id })).map((s) => s.position);
      expect(new Set(positions).size).toBe(6);
    });

    it('leaves no space behind when its first revision cannot be written', async () => {
      const { organization, members } = await createOrganization(t);
      const source = await createSpace(t, members.admin.token, organization.id);
      await t.dataSource.query(`ALTER TABLE revisions RENAME TO revisions_hidden`);
      try {
        expect((await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/spaces`, {})).status).toBe(500);
        expect((await t.http.as(members.admin.token).post(`/v1/spaces/${source.id}/duplicate`)).status).toBe(500);
      } finally {
        await t.dataSource.query(`ALTER TABLE revisions_hidden RENAME TO revisions`);
      }
      expect(await listIds(t, members.admin.token, `/v1/orgs/${organization.id}/spaces`)).toEqual([source.id]);
    });
  });

  describe('GET /v1/orgs/{organizationId}/spaces', () => {
    it('lists live spaces in pages: top level first in stored order, then each collection', async () => {
      const { organization, members } = await createOrganization(t);
      const token = members.admin.token;
      const collection = await createCollection(t, token, organization.id);
      const top: string[] = [];
      for (let i = 0; i < 4; i++) top.push((await createSpace(t, token, organization.id, { title: `Top ${i}` })).id);
      const inside = (await createSpace(t, token, organization.id, { parent: collection.id })).id;
      const first = await t.http.as(token).get(`/v1/orgs/${organization.id}/spaces`, { query: { limit: 2 } });
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(5);
      expect(ids(first.body.items)).toEqual(top.slice(0, 2));
      expect(first.body.next.page).toEqual(expect.any(String));
      expect(await listIds(t, token, `/v1/orgs/${organization.id}/spaces`, { limit: 2 })).toEqual([...top, inside]);
      const last = await t.http.as(token).get(`/v1/orgs/${organization.id}/spaces`, { query: { limit: 5 } });
      expect(last.body.next).toBeUndefined();
      const countOnly = await t.http.as(token).get(`/v1/orgs/${organization.id}/spaces`, { query: { limit: 0 } });
      expect(countOnly.body).toEqual({ items: [], count: 5 });
    });

    it('hides deleted spaces', async () => {
      const { organization, members } = await createOrganization(t);
      const kept = await createSpace(t, members.admin.token, organization.id);
      const gone = await createSpace(t, members.admin.token, organization.id);
      expect((await t.http.as(members.admin.token).delete(`/v1/spaces/${gone.id}`)).status).toBe(205);
      const list = await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/spaces`);
      expect(list.body.count).toBe(1);
      expect(ids(list.body.items)).toEqual([kept.id]);
    });

    it('refuses a forged cursor, a cursor of another list and an out-of-range limit', async () => {
      const { organization, members } = await createOrganization(t);
      const other = await createOrganization(t);
      for (let i = 0; i < 2; i++) await createSpace(t, other.members.admin.token, other.organization.id);
      const foreignCursor = (await t.http.as(other.members.admin.token).get(`/v1/orgs/${other.organization.id}/spaces`, { query: { limit: 1 } }))
        .body.next.page;
      const path = `/v1/orgs/${organization.id}/spaces`;
      for (const query of [{ page: 'forged' }, { page: foreignCursor }, { limit: 1001 }, { limit: -1 }, { limit: 'ten' }]) {
        const res = await t.http.as(members.admin.token).get(path, { query });
        expect(res.status).toBe(400);
      }
      expect((await t.http.as(members.admin.token).get(path, { query: { page: 'forged' } })).body.error.message).toContain('page');
    });

    it('answers 404 to outsiders and 401 without a token', async () => {
      const { organization } = await createOrganization(t);
      const outsider = await createUser(t);
      expect((await t.http.as(outsider.token).get(`/v1/orgs/${organization.id}/spaces`)).status).toBe(404);
      expect((await t.http.as(undefined).get(`/v1/orgs/${organization.id}/spaces`)).status).toBe(401);
    });
  });

  describe('GET /v1/spaces/{spaceId}', () => {
    it('accepts a shareKey and refuses unknown query parameters', async () => {
      const { organization, members } = await createOrganization(t);
      const space = await createSpace(t, members.admin.token, organization.id);
      const res = await t.http.as(members.admin.token).get(`/v1/spaces/${space.id}`, { query: { shareKey: 'abc' } });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(space.id);
      const unknown = await t.http.as(members.admin.token).get(`/v1/spaces/${space.id}`, { query: { expand: 'all' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.message).toContain('property expand should not exist');
    });

    it("answers 404 for unknown ids and for another organization's spaces, 401 without a token", async () => {
      const { organization, members } = await createOrganization(t);
      const other = await createOrganization(t);
      const foreign = await createSpace(t, other.members.admin.token, other.organization.id);
      await createSpace(t, members.admin.token, organization.id);
      const res = await t.http.as(members.admin.token).get(`/v1/spaces/${foreign.id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(`No space has the id ${foreign.id}.`);
      expect((await t.http.as(members.admin.token).get('/v1/spaces/unknown')).status).toBe(404);
      expect((await t.http.as(undefined).get(`/v1/spaces/${foreign.id}`)).status).toBe(401);
    });

    it('treats a disabled member as an outsider', async () => {
      const { organization, members } = await createOrganization(t, { reader: 'read' });
      const space = await createSpace(t, members.admin.token, organization.id);
      expect((await t.http.as(members.reader.token).get(`/v1/spaces/${space.id}`)).status).toBe(200);
      await t.dataSource.getRepository(MemberEntity).update({ organizationId: organization.id, userId: members.reader.user.id }, { disabled: true });
      expect((await t.http.as(members.reader.token).get(`/v1/spaces/${space.id}`)).status).toBe(404);
      expect((await t.http.as(members.reader.token).get(`/v1/orgs/${organization.id}/spaces`)).status).toBe(404);
    });
  });

  describe('PATCH /v1/spaces/{spaceId}', () => {
    it('changes title, emoji, edit mode, default level and language, and reads back', async () => {
      const { organization, members } = await createOrganization(t);
      const space = await createSpace(t, members.admin.token, organization.id);
      t.clock.advance(60_000);
      const res = await t.http.as(members.admin.token).patch(`/v1/spaces/${space.id}`, {
        title: 'Renamed',
        emoji: '🚀',
        editMode: 'locked',
        defaultLevel: 'comment',
        language: 'fr',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: 'Renamed', emoji: '🚀', editMode: 'locked', defaultLevel: 'comment', language: 'fr' });
      expect(res.body.updatedAt).toBe(t.clock.now().toISOString());
      expect(res.body.createdAt).toBe(space.createdAt);
      expect((await t.http.as(members.admin.token).get(`/v1/spaces/${space.id}`)).body).toEqual(res.body);
    });

    it('stays allowed on a locked space, which is how it is unlocked', async () => {
      const { organization, members } = await createOrganization(t);
      const space = await createSpace(t, members.admin.token, organization.id, { editMode: 'locked' });
      const renamed = await t.http.as(members.admin.token).patch(`/v1/spaces/${space.id}`, { title: 'Still locked' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.editMode).toBe('locked');
      const unlocked = await t.http.as(members.admin.token).patch(`/v1/spaces/${space.id}`, { editMode: 'live' });
      expect(unlocked.status).toBe(200);
      expect(unlocked.body).toMatchObject({ editMode: 'live', permissions: { edit: true, merge: true } });
    });

    it('sets null and inherit as default levels', async () => {
      const { organization, members } = await createOrganization(t);
      const space = await createSpace(t, members.admin.token, organization.id);
      const none = await t.http.as(members.admin.token).patch(`/v1/spaces/${space.id}`, { defaultLevel: null });
      expect(none.body.defaultLevel).toBeNull();
      expect((await row(space.id)).defaultLevel).toBeNull();
      const inherit = await t.http.as(members.admin.token).patch(`/v1/spaces/${space.id}`, { defaultLevel: 'inherit' });
      expect(inherit.body.defaultLevel).toBe('inherit');
    });

    it('swaps an emoji for an icon and back, and removes either with null', async () => {
      const { organization, members } = await createOrganization(t);
      const space = await createSpace(t, members.admin.token, organization.id, { emoji: '📘' });
      const icon = await t.http.as(members.admin.token).patch(`/v1/spaces/${space.id}`, { icon: 'https://cdn.example.com/icon.png' });
      expect(icon.status).toBe(200);
      expect(icon.body.emoji).toBe('');
      expect(icon.body.urls.icon).toBe('https://cdn.example.com/icon.png');
      const emoji = await t.http.as(members.admin.token).patch(`/v1/spaces/${space.id}`, { emoji: '📗' });
      expect(emoji.body.emoji).toBe('📗');
      expect(emoji.body.urls.icon).toBeUndefined();
      const cleared = await t.http.as(members.admin.token).patch(`/v1/spaces/${space.id}`, { emoji: null, icon: null });
      expect(cleared.body.emoji).toBe('');
      expect(cleared.body.urls.icon).toBeUndefined();
    });

    it('changes nothing, not even updatedAt, for an empty body', async () => {
      const { organization, members } = await createOrganization(t);
      const space = await createSpace(t, members.admin.token, organization.id);
      t.clock.advance(1000);
      const res = await t.http.as(members.admin.token).patch(`/v1/spaces/${space.id}`, {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual(space);
    });

    it.each([
      [{ title: 't'.repeat(51) }, 'title must be shorter than or equal to 50 characters'],
      [{ title: null }, 'title must not be null'],
      [{ emoji: 'e'.repeat(51) }, 'emoji must be shorter than or equal to 50 characters'],
      [{ icon: 'not a url' }, 'icon must be an http(s) URL'],
      [{ icon: 'ftp://example.com/x.png' }, 'icon must be an http(s) URL'],
      [{ icon: `https://example.com/${'x'.repeat(2048)}` }, 'icon must be shorter than or equal to 2048 characters'],
      [{ emoji: '📕', icon: 'https://example.com/x.png' }, 'emoji and icon cannot both be set'],
      [{ editMode: 'readonly' }, 'editMode must be one of the following values: live, locked'],
      [{ defaultLevel: 'owner' }, 'defaultLevel must be one of admin, create, review, edit, comment, read, inherit or null'],
      [{ language: 'xx' }, 'language must be one of the following values'],
      [{ visibility: 'public' }, 'property visibility should not exist'],
      [{ mergeRules: { type: 'nope' } }, 'mergeRules.type must be one of inherit, rules, none'],
    ])('refuses %j with 400 naming the field, changing nothing', async (body, message) => {
      const { organization, members } = await createOrganization(t);
      const space = await createSpace(t, members.admin.token, organization.id, { emoji: '📘' });
      const res = await t.http.as(members.admin.token).patch(`/v1/spaces/${space.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect((await t.http.as(members.admin.token).get(`/v1/spaces/${space.id}`)).body).toEqual(space);
    });

    it('accepts every edit mode, default level and language', async () => {
      const { organization, members } = await createOrganization(t);
      const space = await createSpace(t, members.admin.token, organization.id);
      for (const editMode of ['locked', 'live']) {
        expect((await t.http.as(members.admin.token).patch(`/v1/spaces/${space.id}`, { editMode })).body.editMode).toBe(editMode);
      }
      for (const defaultLevel of ['admin', 'create', 'review', 'edit', 'comment', 'read', 'inherit', null]) {
        expect((await t.http.as(members.admin.token).patch(`/v1/spaces/${space.id}`, { defaultLevel })).body.defaultLevel).toBe(defaultLevel);
      }
      for (const language of TRANSLATION_LANGUAGES) {
        expect((await t.http.as(members.admin.token).patch(`/v1/spaces/${space.id}`, { language })).body.language).toBe(language);
      }
    });
  });

  describe('DELETE /v1/spaces/{spaceId} and POST /v1/spaces/{spaceId}/restore', () => {
    it('deletes softly: 205, then hidden from reads, writes and lists', async () => {
      const { organization, members } = await createOrganization(t);
      const token = members.admin.token;
      const space = await createSpace(t, token, organization.id);
      const res = await t.http.as(token).delete(`/v1/spaces/${space.id}`);
      expect(res.status).toBe(205);
      expect(res.text).toBe('');
      expect((await row(space.id)).deletedAt?.toISOString()).toBe(t.clock.now().toISOString());
      expect((await t.http.as(token).get(`/v1/spaces/${space.id}`)).status).toBe(404);
      expect((await t.http.as(token).patch(`/v1/spaces/${space.id}`, { title: 'x' })).status).toBe(404);
      expect((await t.http.as(token).post(`/v1/spaces/${space.id}/duplicate`)).status).toBe(404);
      expect((await t.http.as(token).post(`/v1/spaces/${space.id}/move`, { parent: null })).status).toBe(404);
      expect((await t.http.as(token).delete(`/v1/spaces/${space.id}`)).status).toBe(404);
      expect(await listIds(t, token, `/v1/orgs/${organization.id}/spaces`)).toEqual([]);
    });

    it('restores within 7 days of the deletion, at the end of its parent', async () => {
      const { organization, members } = await createOrganization(t);
      const token = members.admin.token;
      const collection = await createCollection(t, token, organization.id);
      const space = await createSpace(t, token, organization.id, { parent: collection.id });
      const sibling = await createSpace(t, token, organization.id, { parent: collection.id });
      await t.http.as(token).delete(`/v1/spaces/${space.id}`);
      t.clock.advance(7 * DAY_MS);
      const res = await t.http.as(token).post(`/v1/spaces/${space.id}/restore`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: space.id, parent: collection.id, revision: space.revision, updatedAt: t.clock.now().toISOString() });
      expect(res.body.deletedAt).toBeUndefined();
      expect((await row(space.id)).deletedAt).toBeNull();
      expect(await listIds(t, token, `/v1/collections/${collection.id}/spaces`)).toEqual([sibling.id, space.id]);
    });

    it('refuses with 409 once more than 7 days have passed, and for a space that is not deleted', async () => {
      const { organization, members } = await createOrganization(t);
      const token = members.admin.token;
      const space = await createSpace(t, token, organization.id);
      const live = await t.http.as(token).post(`/v1/spaces/${space.id}/restore`);
      expect(live.status).toBe(409);
      expect(live.body.error.message).toContain('is not deleted');
      await t.http.as(token).delete(`/v1/spaces/${space.id}`);
      t.clock.advance(7 * DAY_MS + 1);
      const late = await t.http.as(token).post(`/v1/spaces/${space.id}/restore`);
      expect(late.status).toBe(409);
      expect(late.body.error.message).toContain('more than 7 days ago: it can no longer be restored');
      expect((await row(space.id)).deletedAt).not.toBeNull();
    });

    it('puts a space whose collection is gone at the end of the top level', async () => {
      const { organization, members } = await createOrganization(t);
      const token = members.admin.token;
      const top = await createSpace(t, token, organization.id);
      const collection = await createCollection(t, token, organization.id);
      const space = await createSpace(t, token, organization.id, { parent: collection.id });
      await t.http.as(token).delete(`/v1/spaces/${space.id}`);
      await t.http.as(token).delete(`/v1/collections/${collection.id}`);
      const res = await t.http.as(token).post(`/v1/spaces/${space.id}/restore`);
      expect(res.status).toBe(200);
      expect(res.body.parent).toBeUndefined();
      expect(await listIds(t, token, `/v1/orgs/${organization.id}/spaces`)).toEqual([top.id, space.id]);
    });

    it("answers 404 for unknown ids and another organization's spaces", async () => {
      const { members } = await createOrganization(t);
      const other = await createOrganization(t);
      const foreign = await createSpace(t, other.members.admin.token, other.organization.id);
      await t.http.as(other.members.admin.token).delete(`/v1/spaces/${foreign.id}`);
      expect((await t.http.as(members.admin.token).post(`/v1/spaces/${foreign.id}/restore`)).status).toBe(404);
      expect((await t.http.as(members.admin.token).delete(`/v1/spaces/unknown`)).status).toBe(404);
      expect((await t.http.as(undefined).delete(`/v1/spaces/${foreign.id}`)).status).toBe(401);
      expect((await t.http.as(undefined).post(`/v1/spaces/${foreign.id}/restore`)).status).toBe(401);
    });
  });

  describe('POST /v1/spaces/{spaceId}/duplicate', () => {
    it('copies the settings into a new space just after the original, with a new initial revision', async () => {
      const { organization, members } = await createOrganization(t);
      const token = members.admin.token;
      const collection = await createCollection(t, token, organization.id);
      const source = await createSpace(t, token, organization.id, { parent: collection.id, emoji: '📙', language: 'de', editMode: 'locked' });
      await t.http.as(token).patch(`/v1/spaces/${source.id}`, { defaultLevel: 'edit' });
      const after = await createSpace(t, token, organization.id, { parent: collection.id });
      await t.dataSource.getRepository(SpaceEntity).update({ id: source.id }, { comments: 3, changeRequests: 2, changeRequestsOpen: 1 });
      t.clock.advance(5000);

      const res = await t.http.as(token).post(`/v1/spaces/${source.id}/duplicate`);
      expect(res.status).toBe(201);
      expect(res.headers.location).toBe(`${TEST_PUBLIC_URL}/v1/spaces/${res.body.id}`);
      expect(res.body.id).not.toBe(source.id);
      expect(res.body).toMatchObject({
        title: source.title,
        emoji: '📙',
        language: 'de',
        editMode: 'locked',
        defaultLevel: 'edit',
        visibility: 'private',
        parent: collection.id,
        organization: organization.id,
        comments: 0,
        changeRequests: 0,
        changeRequestsOpen: 0,
        changeRequestsDraft: 0,
        createdAt: t.clock.now().toISOString(),
      });
      expect(res.body.revision).not.toBe(source.revision);
      const revision = await t.dataSource.getRepository(RevisionEntity).findOneByOrFail({ id: res.body.revision });
      expect(revision).toMatchObject({ spaceId: res.body.id, parents: [] });
      expect(await listIds(t, token, `/v1/collections/${collection.id}/spaces`)).toEqual([source.id, res.body.id, after.id]);
      // The original is untouched.
      expect((await t.http.as(token).get(`/v1/spaces/${source.id}`)).body).toMatchObject({ revision: source.revision, comments: 3 });
    });

    it("answers 404 for another organization's space and 401 without a token", async () => {
      const { members } = await createOrganization(t);
      const other = await createOrganization(t);
      const foreign = await createSpace(t, other.members.admin.token, other.organization.id);
      expect((await t.http.as(members.admin.token).post(`/v1/spaces/${foreign.id}/duplicate`)).status).toBe(404);
      expect((await t.http.as(undefined).post(`/v1/spaces/${foreign.id}/duplicate`)).status).toBe(401);
    });
  });

  describe('POST /v1/spaces/{spaceId}/move', () => {
    async function fourSpaces() {
      const { organization, members } = await createOrganization(t);
      const token = members.admin.token;
      const spaces: string[] = [];
      for (const title of ['A', 'B', 'C', 'D']) spaces.push((await createSpace(t, token, organization.id, { title })).id);
      return { organization, token, spaces };
    }
    const at = (id: string) => ({ type: 'space', space: id });

    it('reorders siblings before and after one another; lists follow', async () => {
      const { organization, token, spaces } = await fourSpaces();
      const [a, b, c, d] = spaces;
      const list = () => listIds(t, token, `/v1/orgs/${organization.id}/spaces`);
      const move = (id: string, position: object) => t.http.as(token).post(`/v1/spaces/${id}/move`, { position });
      expect((await move(d, { before: at(a) })).status).toBe(200);
      expect(await list()).toEqual([d, a, b, c]);
      expect((await move(d, { after: at(b) })).status).toBe(200);
      expect(await list()).toEqual([a, b, d, c]);
      expect((await move(a, { after: at(c) })).status).toBe(200);
      expect(await list()).toEqual([b, d, c, a]);
      expect((await move(c, { before: at(d) })).status).toBe(200);
      expect(await list()).toEqual([b, c, d, a]);
      // Only the moved row changed.
      expect((await row(b)).position).toBe('a1');
    });

    it('moves into a collection (at the end, or next to a sibling there) and back to the top level', async () => {
      const { organization, token, spaces } = await fourSpaces();
      const [a, b, c] = spaces;
      const collection = await createCollection(t, token, organization.id);
      const inCollection = () => listIds(t, token, `/v1/collections/${collection.id}/spaces`);
      const res = await t.http.as(token).post(`/v1/spaces/${a}/move`, { parent: collection.id });
      expect(res.status).toBe(200);
      expect(res.body.parent).toBe(collection.id);
      expect(await inCollection()).toEqual([a]);
      await t.http.as(token).post(`/v1/spaces/${b}/move`, { parent: collection.id });
      await t.http.as(token).post(`/v1/spaces/${c}/move`, { parent: collection.id, position: { before: at(b) } });
      expect(await inCollection()).toEqual([a, c, b]);
      const back = await t.http.as(token).post(`/v1/spaces/${c}/move`, { parent: null, position: { before: at(spaces[3]) } });
      expect(back.status).toBe(200);
      expect(back.body.parent).toBeUndefined();
      expect(await inCollection()).toEqual([a, b]);
      expect(await listIds(t, token, `/v1/orgs/${organization.id}/spaces`)).toEqual([c, spaces[3], a, b]);
    });

    it('places a space between collections: spaces and collections share one order', async () => {
      const { organization, token, spaces } = await fourSpaces();
      const first = await createCollection(t, token, organization.id);
      const second = await createCollection(t, token, organization.id);
      const res = await t.http.as(token).post(`/v1/spaces/${spaces[0]}/move`, { position: { after: { type: 'collection', collection: first.id } } });
      expect(res.status).toBe(200);
      const keys = await t.dataSource.query(`SELECT id, position FROM spaces WHERE id = $1 UNION ALL SELECT id, position FROM collections WHERE id = ANY($2)`, [
        spaces[0],
        [first.id, second.id],
      ]);
      const position = Object.fromEntries(keys.map((k: { id: string; position: string }) => [k.id, k.position]));
      expect(position[first.id] < position[spaces[0]] && position[spaces[0]] < position[second.id]).toBe(true);
    });

    it.each([
      [{}, 400, 'Give parent, position or both'],
      [{ position: {} }, 400, 'position must have before or after'],
      [{ position: { before: { type: 'space', space: 'x' }, after: { type: 'space', space: 'y' } } }, 400, 'either before or after, not both'],
      [{ position: { before: { type: 'page', space: 'x' } } }, 400, 'position.before.type must be one of the following values: space, collection'],
      [{ position: { before: { type: 'space' } } }, 400, 'position.before.space must be a non-empty string when type is space'],
      [{ position: { after: { type: 'collection', collection: 'c', space: 's' } } }, 400, 'position.after.space is not allowed when type is collection'],
      [{ position: { after: { type: 'space', space: 's', extra: 1 } } }, 400, 'property extra should not exist'],
      [{ position: 'first' }, 400, 'position'],
      [{ parent: 42 }, 400, 'parent must be a string'],
      [{ parent: null, extra: true }, 400, 'property extra should not exist'],
    ])('refuses %j with %i', async (body, status, message) => {
      const { token, spaces } = await fourSpaces();
      const res = await t.http.as(token).post(`/v1/spaces/${spaces[0]}/move`, body);
      expect(res.status).toBe(status);
      expect(res.body.error.message).toContain(message);
    });

    it('refuses siblings that are not under the target parent, itself, and a move that changes nothing', async () => {
      const { organization, token, spaces } = await fourSpaces();
      const collection = await createCollection(t, token, organization.id);
      const inside = await createSpace(t, token, organization.id, { parent: collection.id });
      const notThere = await t.http.as(token).post(`/v1/spaces/${spaces[0]}/move`, { parent: collection.id, position: { before: at(spaces[1]) } });
      expect(notThere.status).toBe(400);
      expect(notThere.body.error.message).toContain(`no space ${spaces[1]} is in collection ${collection.id}`);
      const wrongLevel = await t.http.as(token).post(`/v1/spaces/${spaces[0]}/move`, { position: { after: at(inside.id) } });
      expect(wrongLevel.status).toBe(400);
      expect(wrongLevel.body.error.message).toContain('at the top level of the organization');
      const self = await t.http.as(token).post(`/v1/spaces/${spaces[0]}/move`, { position: { after: at(spaces[0]) } });
      expect(self.status).toBe(400);
      const unknown = await t.http.as(token).post(`/v1/spaces/${spaces[0]}/move`, { position: { after: { type: 'collection', collection: 'nope' } } });
      expect(unknown.status).toBe(400);
      const same = await t.http.as(token).post(`/v1/spaces/${spaces[0]}/move`, { parent: null });
      expect(same.status).toBe(409);
      expect(same.body.error.message).toContain('already at the top level');
      const unknownParent = await t.http.as(token).post(`/v1/spaces/${spaces[0]}/move`, { parent: 'nope' });
      expect(unknownParent.status).toBe(404);
      expect(await listIds(t, token, `/v1/orgs/${organization.id}/spaces`)).toEqual([...spaces, inside.id]);
    });

    it("answers 404 for a parent of another organization, and 401 without a token", async () => {
      const { organization, token, spaces } = await fourSpaces();
      const other = await createOrganization(t);
      const foreign = await createCollection(t, other.members.admin.token, other.organization.id);
      expect((await t.http.as(token).post(`/v1/spaces/${spaces[0]}/move`, { parent: foreign.id })).status).toBe(404);
      expect((await t.http.as(undefined).post(`/v1/spaces/${spaces[0]}/move`, { parent: null })).status).toBe(401);
      expect(await listIds(t, token, `/v1/orgs/${organization.id}/spaces`)).toEqual(spaces);
    });
  });

  describe('POST /v1/spaces/{spaceId}/transfer', () => {
    it('moves a space with its revision and counts to the end of the top level of another organization', async () => {
      const source = await createOrganization(t, { reader: 'read' });
      const target = await createOrganization(t, { reader: 'read' });
      const admin = source.members.admin;
      await addMember(t, target.organization.id, admin, 'admin');
      const collection = await createCollection(t, admin.token, source.organization.id);
      const space = await createSpace(t, admin.token, source.organization.id, { parent: collection.id });
      await t.dataSource.getRepository(SpaceEntity).update({ id: space.id }, { comments: 4, changeRequests: 3, changeRequestsOpen: 2, changeRequestsDraft: 1 });
      const already = await createSpace(t, target.members.admin.token, target.organization.id);

      const res = await t.http.as(admin.token).post(`/v1/spaces/${space.id}/transfer`, { organization: target.organization.id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: space.id,
        organization: target.organization.id,
        revision: space.revision,
        comments: 4,
        changeRequests: 3,
        changeRequestsOpen: 2,
        changeRequestsDraft: 1,
      });
      expect(res.body.parent).toBeUndefined();
      expect(await listIds(t, admin.token, `/v1/orgs/${target.organization.id}/spaces`)).toEqual([already.id, space.id]);
      expect(await listIds(t, admin.token, `/v1/orgs/${source.organization.id}/spaces`)).toEqual([]);
      expect((await t.dataSource.getRepository(RevisionEntity).findOneByOrFail({ id: space.revision })).spaceId).toBe(space.id);
      // Members of the old organization lose it; members of the new one see it.
      expect((await t.http.as(source.members.reader.token).get(`/v1/spaces/${space.id}`)).status).toBe(404);
      expect((await t.http.as(target.members.reader.token).get(`/v1/spaces/${space.id}`)).status).toBe(200);
    });

    it('needs membership (404) and the admin role (403) in the target, and a different organization (409)', async () => {
      const source = await createOrganization(t);
      const target = await createOrganization(t);
      const admin = source.members.admin;
      const space = await createSpace(t, admin.token, source.organization.id);
      const transfer = (organization: unknown) => t.http.as(admin.token).post(`/v1/spaces/${space.id}/transfer`, { organization });
      const outsider = await transfer(target.organization.id);
      expect(outsider.status).toBe(404);
      expect(outsider.body.error.message).toBe(`No organization has the id ${target.organization.id}.`);
      await addMember(t, target.organization.id, admin, 'create');
      const notAdmin = await transfer(target.organization.id);
      expect(notAdmin.status).toBe(403);
      expect(notAdmin.body.error.message).toContain(`admin role in organization ${target.organization.id}`);
      const same = await transfer(source.organization.id);
      expect(same.status).toBe(409);
      expect((await transfer(undefined)).body.error.message).toContain('organization is required');
      expect((await transfer('')).status).toBe(400);
      expect((await t.http.as(admin.token).post(`/v1/spaces/${space.id}/transfer`, { organization: target.organization.id, parent: 'x' })).status).toBe(400);
      expect((await row(space.id)).organizationId).toBe(source.organization.id);
      expect((await t.http.as(undefined).post(`/v1/spaces/${space.id}/transfer`, { organization: 'x' })).status).toBe(401);
    });
  });
});
