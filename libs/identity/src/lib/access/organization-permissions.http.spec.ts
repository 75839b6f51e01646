import { cells, createTestApp, describePermissionTable, PERMISSION_ROLES, PermissionRole, PermissionTable, TestApp } from '@docs/platform/testing';
import { addMember, createOrganization, createUser, pendingInvitationsContract, TEST_IDP_CERTIFICATE, TestOrganization, TestUser } from '../../testing';
import { IdentityModule } from '../identity.module';
import type { MemberRoleOrGuest } from '../members/member-role';

/**
 * docs/permissions.md, "Organization administration": the table is generated from this one and
 * every cell is checked over HTTP, role by role (`describePermissionTable`).
 */
type Who = PermissionRole;

interface Fixture {
  t: TestApp;
  org: TestOrganization<Exclude<Who, 'admin' | 'outsider'>>;
  users: Record<Who, TestUser>;
  /** A team every member is in (the guest as a plain member), and one nobody but the admin is in. */
  joined: string;
  apart: string;
}

/** The path of a new SAML provider of the organization: configured (listed by GET /sso), or pending (admins only). */
async function provider(f: Fixture, configured: boolean): Promise<string> {
  const created = await f.t.http.as(f.users.admin.token).post(`/v1/orgs/${f.org.organization.id}/saml`, configured ? { label: 'Okta', ...CONFIGURED } : { label: 'Pending' });
  return `/v1/orgs/${f.org.organization.id}/saml/${created.body.id}`;
}

/** A new invite link of the organization, for readers. */
async function inviteLink(f: Fixture): Promise<string> {
  return (await f.t.http.as(f.users.admin.token).post(`${base(f)}/link-invites`, { role: 'read' })).body.id as string;
}

const ROLE_OF: Record<Exclude<Who, 'outsider'>, MemberRoleOrGuest> = { admin: 'admin', create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null };
const CONFIGURED = { entityID: 'http://www.okta.com/exk1', certificate: TEST_IDP_CERTIFICATE, ssoURL: 'https://example.okta.com/sso/saml' };

const as = (f: Fixture, who: Who) => f.t.http.as(f.users[who].token);
const status = async (response: Promise<{ status: number }>) => (await response).status;
const base = (f: Fixture) => `/v1/orgs/${f.org.organization.id}`;
/** Another member than `who` (the reader, or the editor for the reader). */
const other = (f: Fixture, who: Who) => (who === 'read' ? f.users.edit : f.users.read).user.id;

/** A new member of `who`'s role (none for an outsider), for checks that change or remove a membership. */
async function freshMember(f: Fixture, who: Who): Promise<TestUser> {
  const user = await createUser(f.t);
  if (who !== 'outsider') await addMember(f.t, f.org.organization.id, user, ROLE_OF[who]);
  return user;
}

/** A team of the organization with `who` in it with `role` (nobody else than the admin, its creator, otherwise). */
async function team(f: Fixture, who: Who, role?: 'owner' | 'member'): Promise<string> {
  const created = await f.t.http.as(f.users.admin.token).put(`${base(f)}/teams`, { title: `Team ${Math.random()}` });
  if (role && who !== 'outsider' && who !== 'admin') await f.t.http.as(f.users.admin.token).put(`${base(f)}/teams/${created.body.id}/members/${f.users[who].user.id}`, { role });
  return created.body.id as string;
}

const MEMBERS_ONLY = (ok: PermissionRowCell) => cells(ok, ok, ok, ok, ok, ok, ok, 404);
type PermissionRowCell = number | [number, string];
const ADMIN_ONLY = (ok: number, guest: number) => cells(ok, 403, 403, 403, 403, 403, guest, 404);
const ROLES_SEE = (ok: number) => cells(ok, ok, ok, ok, ok, ok, 404, 404);

const ORGANIZATION_TABLE: PermissionTable<Fixture> = {
  id: 'organization-administration',
  notes: true,
  rows: [
    { operation: '`GET /orgs/{id}`', cells: MEMBERS_ONLY(200), notes: '`permissions` computed for the caller', check: (f, who) => status(as(f, who).get(base(f))) },
    {
      operation: '`PATCH /orgs/{id}` (title, `mergeRules`)',
      cells: ADMIN_ONLY(200, 403),
      notes: 'merge rules name members only (400)',
      check: (f, who) => status(as(f, who).patch(base(f), { title: f.org.organization.title })),
    },
    { operation: '`POST /orgs/{id}/invites`', cells: ADMIN_ONLY(200, 403), check: (f, who) => status(as(f, who).post(`${base(f)}/invites`, { emails: [`invited-${who}@example.com`] })) },
    {
      operation: '`GET /orgs/{id}/invites` (pending invitations)',
      cells: ADMIN_ONLY(200, 403),
      check: (f, who) => status(as(f, who).get(`${base(f)}/invites`, { contract: pendingInvitationsContract })),
    },
    { operation: '`GET /orgs/{id}/members`', cells: MEMBERS_ONLY(200), notes: 'a guest is shown only themselves', check: (f, who) => status(as(f, who).get(`${base(f)}/members`)) },
    { operation: '`GET /orgs/{id}/members/{userId}`, themselves', cells: MEMBERS_ONLY(200), check: (f, who) => status(as(f, who).get(`${base(f)}/members/${f.users[who].user.id}`)) },
    { operation: '`GET /orgs/{id}/members/{userId}`, another member', cells: ROLES_SEE(200), check: (f, who) => status(as(f, who).get(`${base(f)}/members/${other(f, who)}`)) },
    {
      operation: '`PATCH /orgs/{id}/members/{userId}` (role), another member',
      cells: ADMIN_ONLY(200, 404),
      notes: 'never demotes the last admin (409)',
      check: async (f, who) => status(as(f, who).patch(`${base(f)}/members/${(await freshMember(f, 'read')).user.id}`, { role: 'comment' })),
    },
    {
      operation: '`PATCH /orgs/{id}/members/{userId}` (role), themselves',
      cells: cells(200, 403, 403, 403, 403, 403, 403, 404),
      check: async (f, who) => {
        const member = await freshMember(f, who);
        return status(f.t.http.as(member.token).patch(`${base(f)}/members/${member.user.id}`, { role: who === 'admin' ? 'admin' : 'read' }));
      },
    },
    {
      operation: '`DELETE /orgs/{id}/members/{userId}`, another member',
      cells: ADMIN_ONLY(204, 404),
      notes: 'never removes the last admin (409)',
      check: async (f, who) => status(as(f, who).delete(`${base(f)}/members/${(await freshMember(f, 'read')).user.id}`)),
    },
    {
      operation: '`DELETE /orgs/{id}/members/{userId}`, themselves (leave)',
      cells: MEMBERS_ONLY(204),
      check: async (f, who) => {
        const member = await freshMember(f, who);
        return status(f.t.http.as(member.token).delete(`${base(f)}/members/${member.user.id}`));
      },
    },
    {
      operation: '`POST /orgs/{id}/members/{userId}/sso`, another member',
      cells: ADMIN_ONLY(200, 404),
      check: async (f, who) => status(as(f, who).post(`${base(f)}/members/${(await freshMember(f, 'read')).user.id}/sso`)),
    },
    {
      operation: '`POST /orgs/{id}/members/{userId}/sso`, themselves',
      cells: cells(200, 403, 403, 403, 403, 403, 403, 404),
      check: async (f, who) => {
        const member = await freshMember(f, who);
        return status(f.t.http.as(member.token).post(`${base(f)}/members/${member.user.id}/sso`));
      },
    },
    { operation: '`POST /orgs/{id}/ping`', cells: MEMBERS_ONLY(200), notes: "updates the caller's own `lastSeenAt`", check: (f, who) => status(as(f, who).post(`${base(f)}/ping`)) },
    { operation: '`GET /orgs/{id}/members/{userId}/teams`, themselves', cells: MEMBERS_ONLY(200), check: (f, who) => status(as(f, who).get(`${base(f)}/members/${f.users[who].user.id}/teams`)) },
    { operation: '`GET /orgs/{id}/members/{userId}/teams`, another member', cells: ROLES_SEE(200), check: (f, who) => status(as(f, who).get(`${base(f)}/members/${other(f, who)}/teams`)) },
    { operation: '`GET /orgs/{id}/teams`', cells: MEMBERS_ONLY(200), notes: 'a guest is shown the teams they are in', check: (f, who) => status(as(f, who).get(`${base(f)}/teams`)) },
    {
      operation: '`GET .../teams/{teamId}`, `GET .../teams/{teamId}/members`, a team the caller is in',
      cells: MEMBERS_ONLY(200),
      check: (f, who) => Promise.all([status(as(f, who).get(`${base(f)}/teams/${f.joined}`)), status(as(f, who).get(`${base(f)}/teams/${f.joined}/members`))]),
    },
    {
      operation: '`GET .../teams/{teamId}`, `GET .../teams/{teamId}/members`, a team the caller is not in',
      cells: ROLES_SEE(200),
      check: (f, who) => Promise.all([status(as(f, who).get(`${base(f)}/teams/${f.apart}`)), status(as(f, who).get(`${base(f)}/teams/${f.apart}/members`))]),
    },
    { operation: '`PUT /orgs/{id}/teams` (create)', cells: ADMIN_ONLY(201, 403), check: (f, who) => status(as(f, who).put(`${base(f)}/teams`, { title: `By ${who}` })) },
    {
      operation: '`PATCH .../teams/{teamId}`, a team the caller is in',
      cells: cells(200, 403, 403, 403, 403, 403, 403, 404),
      check: async (f, who) => status(as(f, who).patch(`${base(f)}/teams/${await team(f, who, 'member')}`, { title: 'Renamed' })),
    },
    {
      operation: '`PATCH .../teams/{teamId}`, a team the caller is not in',
      cells: cells(200, 403, 403, 403, 403, 403, 404, 404),
      check: async (f, who) => status(as(f, who).patch(`${base(f)}/teams/${await team(f, who)}`, { title: 'Renamed' })),
    },
    {
      operation: '`DELETE .../teams/{teamId}`, a team the caller is in',
      cells: cells(204, 403, 403, 403, 403, 403, 403, 404),
      notes: 'deleting a team keeps its members in the organization',
      check: async (f, who) => status(as(f, who).delete(`${base(f)}/teams/${await team(f, who, 'member')}`)),
    },
    {
      operation: '`DELETE .../teams/{teamId}`, a team the caller is not in',
      cells: cells(204, 403, 403, 403, 403, 403, 404, 404),
      check: async (f, who) => status(as(f, who).delete(`${base(f)}/teams/${await team(f, who)}`)),
    },
    {
      operation: '`PUT .../teams/{teamId}/members`, `PUT`/`DELETE .../members/{userId}`, a team the caller owns',
      cells: cells(204, 204, 204, 204, 204, 204, 204, 404),
      check: async (f, who) => {
        const id = await team(f, who, 'owner');
        const target = other(f, who);
        return [
          await status(as(f, who).put(`${base(f)}/teams/${id}/members/${target}`, { role: 'member' })),
          await status(as(f, who).delete(`${base(f)}/teams/${id}/members/${target}`)),
          await status(as(f, who).put(`${base(f)}/teams/${id}/members`, { add: [target] })),
        ];
      },
    },
    {
      operation: '`PUT .../teams/{teamId}/members`, `PUT`/`DELETE .../members/{userId}`, a team the caller is in, not as its owner',
      cells: cells(204, 403, 403, 403, 403, 403, 403, 404),
      check: async (f, who) => {
        const id = await team(f, who, 'member');
        const target = other(f, who);
        return [
          await status(as(f, who).put(`${base(f)}/teams/${id}/members/${target}`, { role: 'member' })),
          await status(as(f, who).delete(`${base(f)}/teams/${id}/members/${target}`)),
          await status(as(f, who).put(`${base(f)}/teams/${id}/members`, { add: [target] })),
        ];
      },
    },
    {
      operation: '`PUT .../teams/{teamId}/members`, `PUT`/`DELETE .../members/{userId}`, a team the caller is not in',
      cells: cells(204, 403, 403, 403, 403, 403, 404, 404),
      check: async (f, who) => {
        const id = await team(f, who);
        const target = other(f, who);
        return [
          await status(as(f, who).put(`${base(f)}/teams/${id}/members/${target}`, { role: 'member' })),
          await status(as(f, who).delete(`${base(f)}/teams/${id}/members/${target}`)),
          await status(as(f, who).put(`${base(f)}/teams/${id}/members`, { add: [target] })),
        ];
      },
    },
    { operation: 'SAML providers: list (`GET /orgs/{id}/saml`)', cells: ADMIN_ONLY(200, 403), check: (f, who) => status(as(f, who).get(`${base(f)}/saml`)) },
    { operation: 'SAML providers: create (`POST /orgs/{id}/saml`)', cells: ADMIN_ONLY(201, 403), check: (f, who) => status(as(f, who).post(`${base(f)}/saml`, { label: `By ${who}` })) },
    {
      operation: 'One SAML provider (`GET`, `PATCH /orgs/{id}/saml/{samlProviderId}`), a configured one (`GET /sso` lists it)',
      cells: cells(200, 403, 403, 403, 403, 403, 403, 404),
      check: async (f, who) => {
        const path = await provider(f, true);
        return [await status(as(f, who).get(path)), await status(as(f, who).patch(path, { label: 'Renamed' }))];
      },
    },
    {
      operation: 'One SAML provider (`DELETE /orgs/{id}/saml/{samlProviderId}`), a configured one',
      cells: cells(204, 403, 403, 403, 403, 403, 403, 404),
      check: async (f, who) => status(as(f, who).delete(await provider(f, true))),
    },
    {
      operation: 'One SAML provider (`GET`, `PATCH /orgs/{id}/saml/{samlProviderId}`), a pending one (not configured: `GET /sso` does not list it)',
      cells: cells(200, 404, 404, 404, 404, 404, 404, 404),
      notes: 'pending providers are visible to admins only',
      check: async (f, who) => {
        const path = await provider(f, false);
        return [await status(as(f, who).get(path)), await status(as(f, who).patch(path, { label: 'Renamed' }))];
      },
    },
    {
      operation: 'One SAML provider (`DELETE /orgs/{id}/saml/{samlProviderId}`), a pending one',
      cells: cells(204, 404, 404, 404, 404, 404, 404, 404),
      check: async (f, who) => status(as(f, who).delete(await provider(f, false))),
    },
    { operation: '`GET /orgs/{id}/link-invites`', cells: ADMIN_ONLY(200, 403), check: (f, who) => status(as(f, who).get(`${base(f)}/link-invites`)) },
    { operation: '`POST /orgs/{id}/link-invites`', cells: ADMIN_ONLY(201, 403), check: (f, who) => status(as(f, who).post(`${base(f)}/link-invites`, { role: 'read' })) },
    {
      operation: '`GET /orgs/{id}/link-invites/{inviteId}`',
      cells: cells(200, 200, 200, 200, 200, 200, 200, 200),
      notes: "anyone signed in who has the link's id (its secret)",
      check: async (f, who) => status(as(f, who).get(`${base(f)}/link-invites/${await inviteLink(f)}`)),
    },
    {
      operation: '`PATCH /orgs/{id}/link-invites/{inviteId}`',
      cells: ADMIN_ONLY(200, 403),
      check: async (f, who) => status(as(f, who).patch(`${base(f)}/link-invites/${await inviteLink(f)}`, { role: 'edit' })),
    },
    {
      operation: '`DELETE /orgs/{id}/link-invites/{inviteId}`',
      cells: ADMIN_ONLY(205, 403),
      notes: '204 when there was no such link (admins)',
      check: async (f, who) => status(as(f, who).delete(`${base(f)}/link-invites/${await inviteLink(f)}`)),
    },
    {
      operation: '`POST /orgs/{id}/join` with an invite link',
      cells: cells(204, 204, 204, 204, 204, 204, 204, 204),
      notes: "an outsider joins with the link's role; a member stays as they are",
      check: async (f, who) => {
        // A fresh outsider each time: the fixture's stays outside for the other rows.
        const token = who === 'outsider' ? (await createUser(f.t)).token : f.users[who].token;
        return status(f.t.http.as(token).post(`${base(f)}/join`, { invite: await inviteLink(f) }));
      },
    },
    { operation: '`GET /orgs/{id}/sso`', cells: MEMBERS_ONLY(200), notes: 'lists configured providers only', check: (f, who) => status(as(f, who).get(`${base(f)}/sso`)) },
  ],
};

describe('the organization administration permission table', () => {
  let f: Fixture;

  beforeAll(async () => {
    const t = await createTestApp({ imports: [IdentityModule] });
    const org = await createOrganization(t, { create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    const users = { ...org.members, outsider: await createUser(t) } as Record<Who, TestUser>;
    const admin = t.http.as(users.admin.token);
    const joined = (await admin.put(`/v1/orgs/${org.organization.id}/teams`, { title: 'Everyone' })).body.id as string;
    for (const who of PERMISSION_ROLES) {
      if (who !== 'admin' && who !== 'outsider') await admin.put(`/v1/orgs/${org.organization.id}/teams/${joined}/members/${users[who].user.id}`, { role: 'member' });
    }
    const apart = (await admin.put(`/v1/orgs/${org.organization.id}/teams`, { title: 'Apart' })).body.id as string;
    f = { t, org, users, joined, apart };
  });
  afterAll(() => f.t.close());

  describePermissionTable(ORGANIZATION_TABLE, () => f);
});
