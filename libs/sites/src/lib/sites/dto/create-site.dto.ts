import { ApiPropertyOptional } from '@nestjs/swagger';
import { WhenPresent } from '@docs/content';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { SITE_TYPES, SITE_VISIBILITIES, SiteType, SiteVisibility } from '../site.entity';

export class CreateSiteDto {
  @ApiPropertyOptional({ enum: SITE_TYPES, default: 'basic' })
  @WhenPresent()
  @IsIn(SITE_TYPES)
  type?: SiteType;

  @ApiPropertyOptional({ minLength: 2, maxLength: 128, default: 'Untitled site' })
  @WhenPresent()
  @IsString()
  @MinLength(2)
  @MaxLength(128)
  title?: string;

  @ApiPropertyOptional({ enum: SITE_VISIBILITIES, default: 'public' })
  @WhenPresent()
  @IsIn(SITE_VISIBILITIES)
  visibility?: SiteVisibility;

  @ApiPropertyOptional({ type: [String], description: 'Ids of spaces to publish, as site spaces at the root, in this order (the first is the default).' })
  @WhenPresent()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  spaces?: string[];
}
