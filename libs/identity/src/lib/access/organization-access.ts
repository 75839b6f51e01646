import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { preparedStatement, SqlPool } from '@docs/platform';
import type { Caller } from '../auth/caller';
import type { MemberRole, MemberRoleOrGuest } from '../members/member-role';
import { roleAtLeast } from '../members/member-role';

/** The caller's standing in one organization. */
export interface Membership {
  organizationId: string;
  userId: string;
  role: MemberRoleOrGuest;
}

const FIND_MEMBERSHIP = preparedStatement(
  'access_find_membership',
  'SELECT role FROM organization_members WHERE organization_id = $1 AND user_id = $2 AND NOT disabled',
);

const USER_MEMBERSHIPS = preparedStatement(
  'access_user_memberships',
  'SELECT organization_id, role FROM organization_members WHERE user_id = $1 AND NOT disabled',
);

/**
 * The gate of every organization-scoped route. An organization the caller does not belong to
 * answers 404, never 403, so that ids of other tenants reveal nothing.
 */
@Injectable()
export class OrganizationAccess {
  constructor(private readonly sql: SqlPool) {}

  async find(organizationId: string, userId: string): Promise<Membership | undefined> {
    const row = await this.sql.first<{ role: MemberRoleOrGuest }>(FIND_MEMBERSHIP, [organizationId, userId]);
    return row ? { organizationId, userId, role: row.role } : undefined;
  }

  /** Every organization the user is an active member of, with their role there (for cross-organization lists). */
  async memberships(userId: string): Promise<Membership[]> {
    const rows = await this.sql.rows<{ organization_id: string; role: MemberRoleOrGuest }>(USER_MEMBERSHIPS, [userId]);
    return rows.map((row) => ({ organizationId: row.organization_id, userId, role: row.role }));
  }

  /** The caller's membership, or 404. */
  async require(organizationId: string, caller: Caller): Promise<Membership> {
    return this.orNotFound(organizationId, await this.find(organizationId, caller.userId));
  }

  /** A membership read some other way (with other data in one statement), or the 404 `require` answers. */
  orNotFound(organizationId: string, membership: Membership | undefined): Membership {
    if (!membership) throw new NotFoundException(`No organization has the id ${organizationId}.`);
    return membership;
  }

  /** The caller's membership if their role reaches `role`; 404 for outsiders, 403 for members below it. */
  async requireRole(organizationId: string, caller: Caller, role: MemberRole, action: string): Promise<Membership> {
    const membership = await this.require(organizationId, caller);
    if (!roleAtLeast(membership.role, role)) {
      throw new ForbiddenException(`Only members with the ${role} role can ${action}.`);
    }
    return membership;
  }
}
