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

  present(organization: OrganizationEntity, viewer: { role: MemberRoleOrGuest; ownsTeam: boolean }): OrganizationDto {
    return {
      object: 'organization',
      id: organization.id,
      title: organization.title,
      createdAt: organization.createdAt.toISOString(),
      emailDomains: organization.emailDomains,
      type: organization.type,
      // Billing does not exist in a self-hosted installation: every feature is available.
      plan: 'enterprise_2024',
      trial: { status: 'notapplicable' },
      inviteLinks: false,
      sso: false,
      ai: false,
      mergeRules: organization.mergeRules,
      urls: {
        location: this.urls.api('v1/orgs', organization.id),
        app: this.urls.app('o', organization.id),
      },
      permissions: organizationPermissions(viewer.role, viewer.ownsTeam),
    };
  }
}
