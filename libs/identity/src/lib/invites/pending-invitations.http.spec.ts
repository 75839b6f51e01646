import { createTestApp, TestApp } from '@docs/platform/testing';
import { createOrganization, createUser, pendingInvitationsContract, TEST_PASSWORD } from '../../testing';
import { IdentityModule } from '../identity.module';
import { PasswordsService } from '../passwords/passwords.service';
import { InvitesService } from './invites.service';

const form = (fields: Record<string, string>) => ({
  raw: new URLSearchParams(fields).toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://app.test' },
});

describe('GET /v1/orgs/{organizationId}/invites: the invitations not accepted yet', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule] });
  });
  afterAll(() => t.close());

  const pending = (token: string, organizationId: string, query?: Record<string, string>) =>
    t.http.as(token).get(`/v1/orgs/${organizationId}/invites`, { query, contract: pendingInvitationsContract });
  /** Invites as the CLI does, which hands back the links the mails carry. */
  const invite = (organizationId: string, adminId: string, emails: { email: string; role: 'read' | 'edit' | null }[]) =>
    t.get(InvitesService).invite(organizationId, adminId, { emails });

  it('lists each invited person with their role and when the link stops working, newest first, in pages', async () => {
    const { organization, members } = await createOrganization(t);
    await invite(organization.id, members.admin.user.id, [{ email: 'first@example.com', role: 'read' }]);
    t.clock.advance(1000);
    await invite(organization.id, members.admin.user.id, [{ email: 'second@example.com', role: null }]);
    const sentAt = t.clock.now();

    const res = await pending(members.admin.token, organization.id);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.items.map((item: { email: string; role: string | null }) => [item.email, item.role])).toEqual([
      ['second@example.com', null],
      ['first@example.com', 'read'],
    ]);
    expect(res.body.items[0]).toMatchObject({ object: 'invitation', createdAt: sentAt.toISOString(), expiresAt: new Date(sentAt.getTime() + 7 * 86400_000).toISOString() });
    const member = await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/members/${res.body.items[0].userId}`);
    expect(member.body.user.email).toBe('second@example.com');

    const first = await pending(members.admin.token, organization.id, { limit: '1' });
    expect(first.body.items.map((item: { email: string }) => item.email)).toEqual(['second@example.com']);
    const next = await pending(members.admin.token, organization.id, { limit: '1', page: first.body.next.page });
    expect(next.body.items.map((item: { email: string }) => item.email)).toEqual(['first@example.com']);
    expect(next.body.next).toBeUndefined();
  });

  it('follows the member: a role change shows, an accepted or expired invitation and a person with a password are not pending', async () => {
    const { organization, members } = await createOrganization(t);
    const withPassword = await createUser(t);
    await t.get(PasswordsService).set(withPassword.user.id, TEST_PASSWORD, 'cli');
    const { links } = await invite(organization.id, members.admin.user.id, [
      { email: 'accepts@example.com', role: 'read' },
      { email: 'waits@example.com', role: 'read' },
      { email: withPassword.user.email, role: 'edit' },
    ]);
    const waits = (await pending(members.admin.token, organization.id)).body.items.find((item: { email: string }) => item.email === 'waits@example.com');
    await t.http.as(members.admin.token).patch(`/v1/orgs/${organization.id}/members/${waits.userId}`, { role: 'edit' });

    const token = new URL(links.find((link) => link.email === 'accepts@example.com')!.url).searchParams.get('token')!;
    expect((await t.http.as(undefined).post('/auth/invitation', undefined, form({ token, password: TEST_PASSWORD }))).status).toBe(303);

    const res = await pending(members.admin.token, organization.id);
    expect(res.body.items.map((item: { email: string; role: string }) => [item.email, item.role])).toEqual([['waits@example.com', 'edit']]);

    t.clock.advance(7 * 86400_000);
    expect((await pending(members.admin.token, organization.id)).body).toEqual({ items: [], count: 0 });
  });

  it('removing the member cancels the invitation: no longer listed, its link no longer works', async () => {
    const { organization, members } = await createOrganization(t);
    const { links, users } = await invite(organization.id, members.admin.user.id, [{ email: 'cancelled@example.com', role: 'read' }]);
    const token = new URL(links[0].url).searchParams.get('token')!;
    expect((await t.http.as(undefined).get('/auth/invitation', { query: { token } })).status).toBe(200);

    expect((await t.http.as(members.admin.token).delete(`/v1/orgs/${organization.id}/members/${users[0]}`)).status).toBe(204);
    expect((await pending(members.admin.token, organization.id)).body.count).toBe(0);
    expect((await t.http.as(undefined).get('/auth/invitation', { query: { token } })).status).toBe(410);
    expect((await t.http.as(undefined).post('/auth/invitation', undefined, form({ token, password: TEST_PASSWORD }))).status).toBe(410);
  });

  it('is for admins only: 403 for other members, 404 for outsiders, 400 for a foreign cursor', async () => {
    const { organization, members } = await createOrganization(t, { creator: 'create', guest: null });
    const outsider = await createUser(t);
    for (const token of [members.creator.token, members.guest.token]) {
      const res = await t.http.as(token).get(`/v1/orgs/${organization.id}/invites`);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('Only members with the admin role can see the pending invitations.');
    }
    expect((await t.http.as(outsider.token).get(`/v1/orgs/${organization.id}/invites`)).status).toBe(404);
    const bad = await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/invites`, { query: { page: 'not-a-cursor' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('page');
  });
});
