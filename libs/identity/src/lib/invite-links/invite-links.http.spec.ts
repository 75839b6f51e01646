import { createTestApp, TestApp } from '@docs/platform/testing';
import { createOrganization, createUser, TestUser } from '../../testing';
import { IdentityModule } from '../identity.module';
import { ApiTokensService } from '../tokens/api-tokens.service';
import { UsersService } from '../users/users.service';
import { INVITE_LINK_LIFETIME_DAYS } from './invite-links.service';

describe('invite links and joining (link-invites, join, email-domains)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule] });
  });
  afterAll(() => t.close());

  async function setup() {
    const org = await createOrganization(t, { editor: 'edit' });
    const base = `/v1/orgs/${org.organization.id}`;
    const admin = t.http.as(org.members.admin.token);
    return { org, base, admin };
  }

  /** A user whose address is at `domain` (the fixtures' users are all at example.com). */
  async function userAt(domain: string): Promise<TestUser> {
    const user = await t.get(UsersService).create(`person-${Math.random().toString(36).slice(2, 8)}@${domain}`, undefined);
    const { value } = await t.get(ApiTokensService).mint(user.id, 'test');
    return { user, token: value };
  }

  const memberRole = async (organizationId: string, userId: string) =>
    ((await t.dataSource.query(`SELECT role FROM organization_members WHERE organization_id = $1 AND user_id = $2`, [organizationId, userId])) as { role: string | null }[])[0];

  it('creates, lists, reads, changes and deletes links (admins), with the reference shape', async () => {
    const { org, base, admin } = await setup();
    const created = await admin.post(`${base}/link-invites`, { role: 'edit' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      object: 'invite',
      id: expect.any(String),
      role: 'edit',
      redundant: true,
      organization: { id: org.organization.id, title: org.organization.title },
      createdAt: t.clock.now().toISOString(),
      expiresAt: new Date(t.clock.now().getTime() + INVITE_LINK_LIFETIME_DAYS * 86400000).toISOString(),
      urls: { app: expect.stringMatching(new RegExp(`/join/${org.organization.id}/${created.body.id}$`)) },
    });
    expect(created.headers['location']).toBe(`${base}/link-invites/${created.body.id}`);
    t.clock.advance(1000);
    const guests = await admin.post(`${base}/link-invites`, { role: null });
    expect(guests.body.role).toBeNull();

    const list = await admin.get(`${base}/link-invites`);
    expect(list.body.count).toBe(2);
    expect(list.body.items.map((link: any) => link.id)).toEqual([guests.body.id, created.body.id]);
    const paged = await admin.get(`${base}/link-invites`, { query: { limit: 1 } });
    const second = await admin.get(`${base}/link-invites`, { query: { limit: 1, page: paged.body.next.page } });
    expect(second.body.items.map((link: any) => link.id)).toEqual([created.body.id]);

    const changed = await admin.patch(`${base}/link-invites/${created.body.id}`, { role: 'review' });
    expect(changed.status).toBe(200);
    expect(changed.body.role).toBe('review');
    expect((await admin.get(`${base}/link-invites/${created.body.id}`)).body.role).toBe('review');

    expect((await admin.delete(`${base}/link-invites/${created.body.id}`)).status).toBe(205);
    expect((await admin.delete(`${base}/link-invites/${created.body.id}`)).status).toBe(204);
    expect((await admin.get(`${base}/link-invites/${created.body.id}`)).status).toBe(404);
    expect((await admin.get(`${base}/link-invites`)).body.count).toBe(1);
  });

  it('refuses bad bodies and stores nothing', async () => {
    const { base, admin } = await setup();
    const bodies = [
      [{}, /role is required/],
      [{ role: 'owner' }, /role must be one of/],
      [{ role: 'edit', extra: 1 }, /extra/],
      [{ role: 3 }, /role must be one of/],
      [{ role: 'read', space: 'x' }, /role cannot be given with level, space or collection/],
      [{ level: 'edit' }, /space or collection is required with level/],
      [{ space: 'x' }, /level is required with space/],
      [{ level: null, collection: 'x' }, /level must not be null/],
      [{ level: 'owner', space: 'x' }, /level must be one of/],
      [{ level: 'edit', space: 'x', collection: 'y' }, /space and collection cannot both be given/],
      [{ level: 'edit', space: '' }, /space/],
    ] as const;
    for (const [body, message] of bodies) {
      const res = await admin.post(`${base}/link-invites`, body);
      expect([body, res.status]).toEqual([body, 400]);
      expect(res.body.error.message).toMatch(message);
    }
    expect((await admin.get(`${base}/link-invites`)).body.count).toBe(0);
    // Without the content domain there is no space or collection to link to.
    expect((await admin.post(`${base}/link-invites`, { level: 'edit', space: 'nope' })).status).toBe(404);
    const link = await admin.post(`${base}/link-invites`, { role: 'read' });
    expect((await admin.patch(`${base}/link-invites/${link.body.id}`, { role: 'chief' })).status).toBe(400);
    expect((await admin.patch(`${base}/link-invites/${link.body.id}`, {})).status).toBe(400);
    expect((await admin.patch(`${base}/link-invites/${link.body.id}`, { role: 'read', level: 'read' })).status).toBe(400);
    // A well-formed level, but this link is to the organization: it has a role.
    const level = await admin.patch(`${base}/link-invites/${link.body.id}`, { level: 'edit' });
    expect(level.status).toBe(400);
    expect(level.body.error.message).toMatch(/to the organization/);
    expect((await admin.get(`${base}/link-invites/${link.body.id}`)).body.role).toBe('read');
  });

  it("joins a signed-in person with the link's role; a member stays as they are", async () => {
    const { org, base, admin } = await setup();
    const link = (await admin.post(`${base}/link-invites`, { role: 'comment' })).body;
    const newcomer = await createUser(t);
    const seen = await t.http.as(newcomer.token).get(`${base}/link-invites/${link.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.redundant).toBe(false);
    expect((await t.http.as(newcomer.token).get(base)).status).toBe(404);

    const joined = await t.http.as(newcomer.token).post(`${base}/join`, { invite: link.id });
    expect(joined.status).toBe(204);
    expect(await memberRole(org.organization.id, newcomer.user.id)).toEqual({ role: 'comment' });
    expect((await t.http.as(newcomer.token).get(base)).status).toBe(200);
    expect((await t.http.as(newcomer.token).get(`${base}/link-invites/${link.id}`)).body.redundant).toBe(true);

    // The editor joining through a link for readers keeps the edit role.
    const readers = (await admin.post(`${base}/link-invites`, { role: 'read' })).body;
    expect((await t.http.as(org.members.editor.token).post(`${base}/join`, { invite: readers.id })).status).toBe(204);
    expect(await memberRole(org.organization.id, org.members.editor.user.id)).toEqual({ role: 'edit' });
  });

  it('refuses expired, deleted, foreign and unknown links, and joins nobody', async () => {
    const { org, base, admin } = await setup();
    const other = await setup();
    const person = await createUser(t);
    const expired = (await admin.post(`${base}/link-invites`, { role: 'read' })).body;
    t.clock.advance(INVITE_LINK_LIFETIME_DAYS * 86400000);
    const refused = await t.http.as(person.token).post(`${base}/join`, { invite: expired.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/expired/);

    const deleted = (await admin.post(`${base}/link-invites`, { role: 'read' })).body;
    await admin.delete(`${base}/link-invites/${deleted.id}`);
    expect((await t.http.as(person.token).post(`${base}/join`, { invite: deleted.id })).status).toBe(404);
    expect((await t.http.as(person.token).post(`${base}/join`, { invite: 'nope' })).status).toBe(404);
    // Another organization's link does not open this one.
    const foreign = (await other.admin.post(`${other.base}/link-invites`, { role: 'admin' })).body;
    expect((await t.http.as(person.token).post(`${base}/join`, { invite: foreign.id })).status).toBe(404);
    expect((await t.http.as(person.token).get(`${base}/link-invites/${foreign.id}`)).status).toBe(404);
    expect((await t.http.as(person.token).post(`/v1/orgs/nope/join`, { invite: foreign.id })).status).toBe(404);
    expect((await t.http.as(person.token).post(`${base}/join`, { invite: 5 })).status).toBe(400);
    expect(await memberRole(org.organization.id, person.user.id)).toBeUndefined();
    expect((await t.http.as(undefined).post(`${base}/join`, { invite: deleted.id })).status).toBe(401);
  });

  it("joins by email domain with the organization's defaultRole, and lists those organizations to that domain's people", async () => {
    const { org, base, admin } = await setup();
    const domain = `d${Math.random().toString(36).slice(2, 8)}.example.org`;
    const person = await userAt(domain);
    const stranger = await userAt('elsewhere.example.net');
    const refused = await t.http.as(person.token).post(`${base}/join`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(domain);
    expect((await t.http.as(person.token).get(`/v1/email-domains/${domain}/orgs`)).body).toEqual({ organizations: [] });

    expect((await admin.patch(base, { emailDomains: ['not a domain'] })).status).toBe(400);
    expect((await admin.patch(base, { defaultRole: 'boss' })).status).toBe(400);
    const patched = await admin.patch(base, { emailDomains: [domain.toUpperCase()], defaultRole: 'edit' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ emailDomains: [domain], defaultRole: 'edit', inviteLinks: true });

    const found = await t.http.as(person.token).get(`/v1/email-domains/${domain}/orgs`);
    expect(found.body.organizations.map((o: any) => [o.id, o.permissions.view])).toEqual([[org.organization.id, false]]);
    expect((await t.http.as(stranger.token).get(`/v1/email-domains/${domain}/orgs`)).status).toBe(403);
    expect((await t.http.as(stranger.token).post(`${base}/join`)).status).toBe(400);

    expect((await t.http.as(person.token).post(`${base}/join`, {})).status).toBe(204);
    expect(await memberRole(org.organization.id, person.user.id)).toEqual({ role: 'edit' });
    const again = await t.http.as(person.token).get(`/v1/email-domains/${domain}/orgs`);
    expect(again.body.organizations[0].permissions.view).toBe(true);
    expect(await memberRole(org.organization.id, stranger.user.id)).toBeUndefined();
  });

  it('404 before 403 for members who are not admins: an unknown link is a 404, a known one a 403', async () => {
    const { org, base, admin } = await setup();
    const link = (await admin.post(`${base}/link-invites`, { role: 'read' })).body;
    const editor = t.http.as(org.members.editor.token);
    expect((await editor.get(`${base}/link-invites`)).status).toBe(403);
    expect((await editor.post(`${base}/link-invites`, { role: 'read' })).status).toBe(403);
    expect((await editor.patch(`${base}/link-invites/nope`, { role: 'admin' })).status).toBe(404);
    expect((await editor.patch(`${base}/link-invites/${link.id}`, { role: 'admin' })).status).toBe(403);
    expect((await editor.delete(`${base}/link-invites/nope`)).status).toBe(404);
    expect((await editor.delete(`${base}/link-invites/${link.id}`)).status).toBe(403);
    expect((await admin.get(`${base}/link-invites/${link.id}`)).body.role).toBe('read');
  });

  it("another organization's admin learns nothing of this one's links", async () => {
    const { base, admin } = await setup();
    const other = await setup();
    const link = (await admin.post(`${base}/link-invites`, { role: 'read' })).body;
    const outsider = t.http.as(other.org.members.admin.token);
    expect((await outsider.get(`${base}/link-invites`)).status).toBe(404);
    expect((await outsider.post(`${base}/link-invites`, { role: 'read' })).status).toBe(404);
    expect((await outsider.patch(`${base}/link-invites/${link.id}`, { role: 'admin' })).status).toBe(404);
    expect((await outsider.delete(`${base}/link-invites/${link.id}`)).status).toBe(404);
    expect((await outsider.get(`${other.base}/link-invites/${link.id}`)).status).toBe(404);
    expect((await admin.get(`${base}/link-invites/${link.id}`)).body.role).toBe('read');
  });
});
