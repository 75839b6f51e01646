import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsFQDN, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { IsRoleOrGuest } from '../../members/is-role-or-guest.decorator';
import { MEMBER_ROLES, type MemberRoleOrGuest } from '../../members/member-role';

export const MAX_EMAIL_DOMAINS = 50;
/** The reference's `Subdomain.subdomain`: 3 to 32 lowercase letters, digits and inner dashes. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;
import { IsMergeRules, mergeRulesSchema, type MergeRulesStandalone } from '../../merge-rules/merge-rules';

/**
 * Body of `PATCH /v1/orgs/{organizationId}`: the title, the merge rules, the email domains whose
 * people may join and the role they join with, and the subdomain the site server answers the
 * organization's sites under (not a field of the reference's body, which sets it no other way).
 * The reference's other fields (hostname, sso, ai,
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

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    minLength: 3,
    maxLength: 32,
    pattern: SUBDOMAIN_PATTERN.source,
    description: "The organization's sites are also at `{subdomain}.{PUBLISHED_URL's host}/{site basename or id}`; unique in the installation; null removes it.",
  })
  @ValidateIf((_object, value) => value !== undefined && value !== null)
  @IsString()
  @Matches(SUBDOMAIN_PATTERN, { message: '$property must be 3 to 32 lowercase letters, digits and inner dashes, e.g. acme-docs' })
  subdomain?: string | null;
}
