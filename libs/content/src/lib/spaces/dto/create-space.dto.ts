import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { WhenPresent } from '../../validation/when-present.decorator';
import { SPACE_EDIT_MODES, SpaceEditMode } from '../space.entity';
import { TRANSLATION_LANGUAGES, TranslationLanguage } from '../translation-languages';

/** Body of `POST /v1/orgs/{organizationId}/spaces` (the reference's `CreateSpace`, without templates). */
export class CreateSpaceDto {
  @ApiPropertyOptional({ maxLength: 50, default: 'Untitled' })
  @WhenPresent()
  @IsString()
  @MaxLength(50)
  title?: string;

  @ApiPropertyOptional({ maxLength: 50, description: 'An emoji character or its code point(s).', example: '📚' })
  @WhenPresent()
  @IsString()
  @MaxLength(50)
  emoji?: string;

  @ApiPropertyOptional({ description: 'The collection to create the space in (needs the create level there); absent: the top level.' })
  @WhenPresent()
  @IsString()
  @IsNotEmpty()
  parent?: string;

  @ApiPropertyOptional({ enum: TRANSLATION_LANGUAGES })
  @WhenPresent()
  @IsIn(TRANSLATION_LANGUAGES)
  language?: TranslationLanguage;

  @ApiPropertyOptional({ enum: SPACE_EDIT_MODES, default: 'live' })
  @WhenPresent()
  @IsIn(SPACE_EDIT_MODES)
  editMode?: SpaceEditMode;
}
