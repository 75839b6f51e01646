import { IdentityModule } from '@docs/identity';
import { addMember, createOrganization, createUser, TestOrganization, TestUser } from '@docs/identity/testing';
import { cells, createTestApp, describePermissionTable, PERMISSION_ROLES, PermissionRole, PermissionTable, TestApp } from '@docs/platform/testing';
import { createCollection, createSpace, setDefaultLevel } from '../../testing';
import { ContentModule } from '../content.module';

/**
 * The grants table of docs/permissions.md ("Content: grants to members and teams"), generated
 * from this table and checked cell by cell over HTTP. Objects are made by the admin for each
 * call; "another member" is a reader who is not one of the callers, "a team" one the callers
 * are not in.
 */
type Who = PermissionRole;

interface Fixture {
  t: TestApp;
  org: TestOrganization<'create' | 'review' | 'edit' | 'comment' | 'read' | 'guest' | 'other'>;
  tokens: Record<Who, string>;
  users: Record<Who, TestUser>;
  /** A team of the organization none of the callers is in. */
  teamId: string;
}

const as = (f: Fixture, who: Who) => f.t.http.as(f.tokens[who]);
const status = async (response: Promise<{ status: number }>) => (await response).status;
const other = (f: Fixture) => f.org.members.other.user.id;

type Kind = 'spaces' | 'collections';

/** A space or collection made by the admin, with `level: null` private (default level none), granted `role` (read) to `users` and `teams`. */
async function object(f: Fixture, kind: Kind, grants: { users?: string[]; teams?: string[]; role?: string; level?: null } = {}): Promise<string> {
  const admin = f.tokens.admin;
  const { id } = kind === 'spaces' ? await createSpace(f.t, admin, f.org.organization.id) : await createCollection(f.t, admin, f.org.organization.id);
  if (grants.level === null) await setDefaultLevel(f.t, admin, { object: kind === 'spaces' ? 'space' : 'collection', id }, null);
  const { level: _level, role = 'read', ...subjects } = grants;
  if (subjects.users || subjects.teams) {
    const res = await as(f, 'admin').post(`/v1/${kind}/${id}/permissions`, { role, ...subjects });
    if (res.status !== 204) throw new Error(`grant -> ${res.status}: ${res.text}`);
  }
  return id;
}

/** The caller's own user id; an outsider has one too (not a member: the grant cannot be made for them). */
const self = (f: Fixture, who: Who) => f.users[who].user.id;

const SHARE = (ok: number) => cells(ok, ok, 403, 403, 403, 403, 404, 404);
const ADMIN_ONLY = (ok: number) => cells(ok, 403, 403, 403, 403, 403, 404, 404);
const LIST = cells(200, 200, 200, 200, 200, 200, 404, 404);

function rows(kind: Kind): PermissionTable<Fixture>['rows'] {
  const base = `/v1/${kind}/{${kind === 'spaces' ? 'spaceId' : 'collectionId'}}/permissions`;
  const path = async (f: Fixture, grants: Parameters<typeof object>[2] = {}) => `/v1/${kind}/${await object(f, kind, grants)}/permissions`;
  return [
    {
      operation: `\`POST ${base}\` (invite), granting read to another member or a team`,
      required: 'create, and a role within the caller\'s own level',
      cells: SHARE(204),
      check: async (f, who) =>
        Promise.all([
          status(as(f, who).post(await path(f), { role: 'read', users: [other(f)] })),
          status(as(f, who).post(await path(f), { role: 'read', teams: [f.teamId] })),
        ]),
    },
    {
      operation: `\`POST ${base}\`, granting admin`,
      required: 'admin (nobody grants more than they hold)',
      cells: ADMIN_ONLY(204),
      check: async (f, who) => status(as(f, who).post(await path(f), { role: 'admin', users: [other(f)] })),
    },
    {
      operation: `\`GET ${base}/users\`, \`GET ${base}/teams\``,
      required: 'read, and a role in the organization (a guest granted the object: 403)',
      cells: LIST,
      check: async (f, who) => {
        const at = await path(f, { users: [other(f)], teams: [f.teamId] });
        return Promise.all([status(as(f, who).get(`${at}/users`)), status(as(f, who).get(`${at}/teams`))]);
      },
    },
    {
      operation: `\`GET ${base}/aggregate\``,
      required: 'read, and a role in the organization (a guest granted the object: 403)',
      cells: LIST,
      check: async (f, who) => status(as(f, who).get(`${await path(f, { users: [other(f)], teams: [f.teamId] })}/aggregate`)),
    },
    {
      operation: `\`PATCH ${base}/users/{userId}\`, \`PATCH ${base}/teams/{teamId}\`, a read grant set to comment`,
      required: 'create, and the old and new roles within the caller\'s own level',
      cells: SHARE(204),
      check: async (f, who) => {
        const at = await path(f, { users: [other(f)], teams: [f.teamId] });
        return Promise.all([
          status(as(f, who).patch(`${at}/users/${other(f)}`, { role: 'comment' })),
          status(as(f, who).patch(`${at}/teams/${f.teamId}`, { role: 'comment' })),
        ]);
      },
    },
    {
      operation: `\`DELETE ${base}/users/{userId}\`, \`DELETE ${base}/teams/{teamId}\`, a read grant`,
      required: 'create, and the grant within the caller\'s own level (205; 204 when there was none)',
      cells: SHARE(205),
      check: async (f, who) => {
        const at = await path(f, { users: [other(f)], teams: [f.teamId] });
        return Promise.all([status(as(f, who).delete(`${at}/users/${other(f)}`)), status(as(f, who).delete(`${at}/teams/${f.teamId}`))]);
      },
    },
    {
      operation: `\`DELETE ${base}/users/{userId}\`, an admin grant`,
      required: 'admin',
      cells: ADMIN_ONLY(205),
      check: async (f, who) => {
        const at = await path(f, { users: [other(f)], role: 'admin' });
        return status(as(f, who).delete(`${at}/users/${other(f)}`));
      },
    },
    {
      operation: `\`GET /v1/${kind}/{id}\`, default level none, granted read to the caller`,
      required: 'the grant (a guest too; an outsider cannot be granted anything)',
      cells: cells(200, 200, 200, 200, 200, 200, 200, 404),
      check: async (f, who) => {
        const users = who === 'outsider' ? undefined : [self(f, who)];
        return status(as(f, who).get(`/v1/${kind}/${await object(f, kind, { users, level: null })}`));
      },
    },
    {
      operation: `\`GET /v1/${kind}/{id}\`, default level none, granted to another member`,
      required: 'admin (the organization\'s admins see everything)',
      cells: cells(200, 404, 404, 404, 404, 404, 404, 404),
      check: async (f, who) => status(as(f, who).get(`/v1/${kind}/${await object(f, kind, { users: [other(f)], level: null })}`)),
    },
    {
      operation: `\`POST /v1/orgs/{organizationId}/link-invites\` \`{level: read, ${kind === 'spaces' ? 'space' : 'collection'}}\``,
      required: 'admin on the object (its `viewInviteLinks`), and a level within the caller\'s own',
      cells: ADMIN_ONLY(201),
      check: async (f, who) => status(as(f, who).post(`/v1/orgs/${f.org.organization.id}/link-invites`, { level: 'read', [target(kind)]: await object(f, kind) })),
    },
    {
      operation: `\`PATCH /v1/orgs/{organizationId}/link-invites/{inviteId}\` \`{level: comment}\`, a link to the object`,
      required: 'admin on the object (a member who holds the link id but not that level: 403)',
      cells: cells(200, 403, 403, 403, 403, 403, 403, 404),
      check: async (f, who) => status(as(f, who).patch(`/v1/orgs/${f.org.organization.id}/link-invites/${await linkTo(f, kind)}`, { level: 'comment' })),
    },
    {
      operation: `\`DELETE /v1/orgs/{organizationId}/link-invites/{inviteId}\`, a link to the object`,
      required: 'admin on the object (a member who holds the link id but not that level: 403)',
      cells: cells(205, 403, 403, 403, 403, 403, 403, 404),
      check: async (f, who) => status(as(f, who).delete(`/v1/orgs/${f.org.organization.id}/link-invites/${await linkTo(f, kind)}`)),
    },
    {
      operation: `\`POST /v1/orgs/{organizationId}/join\` with a link to the object, default level none, then \`GET /v1/${kind}/{id}\``,
      required: 'the link: a non-member joins as a guest, a member keeps their role; both get the link\'s level there',
      cells: cells(200, 200, 200, 200, 200, 200, 200, 200),
      check: async (f, who) => {
        const id = await object(f, kind, { level: null });
        const joined = await as(f, who).post(`/v1/orgs/${f.org.organization.id}/join`, { invite: await linkTo(f, kind, id) });
        if (joined.status !== 204) return joined.status;
        const seen = await status(as(f, who).get(`/v1/${kind}/${id}`));
        // The outsider leaves again, so that the other rows still see an outsider.
        if (who === 'outsider') await f.t.dataSource.query(`DELETE FROM organization_members WHERE organization_id = $1 AND user_id = $2`, [f.org.organization.id, self(f, who)]);
        return seen;
      },
    },
  ];
}

/** The body field naming an object of this kind in an invite link. */
const target = (kind: Kind) => (kind === 'spaces' ? 'space' : 'collection');

/** An invite link (level read) to `id`, or to a new object of `kind`, made by the admin. */
async function linkTo(f: Fixture, kind: Kind, id?: string): Promise<string> {
  const res = await as(f, 'admin').post(`/v1/orgs/${f.org.organization.id}/link-invites`, { level: 'read', [target(kind)]: id ?? (await object(f, kind)) });
  if (res.status !== 201) throw new Error(`link -> ${res.status}: ${res.text}`);
  return res.body.id;
}

const GRANTS_TABLE: PermissionTable<Fixture> = {
  id: 'content-grants',
  required: true,
  rows: [...rows('spaces'), ...rows('collections')],
};

describe('the grants permission table', () => {
  let t: TestApp;
  let f: Fixture;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
    const org = await createOrganization(t, { create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null, other: 'read' });
    const outsider = await createUser(t, 'outsider');
    const users = { ...org.members, outsider } as Record<Who, TestUser>;
    const team = await t.http.as(org.members.admin.token).put(`/v1/orgs/${org.organization.id}/teams`, { title: 'Others', members: [org.members.other.user.id] });
    // The outsider is a member elsewhere: membership there opens nothing here.
    const elsewhere = await createOrganization(t);
    await addMember(t, elsewhere.organization.id, outsider, 'admin');
    f = {
      t,
      org,
      users,
      teamId: team.body.id,
      tokens: Object.fromEntries(PERMISSION_ROLES.map((who) => [who, users[who].token])) as Record<Who, string>,
    };
  });
  afterAll(() => t.close());

  describePermissionTable(GRANTS_TABLE, () => f);
});
