import { createTestApp, TestApp } from '@docs/platform/testing';
import { createOrganization, createUser } from '../../testing';
import { IdentityModule } from '../identity.module';
import { MemberEntity } from '../members/member.entity';
import { UserEntity } from '../users/user.entity';
import { RecordInvitationsJob } from './record-invitations.job';

describe('POST /v1/orgs/{organizationId}/invites', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule] });
  });
  afterAll(() => t.close());

  const membership = (organizationId: string, userId: string) =>
    t.dataSource.getRepository(MemberEntity).findOneBy({ organizationId, userId });
  const queuedJobs = async () =>
    (await t.dataSource.query(`SELECT data FROM pgboss.job WHERE name = $1 ORDER BY created_on`, [RecordInvitationsJob.name])) as {
      data: { organizationId: string; invitations: { email: string }[] };
    }[];

  it('creates unknown users and their memberships with the requested roles', async () => {
    const { organization, members } = await createOrganization(t);
    const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/invites`, {
      emails: ['New.Person@Example.com', { email: 'guest@example.com', role: null }, { email: 'editor@example.com', role: 'edit' }],
      role: 'comment',
    });
    expect(res.status).toBe(200);
    expect(res.body.invited).toBe(3);
    expect(res.body.users).toHaveLength(3);

    const users = t.dataSource.getRepository(UserEntity);
    const person = await users.findOneByOrFail({ email: 'new.person@example.com' });
    expect(person.displayName).toBe('new.person');
    expect((await membership(organization.id, person.id))?.role).toBe('comment');
    const guest = await users.findOneByOrFail({ email: 'guest@example.com' });
    expect((await membership(organization.id, guest.id))?.role).toBeNull();
    const editor = await users.findOneByOrFail({ email: 'editor@example.com' });
    expect((await membership(organization.id, editor.id))?.role).toBe('edit');
    expect(res.body.users.sort()).toEqual([person.id, guest.id, editor.id].sort());
  });

  it('uses the read role when none is given', async () => {
    const { organization, members } = await createOrganization(t);
    const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/invites`, { emails: ['plain@example.com'] });
    expect((await membership(organization.id, res.body.users[0]))?.role).toBe('read');
  });

  it('adds existing users and leaves existing members untouched', async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read' });
    const outsider = await createUser(t, 'outsider');
    const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/invites`, {
      emails: [outsider.user.email, members.reader.user.email],
      role: 'admin',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ users: [outsider.user.id], invited: 1 });
    expect((await membership(organization.id, outsider.user.id))?.role).toBe('admin');
    expect((await membership(organization.id, members.reader.user.id))?.role).toBe('read');
    // The invited user reaches the organization at once.
    expect((await t.http.as(outsider.token).get(`/v1/orgs/${organization.id}`)).status).toBe(200);
  });

  it('enqueues the invitation record in the same transaction', async () => {
    const { organization, members } = await createOrganization(t);
    const before = (await queuedJobs()).length;
    await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/invites`, { emails: ['queued@example.com'] });
    const jobs = await queuedJobs();
    expect(jobs).toHaveLength(before + 1);
    expect(jobs[jobs.length - 1].data).toMatchObject({ organizationId: organization.id, invitations: [{ email: 'queued@example.com' }] });
  });

  it('enqueues nothing when nobody new was added', async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read' });
    const before = (await queuedJobs()).length;
    const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/invites`, { emails: [members.reader.user.email] });
    expect(res.body).toEqual({ users: [], invited: 0 });
    expect(await queuedJobs()).toHaveLength(before);
  });

  it('invites as SSO members, except users who belong to another organization', async () => {
    const { organization, members } = await createOrganization(t);
    const elsewhere = await createOrganization(t, { busy: 'read' });
    const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/invites`, {
      emails: ['fresh@example.com', elsewhere.members.busy.user.email],
      sso: true,
    });
    expect(res.body.invited).toBe(2);
    expect(res.body.failedSSOEmails).toEqual([elsewhere.members.busy.user.email]);
    const fresh = await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email: 'fresh@example.com' });
    expect((await membership(organization.id, fresh.id))?.sso).toBe(true);
    expect((await membership(organization.id, elsewhere.members.busy.user.id))?.sso).toBe(false);
  });

  it('is for admins only: 403 for other members, 404 for outsiders', async () => {
    const { organization, members } = await createOrganization(t, { creator: 'create', guest: null });
    const outsider = await createUser(t);
    for (const token of [members.creator.token, members.guest.token]) {
      const res = await t.http.as(token).post(`/v1/orgs/${organization.id}/invites`, { emails: ['x@example.com'] });
      expect(res.status).toBe(403);
    }
    expect((await t.http.as(outsider.token).post(`/v1/orgs/${organization.id}/invites`, { emails: ['x@example.com'] })).status).toBe(404);
    expect(await t.dataSource.getRepository(UserEntity).findOneBy({ email: 'x@example.com' })).toBeNull();
  });

  it.each([
    [{}, 'emails is required'],
    [{ emails: [] }, 'emails must contain at least 1 elements'],
    [{ emails: ['not-an-address'] }, 'emails[0] must be an email address'],
    [{ emails: ['a@example.com', { email: 'b@example.com' }] }, 'emails[1].role is required'],
    [{ emails: [{ email: 'b@example.com', role: 'owner' }] }, 'emails[0].role must be one of'],
    [{ emails: [{ email: 'b@example.com', role: 'read', team: 'x' }] }, 'emails[0] has unknown field team'],
    [{ emails: [42] }, 'emails[0] must be an email address or an object'],
    [{ emails: ['a@example.com'], role: 'owner' }, 'role must be one of admin, create, review, edit, comment, read or null'],
    [{ emails: ['a@example.com'], sso: 'yes' }, 'sso must be a boolean value'],
    [{ emails: ['a@example.com'], extra: 1 }, 'property extra should not exist'],
    [{ emails: Array.from({ length: 1001 }, (_, i) => `u${i}@example.com`) }, 'emails must contain no more than 1000 elements'],
  ])('refuses %j with 400, changing nothing', async (body, message) => {
    const { organization, members } = await createOrganization(t);
    const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/invites`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    const count = await t.dataSource.getRepository(MemberEntity).countBy({ organizationId: organization.id });
    expect(count).toBe(1);
  });

  it('answers 401 without a token', async () => {
    expect((await t.http.as(undefined).post('/v1/orgs/x/invites', { emails: ['a@example.com'] })).status).toBe(401);
  });

  it('leaves no partial data when the transaction fails half-way', async () => {
    const { organization, members } = await createOrganization(t);
    // Hiding the queue's table makes the job insert, the last statement, fail: the user and
    // the membership written before it must be rolled back.
    await t.dataSource.query(`ALTER TABLE pgboss.job RENAME TO job_hidden`);
    try {
      const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/invites`, { emails: ['rollback@example.com'] });
      expect(res.status).toBe(500);
    } finally {
      await t.dataSource.query(`ALTER TABLE pgboss.job_hidden RENAME TO job`);
    }
    expect(await t.dataSource.getRepository(UserEntity).findOneBy({ email: 'rollback@example.com' })).toBeNull();
    expect(await t.dataSource.getRepository(MemberEntity).countBy({ organizationId: organization.id })).toBe(1);
  });
});
