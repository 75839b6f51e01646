import { createCollection } from '@docs/content/testing';
import { addMember, createOrganization, createUser, TEST_IDP_CERTIFICATE } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { ApiModule } from './api.module';

/**
 * docs/permissions.md, "404 or 403": a caller learns nothing about what it cannot see. Where the
 * role forbids an operation on every object of a kind, the answer is the same 403 whether the id
 * exists or not; an object the caller cannot see is a 404 whatever the operation.
 */
const CONFIGURED = { entityID: 'http://www.okta.com/exk1', certificate: TEST_IDP_CERTIFICATE, ssoURL: 'https://example.okta.com/sso/saml' };

describe('404 before 403', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ApiModule] });
  });
  afterAll(() => t.close());

  it('GET members/{userId}/spaces: 404 for a member the caller cannot see or an unknown id, 403 for one it sees', async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read', guest: null, other: 'edit' });
    const stranger = await createUser(t);
    const base = `/v1/orgs/${organization.id}/members`;
    const status = async (token: string, userId: string) => (await t.http.as(token).get(`${base}/${userId}/spaces`)).status;
    // A guest sees no other member (GET members/{userId} is a 404 for them): nothing to forbid.
    for (const userId of [members.other.user.id, members.admin.user.id, stranger.user.id, 'no-such-user']) {
      expect([userId, await status(members.guest.token, userId)]).toEqual([userId, 404]);
    }
    // A member with a role sees every member, but only admins may list another member's spaces.
    expect(await status(members.reader.token, members.other.user.id)).toBe(403);
    expect(await status(members.reader.token, stranger.user.id)).toBe(404);
    expect(await status(members.reader.token, 'no-such-user')).toBe(404);
    expect(await status(members.guest.token, members.guest.user.id)).toBe(200);
    expect(await status(members.admin.token, stranger.user.id)).toBe(404);
    expect(await status(members.admin.token, members.other.user.id)).toBe(200);
  });

  it('SAML providers, for non-admins: 404 for an unknown or unlisted provider, 403 for one /sso shows them', async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read', guest: null });
    const admin = t.http.as(members.admin.token);
    const pending = (await admin.post(`/v1/orgs/${organization.id}/saml`, { label: 'Pending' })).body;
    const active = (await admin.post(`/v1/orgs/${organization.id}/saml`, { label: 'Okta', ...CONFIGURED })).body;
    expect(active.status).toBe('active');
    for (const caller of [members.reader, members.guest]) {
      const as = t.http.as(caller.token);
      for (const [id, expected] of [[pending.id, 404], ['no-such-provider', 404], [active.id, 403]] as const) {
        const path = `/v1/orgs/${organization.id}/saml/${id}`;
        expect([id, (await as.get(path)).status]).toEqual([id, expected]);
        expect([id, (await as.patch(path, { label: 'x' })).status]).toEqual([id, expected]);
        expect([id, (await as.delete(path)).status]).toEqual([id, expected]);
      }
      // The list and create concern the organization, which they see: 403.
      expect((await as.get(`/v1/orgs/${organization.id}/saml`)).status).toBe(403);
      expect((await as.post(`/v1/orgs/${organization.id}/saml`, { label: 'x' })).status).toBe(403);
    }
    expect((await admin.get(`/v1/orgs/${organization.id}/saml/${pending.id}`)).status).toBe(200);
    // Another organization's provider is unknown here, even to an admin of both.
    const other = await createOrganization(t);
    await addMember(t, other.organization.id, members.admin, 'admin');
    expect((await admin.get(`/v1/orgs/${other.organization.id}/saml/${active.id}`)).status).toBe(404);
  });

  it('a parent collection of another organization is a 404 in create and move, like an unknown id', async () => {
    const { organization, members } = await createOrganization(t);
    const other = await createOrganization(t);
    // The caller is an admin of both: they can see the other organization's collection.
    await addMember(t, other.organization.id, members.admin, 'admin');
    const foreign = await createCollection(t, members.admin.token, other.organization.id);
    const as = t.http.as(members.admin.token);
    const outsider = await createOrganization(t);
    const unseen = await createCollection(t, outsider.members.admin.token, outsider.organization.id);
    for (const parent of [foreign.id, unseen.id, 'no-such-collection']) {
      for (const kind of ['spaces', 'collections']) {
        const res = await as.post(`/v1/orgs/${organization.id}/${kind}`, { title: 'x', parent });
        expect([kind, parent, res.status]).toEqual([kind, parent, 404]);
      }
      const space = (await as.post(`/v1/orgs/${organization.id}/spaces`, { title: 'mover' })).body;
      const collection = (await as.post(`/v1/orgs/${organization.id}/collections`, { title: 'mover' })).body;
      expect((await as.post(`/v1/spaces/${space.id}/move`, { parent })).status).toBe(404);
      expect((await as.post(`/v1/collections/${collection.id}/move`, { parent })).status).toBe(404);
    }
  });

  it('a parent collection of another organization is the 404 of an unknown id whatever the role there (create and move of spaces and collections)', async () => {
    const { organization, members } = await createOrganization(t);
    const other = await createOrganization(t);
    const foreign = await createCollection(t, other.members.admin.token, other.organization.id);
    const as = t.http.as(members.admin.token);
    const space = (await as.post(`/v1/orgs/${organization.id}/spaces`, { title: 'mover' })).body;
    const collection = (await as.post(`/v1/orgs/${organization.id}/collections`, { title: 'mover' })).body;
    const attempts = (parent: string) => [
      ['create space', () => as.post(`/v1/orgs/${organization.id}/spaces`, { title: 'x', parent })],
      ['create collection', () => as.post(`/v1/orgs/${organization.id}/collections`, { title: 'x', parent })],
      ['move space', () => as.post(`/v1/spaces/${space.id}/move`, { parent })],
      ['move collection', () => as.post(`/v1/collections/${collection.id}/move`, { parent })],
    ] as const;
    const unknown = 'no-such-collection';
    // Every role the caller may hold in the other organization (guest included): the answer
    // must not depend on it, and must read exactly as the answer for an unknown id.
    for (const role of ['read', 'comment', 'edit', 'review', 'create', 'admin', null] as const) {
      await t.dataSource.query(`DELETE FROM organization_members WHERE organization_id = $1 AND user_id = $2`, [other.organization.id, members.admin.user.id]);
      await addMember(t, other.organization.id, members.admin, role);
      for (const [name, attempt] of attempts(foreign.id)) {
        const res = await attempt();
        const expected = (await attempts(unknown).find(([n]) => n === name)![1]()).body.error.message.replace(unknown, foreign.id);
        expect([role, name, res.status, res.body.error?.message]).toEqual([role, name, 404, expected]);
      }
    }
  });

  it('a guest acting on a team they are not in gets 404; on a team they are in but do not own, 403', async () => {
    const { organization, members } = await createOrganization(t, { guest: null, reader: 'read' });
    const admin = t.http.as(members.admin.token);
    const base = `/v1/orgs/${organization.id}/teams`;
    const outside = (await admin.put(base, { title: 'Outside' })).body;
    const inside = (await admin.put(base, { title: 'Inside' })).body;
    expect((await admin.put(`${base}/${inside.id}/members/${members.guest.user.id}`, { role: 'member' })).status).toBeLessThan(300);

    const guest = t.http.as(members.guest.token);
    for (const teamId of [outside.id, 'no-such-team']) {
      expect([teamId, (await guest.get(`${base}/${teamId}`)).status]).toEqual([teamId, 404]);
      expect([teamId, (await guest.get(`${base}/${teamId}/members`)).status]).toEqual([teamId, 404]);
      expect([teamId, (await guest.put(`${base}/${teamId}/members/${members.reader.user.id}`, { role: 'member' })).status]).toEqual([teamId, 404]);
      expect([teamId, (await guest.delete(`${base}/${teamId}/members/${members.reader.user.id}`)).status]).toEqual([teamId, 404]);
    }
    expect((await guest.put(`${base}/${inside.id}/members/${members.reader.user.id}`, { role: 'member' })).status).toBe(403);
    // A member with a role sees every team: 403 on one they do not own, 404 for an unknown id.
    const reader = t.http.as(members.reader.token);
    expect((await reader.put(`${base}/${outside.id}/members/${members.guest.user.id}`, { role: 'member' })).status).toBe(403);
    expect((await reader.put(`${base}/no-such-team/members/${members.guest.user.id}`, { role: 'member' })).status).toBe(404);
  });

  it('member and team administration by a non-admin: 404 for an unknown id, 403 for one they see', async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read', other: 'edit' });
    const admin = t.http.as(members.admin.token);
    const team = (await admin.put(`/v1/orgs/${organization.id}/teams`, { title: 'Team' })).body;
    const reader = t.http.as(members.reader.token);
    const base = `/v1/orgs/${organization.id}`;
    const cases: [string, () => Promise<{ status: number }>, () => Promise<{ status: number }>][] = [
      ['PATCH member', () => reader.patch(`${base}/members/${members.other.user.id}`, { role: 'read' }), () => reader.patch(`${base}/members/no-such-user`, { role: 'read' })],
      ['DELETE member', () => reader.delete(`${base}/members/${members.other.user.id}`), () => reader.delete(`${base}/members/no-such-user`)],
      ['POST member sso', () => reader.post(`${base}/members/${members.other.user.id}/sso`), () => reader.post(`${base}/members/no-such-user/sso`)],
      ['PATCH team', () => reader.patch(`${base}/teams/${team.id}`, { title: 'x' }), () => reader.patch(`${base}/teams/no-such-team`, { title: 'x' })],
      ['DELETE team', () => reader.delete(`${base}/teams/${team.id}`), () => reader.delete(`${base}/teams/no-such-team`)],
    ];
    for (const [name, seen, unknown] of cases) {
      expect([name, (await seen()).status, (await unknown()).status]).toEqual([name, 403, 404]);
    }
  });
});
