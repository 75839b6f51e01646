import { Injectable, Module, Optional } from '@nestjs/common';
import { IdentityModule, SpaceReach } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createCollection, createSpace, setDefaultLevel } from '../../testing';
import { ContentModule } from '../content.module';

/** Stands for an identity service: it cannot import content, and injects SpaceReach optionally. */
@Injectable()
class IdentitySideProbe {
  constructor(@Optional() readonly reach?: SpaceReach) {}
}

@Module({ providers: [IdentitySideProbe] })
class ProbeModule {}

describe('SpaceReach (provided by content)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, ProbeModule] });
  });
  afterAll(() => t.close());

  it('reaches services of modules that do not import content', () => {
    expect(t.get(IdentitySideProbe).reach).toBeDefined();
    expect(t.get(IdentitySideProbe).reach?.constructor.name).toBe('ContentSpaceReach');
  });

  it('counts the live spaces each role can open', async () => {
    const { organization, members } = await createOrganization(t);
    const token = members.admin.token;
    const reach = () => t.get(SpaceReach).countByRole(organization.id);
    expect(await reach()).toEqual({ admin: 0, create: 0, review: 0, edit: 0, comment: 0, read: 0, guest: 0 });

    const shutCollection = await createCollection(t, token, organization.id);
    await setDefaultLevel(t, token, { object: 'collection', id: shutCollection.id }, null);
    const nested = await createCollection(t, token, organization.id, { parent: shutCollection.id });
    await createSpace(t, token, organization.id); // open
    const capped = await createSpace(t, token, organization.id); // capped at read: still opens
    await setDefaultLevel(t, token, { object: 'space', id: capped.id }, 'read');
    const shut = await createSpace(t, token, organization.id); // null: admins only
    await setDefaultLevel(t, token, { object: 'space', id: shut.id }, null);
    await createSpace(t, token, organization.id, { parent: nested.id }); // inherits null: admins only
    const explicit = await createSpace(t, token, organization.id, { parent: nested.id }); // decides for itself
    await setDefaultLevel(t, token, { object: 'space', id: explicit.id }, 'comment');
    const deleted = await createSpace(t, token, organization.id); // deleted: nobody
    await t.http.as(token).delete(`/v1/spaces/${deleted.id}`);

    expect(await reach()).toEqual({ admin: 5, create: 3, review: 3, edit: 3, comment: 3, read: 3, guest: 0 });
    // Other organizations' spaces never count.
    const other = await createOrganization(t);
    await createSpace(t, other.members.admin.token, other.organization.id);
    expect(await reach()).toEqual({ admin: 5, create: 3, review: 3, edit: 3, comment: 3, read: 3, guest: 0 });
  });

  it("makes identity's Member.spaces and Team.spaces true counts", async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read', guest: null });
    const token = members.admin.token;
    await createSpace(t, token, organization.id);
    await createSpace(t, token, organization.id);
    const shut = await createSpace(t, token, organization.id);
    await setDefaultLevel(t, token, { object: 'space', id: shut.id }, null);
    const member = async (userId: string) => (await t.http.as(token).get(`/v1/orgs/${organization.id}/members/${userId}`)).body.spaces;
    expect(await member(members.admin.user.id)).toBe(3);
    expect(await member(members.reader.user.id)).toBe(2);
    expect(await member(members.guest.user.id)).toBe(0);
    const team = await t.http.as(token).put(`/v1/orgs/${organization.id}/teams`, { title: 'Readers', members: [members.reader.user.id] });
    expect(team.status).toBe(201);
    expect(team.body.spaces).toBe(2);
  });

  it("answers the reach with a user's membership in one statement: the members list's gate and counts", async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read', guest: null });
    const token = members.admin.token;
    await createSpace(t, token, organization.id);
    const shut = await createSpace(t, token, organization.id);
    await setDefaultLevel(t, token, { object: 'space', id: shut.id }, null);
    const outsider = await createOrganization(t);
    const reach = { admin: 2, create: 1, review: 1, edit: 1, comment: 1, read: 1, guest: 0 };
    const withMember = (userId: string) => t.get(SpaceReach).countByRoleWithMember(organization.id, userId);
    expect(await withMember(members.admin.user.id)).toEqual({ member: { role: 'admin' }, reach });
    expect(await withMember(members.reader.user.id)).toEqual({ member: { role: 'read' }, reach });
    expect(await withMember(members.guest.user.id)).toEqual({ member: { role: null }, reach });
    expect(await withMember(outsider.members.admin.user.id)).toEqual({ member: undefined, reach });

    const list = await t.http.as(token).get(`/v1/orgs/${organization.id}/members`);
    expect(list.status).toBe(200);
    const spacesOf = new Map(list.body.items.map((item: { user: { id: string }; spaces: number }) => [item.user.id, item.spaces]));
    expect([spacesOf.get(members.admin.user.id), spacesOf.get(members.reader.user.id), spacesOf.get(members.guest.user.id)]).toEqual([2, 1, 0]);
    // A guest lists only themselves; someone of another organization learns nothing (404).
    const asGuest = await t.http.as(members.guest.token).get(`/v1/orgs/${organization.id}/members`);
    expect(asGuest.body.items.map((item: { user: { id: string } }) => item.user.id)).toEqual([members.guest.user.id]);
    const asOutsider = await t.http.as(outsider.members.admin.token).get(`/v1/orgs/${organization.id}/members`);
    expect([asOutsider.status, asOutsider.body.error?.message]).toEqual([404, `No organization has the id ${organization.id}.`]);
  });

  it('counts the spaces grants open in Member.spaces and Team.spaces: the same as each person sees in their own space list', async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read', reader2: 'read', editor: 'edit', guest: null, guest2: null });
    const token = members.admin.token;
    const admin = t.http.as(token);
    const org = `/v1/orgs/${organization.id}`;
    const shut = await createCollection(t, token, organization.id);
    await setDefaultLevel(t, token, { object: 'collection', id: shut.id }, null);
    const nested = await createCollection(t, token, organization.id, { parent: shut.id });
    await createSpace(t, token, organization.id, { parent: shut.id });
    await createSpace(t, token, organization.id, { parent: nested.id });
    const trashed = await createSpace(t, token, organization.id, { parent: shut.id });
    await admin.delete(`/v1/spaces/${trashed.id}`);
    const privateSpace = await createSpace(t, token, organization.id);
    await setDefaultLevel(t, token, { object: 'space', id: privateSpace.id }, null);
    const open = await createSpace(t, token, organization.id);

    const grant = async (path: string, body: Record<string, unknown>) => expect((await admin.post(`${path}/permissions`, body)).status).toBe(204);
    // A collection grant reaches the spaces below it at any depth (not the deleted one).
    await grant(`/v1/collections/${shut.id}`, { role: 'read', users: [members.reader.user.id] });
    await grant(`/v1/spaces/${privateSpace.id}`, { role: 'read', users: [members.guest.user.id] });
    // A grant on a space the role opens anyway counts once.
    await grant(`/v1/spaces/${open.id}`, { role: 'edit', users: [members.editor.user.id] });
    const team = await admin.put(`${org}/teams`, { title: 'Private', members: [members.reader2.user.id] });
    await grant(`/v1/spaces/${privateSpace.id}`, { role: 'read', teams: [team.body.id] });
    const guests = await admin.put(`${org}/teams`, { title: 'Guests', members: [members.guest2.user.id] });
    await grant(`/v1/collections/${shut.id}`, { role: 'read', teams: [guests.body.id] });
    const empty = await admin.put(`${org}/teams`, { title: 'Nobody', members: [] });
    await grant(`/v1/spaces/${privateSpace.id}`, { role: 'read', teams: [empty.body.id] });

    const ownCount = async (who: keyof typeof members) => (await t.http.as(members[who].token).get(`${org}/spaces`, { query: { limit: 0 } })).body.count;
    const expected = { admin: 4, reader: 3, reader2: 2, editor: 1, guest: 1, guest2: 2 };
    for (const who of Object.keys(expected) as (keyof typeof expected)[]) expect([who, await ownCount(who)]).toEqual([who, expected[who]]);

    const list = await admin.get(`${org}/members`);
    const listed = Object.fromEntries(list.body.items.map((item: { user: { id: string }; spaces: number }) => [item.user.id, item.spaces]));
    for (const who of Object.keys(expected) as (keyof typeof expected)[]) {
      expect([who, listed[members[who].user.id]]).toEqual([who, expected[who]]);
      expect([who, (await admin.get(`${org}/members/${members[who].user.id}`)).body.spaces]).toEqual([who, expected[who]]);
    }
    const inTeam = await admin.get(`${org}/teams/${team.body.id}/members`);
    expect(inTeam.body.items.map((item: { organization: { spaces: number } }) => item.organization.spaces)).toEqual([expected.reader2]);

    // Teams: what any member opens, and what is granted to the team itself.
    const teams = await admin.get(`${org}/teams`);
    const teamSpaces = Object.fromEntries(teams.body.items.map((item: { id: string; spaces: number }) => [item.id, item.spaces]));
    expect(teamSpaces).toEqual({ [team.body.id]: 2, [guests.body.id]: 2, [empty.body.id]: 1 });
    // A grant removed counts no more, at the next request.
    expect((await admin.delete(`/v1/collections/${shut.id}/permissions/users/${members.reader.user.id}`)).status).toBe(205);
    expect((await admin.get(`${org}/members/${members.reader.user.id}`)).body.spaces).toBe(1);
  });
});
