import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import { organizationPermissions } from '../access/organization-permissions';
import type { MemberRoleOrGuest } from '../members/member-role';
import type { OrganizationDto } from './organization.dto';
import type { OrganizationEntity } from './organization.entity';

/** OrganizationEntity, seen by a member with `role` -> the reference's `Organization`. */
@Injectable()
export class OrganizationPresenter {
  constructor(private readonly urls: PublicUrls) {}

  /** `viewer` undefined: someone who is not a member (an organization they may join by email domain). */
  present(organization: OrganizationEntity, viewer: { role: MemberRoleOrGuest; ownsTeam: boolean } | undefined): OrganizationDto {
    return {
      object: 'organization',
      id: organization.id,
      title: organization.title,
      createdAt: organization.createdAt.toISOString(),
      emailDomains: organization.emailDomains,
      defaultRole: organization.defaultRole,
      type: organization.type,
      // Billing does not exist in a self-hosted installation: every feature is available.
      plan: 'enterprise_2024',
      trial: { status: 'notapplicable' },
      inviteLinks: true,
      sso: false,
      ai: false,
      mergeRules: organization.mergeRules,
      urls: {
        location: this.urls.api('v1/orgs', organization.id),
        app: this.urls.app('o', organization.id),
      },
      permissions: viewer ? organizationPermissions(viewer.role, viewer.ownsTeam) : { ...organizationPermissions(null, false), view: false },
    };
  }
}
