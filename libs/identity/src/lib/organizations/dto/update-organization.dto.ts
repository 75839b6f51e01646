import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { IsMergeRules, mergeRulesSchema, type MergeRulesStandalone } from '../../merge-rules/merge-rules';

/**
 * Body of `PATCH /v1/orgs/{organizationId}`: the title and the merge rules. The reference's other
 * fields (hostname, sso, ai, defaultContent, ...) have no meaning in this installation and are
 * refused as unknown fields (400).
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
}
