import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsMergeRules, MEMBER_ROLES, mergeRulesSchema, type MergeRulesSpace } from '@docs/identity';
import { IsIn, IsString, IsUrl, MaxLength } from 'class-validator';
import type { DefaultLevel } from '../../permissions/content-permissions';
import { IsDefaultLevel } from '../../permissions/is-default-level.decorator';
import { WhenNotNull, WhenPresent } from '../../validation/when-present.decorator';
import { SPACE_EDIT_MODES, SpaceEditMode } from '../space.entity';
import { TRANSLATION_LANGUAGES, TranslationLanguage } from '../translation-languages';

/** Body of `PATCH /v1/spaces/{spaceId}`: every field optional; absent fields are left as they are. */
export class UpdateSpaceDto {
  @ApiPropertyOptional({ maxLength: 50 })
  @WhenPresent()
  @IsString()
  @MaxLength(50)
  title?: string;

  @ApiPropertyOptional({ type: String, maxLength: 50, nullable: true, description: 'null removes it. Setting it removes the icon.' })
  @WhenNotNull()
  @IsString()
  @MaxLength(50)
  emoji?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uri', maxLength: 2048, nullable: true, description: 'An http(s) URL; null removes it. Setting it removes the emoji.' })
  @WhenNotNull()
  @IsString()
  @MaxLength(2048)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: '$property must be an http(s) URL' })
  icon?: string | null;

  @ApiPropertyOptional({ enum: SPACE_EDIT_MODES, description: '`locked` refuses every change of content until set back to `live`.' })
  @WhenPresent()
  @IsIn(SPACE_EDIT_MODES)
  editMode?: SpaceEditMode;

  @ApiPropertyOptional({ enum: [...MEMBER_ROLES, 'inherit'], nullable: true, description: 'Caps the level of members; null: members get no access.' })
  @IsDefaultLevel()
  defaultLevel?: DefaultLevel;

  @ApiPropertyOptional({
    ...mergeRulesSchema({ allowInherit: true }),
    description: "The reference's MergeRulesSpaceConfiguration: `{type: inherit}`, `{type: none}` or `{type: rules, rules: MergeRule[]}` (users must be members).",
  })
  @IsMergeRules({ allowInherit: true })
  mergeRules?: MergeRulesSpace;

  @ApiPropertyOptional({ enum: TRANSLATION_LANGUAGES })
  @WhenPresent()
  @IsIn(TRANSLATION_LANGUAGES)
  language?: TranslationLanguage;
}
