import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsFQDN, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { IsRoleOrGuest } from '../../members/is-role-or-guest.decorator';
import { MEMBER_ROLES, type MemberRoleOrGuest } from '../../members/member-role';

export const MAX_EMAIL_DOMAINS = 50;
import { IsMergeRules, mergeRulesSchema, type MergeRulesStandalone } from '../../merge-rules/merge-rules';

/**
 * Body of `PATCH /v1/orgs/{organizationId}`: the title, the merge rules, the email domains whose
 * people may join and the role they join with. The reference's other fields (hostname, sso, ai,
 * defaultContent, ...) have no meaning in this installation and are refused as unknown fields (400).
 */
export class UpdateOrganizationDto {
  @ApiPropertyOptional({ minLength: 2, maxLength: 255 })
  @ValidateIf((_object, value) => value !== undefined)
  @IsString()
  @MinLength(2)
  @MaxLength(255)
  title?: string;

  @ApiPropertyOptional({
    ...mergeRulesSchema({ allowInherit: false }),
    description: "The reference's MergeRulesStandaloneConfiguration: `{type: none}` or `{type: rules, rules: MergeRule[]}` (users must be members).",
  })
  @IsMergeRules({ allowInherit: false })
  mergeRules?: MergeRulesStandalone;

  @ApiPropertyOptional({ type: [String], maxItems: MAX_EMAIL_DOMAINS, description: 'Domains (`example.com`) whose people may join the organization (`joinOrganization`); `[]`: nobody by domain.' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsArray()
  @ArrayMaxSize(MAX_EMAIL_DOMAINS)
  @IsFQDN({ require_tld: true, allow_underscores: false, allow_trailing_dot: false }, { each: true, message: 'each of emailDomains must be a domain name such as example.com' })
  @MaxLength(253, { each: true })
  emailDomains?: string[];

  @ApiPropertyOptional({ enum: [...MEMBER_ROLES], nullable: true, description: 'The role of people joining by their email domain (null: guests).' })
  @IsRoleOrGuest()
  defaultRole?: MemberRoleOrGuest;
}
