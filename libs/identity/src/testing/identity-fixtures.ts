import { randomBase62 } from '@docs/platform';
import type { TestApp } from '@docs/platform/testing';
import { MemberEntity } from '../lib/members/member.entity';
import type { MemberRoleOrGuest } from '../lib/members/member-role';
import { OrganizationEntity } from '../lib/organizations/organization.entity';
import { OrganizationsService } from '../lib/organizations/organizations.service';
import { ApiTokensService } from '../lib/tokens/api-tokens.service';
import { UserEntity } from '../lib/users/user.entity';
import { UsersService } from '../lib/users/users.service';

export interface TestUser {
  user: UserEntity;
  /** A valid API token of this user. */
  token: string;
}

/** A user with an API token. */
export async function createUser(t: TestApp, name = `user-${randomBase62(6)}`): Promise<TestUser> {
  const user = await t.get(UsersService).create(`${name}@example.com`, name);
  const { value } = await t.get(ApiTokensService).mint(user.id, 'test');
  return { user, token: value };
}

export async function addMember(t: TestApp, organizationId: string, member: TestUser, role: MemberRoleOrGuest): Promise<void> {
  await t.dataSource.getRepository(MemberEntity).insert({
    organizationId,
    userId: member.user.id,
    role,
    disabled: false,
    sso: false,
    joinedAt: t.clock.now(),
    lastSeenAt: null,
  });
}

export interface TestOrganization<Names extends string> {
  organization: OrganizationEntity;
  /** `admin` always exists; the others have the roles asked for. */
  members: Record<Names | 'admin', TestUser>;
}

/**
 * An organization with an admin and one member per requested role, e.g.
 * `createOrganization(t, { reader: 'read', guest: null })`.
 */
export async function createOrganization<Names extends string>(
  t: TestApp,
  roles: Record<Names, MemberRoleOrGuest> = {} as Record<Names, MemberRoleOrGuest>,
  title = `Org ${randomBase62(4)}`,
): Promise<TestOrganization<Names>> {
  const admin = await createUser(t, `admin-${randomBase62(6)}`);
  const organization = await t.get(OrganizationsService).create({ title }, admin.user.id);
  const members = { admin } as Record<Names | 'admin', TestUser>;
  for (const [name, role] of Object.entries(roles) as [Names, MemberRoleOrGuest][]) {
    t.clock.advance(1);
    const member = await createUser(t, `${name}-${randomBase62(6)}`);
    await addMember(t, organization.id, member, role);
    members[name] = member;
  }
  return { organization, members };
}
