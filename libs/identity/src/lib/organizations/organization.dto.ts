import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ListEnvelopeDto } from '@docs/platform';
import { ORGANIZATION_TYPES } from './organization.entity';
import type { MemberRoleOrGuest } from '../members/member-role';

export class OrganizationMergeRulesDto {
  @ApiProperty({ enum: ['rules', 'none'], description: 'What change requests need before merge (`none`: nothing).' }) type: 'rules' | 'none';
  @ApiPropertyOptional({ type: 'array', items: { type: 'object' }, description: "With type `rules`: the reference's MergeRule objects, all of which must pass." })
  rules?: object[];
}

export class OrganizationTrialDto {
  @ApiProperty({ enum: ['notapplicable'], description: 'Every feature is available: there is no trial.' }) status: 'notapplicable';
}

export class OrganizationUrlsDto {
  @ApiProperty({ format: 'uri' }) location: string;
  @ApiProperty({ format: 'uri' }) app: string;
}

export class OrganizationPermissionsDto {
  @ApiProperty() view: boolean;
  @ApiProperty() admin: boolean;
  @ApiProperty() ownTeam: boolean;
  @ApiProperty() createContent: boolean;
  @ApiProperty() createOpenAPISpec: boolean;
  @ApiProperty() ingestConversations: boolean;
  @ApiProperty() viewBilling: boolean;
  @ApiProperty() listMembers: boolean;
  @ApiProperty() listTeams: boolean;
  @ApiProperty() listIntegrations: boolean;
  @ApiProperty() listInstallations: boolean;
  @ApiProperty() installIntegration: boolean;
}

export class OrganizationDto {
  @ApiProperty({ enum: ['organization'] }) object: 'organization';
  @ApiProperty() id: string;
  @ApiProperty({ minLength: 2, maxLength: 255 }) title: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: [String] }) emailDomains: string[];
  @ApiProperty({ enum: ['admin', 'create', 'review', 'edit', 'comment', 'read'], nullable: true, description: 'The role of people joining by their email domain.' })
  defaultRole: MemberRoleOrGuest;
  @ApiProperty({ enum: ORGANIZATION_TYPES }) type: string;
  @ApiProperty({ description: 'A self-hosted installation has every feature.', example: 'enterprise_2024' }) plan: string;
  @ApiProperty() inviteLinks: boolean;
  @ApiProperty() sso: boolean;
  @ApiProperty() ai: boolean;
  @ApiProperty({ type: OrganizationMergeRulesDto }) mergeRules: OrganizationMergeRulesDto;
  @ApiProperty({ type: OrganizationTrialDto }) trial: OrganizationTrialDto;
  @ApiProperty({ type: OrganizationUrlsDto }) urls: OrganizationUrlsDto;
  @ApiProperty({ type: OrganizationPermissionsDto }) permissions: OrganizationPermissionsDto;
}

export class OrganizationListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [OrganizationDto] }) items: OrganizationDto[];
}
