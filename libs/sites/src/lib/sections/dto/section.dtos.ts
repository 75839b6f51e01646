import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WhenNotNull, WhenPresent } from '@docs/content';
import { ListQueryDto } from '@docs/platform';
import { Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { PATH_PATTERN } from '../../structure/paths';

export const PATH_MESSAGE = '$property may hold only letters, digits, ".", "_", "~" and "-", starting with a letter or digit';

export class ShareKeyQueryDto {
  @ApiPropertyOptional({ description: 'Key of an active share link of the site: published URLs carry it.' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  shareKey?: string;
}

export class ListSectionsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Key of an active share link of the site: published URLs carry it.' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  shareKey?: string;
}

export class CreateSectionDto {
  @ApiProperty({ description: 'The space of the section’s first site space.' })
  @IsString()
  @IsNotEmpty()
  spaceId: string;

  @ApiPropertyOptional({ minLength: 2, maxLength: 128, nullable: true, description: "Default (absent or null): the space's title." })
  @WhenNotNull()
  @IsString()
  @MinLength(2)
  @MaxLength(128)
  title?: string | null;

  @ApiPropertyOptional({ maxLength: 50, nullable: true })
  @WhenNotNull()
  @IsString()
  @MaxLength(50)
  icon?: string | null;
}

export class UpdateSectionDto {
  @ApiPropertyOptional({ minLength: 2, maxLength: 128 })
  @WhenPresent()
  @IsString()
  @MinLength(2)
  @MaxLength(128)
  title?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 100, description: 'Unique in the site.' })
  @WhenPresent()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  @Matches(PATH_PATTERN, { message: PATH_MESSAGE })
  path?: string;

  @ApiPropertyOptional({ description: 'A site space of this section: becomes its default.' })
  @WhenPresent()
  @IsString()
  @IsNotEmpty()
  defaultSiteSpace?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 1024, nullable: true, description: 'Absent: unchanged; null: removed.' })
  @WhenNotNull()
  @IsString()
  @MinLength(1)
  @MaxLength(1024)
  condition?: string | null;

  @ApiPropertyOptional({ maxLength: 50, nullable: true })
  @WhenNotNull()
  @IsString()
  @MaxLength(50)
  icon?: string | null;

  @ApiPropertyOptional({ maxLength: 256, nullable: true })
  @WhenNotNull()
  @IsString()
  @MaxLength(256)
  description?: string | null;
}

export class SectionPointerDto {
  @ApiProperty({ enum: ['site-section'] })
  @IsIn(['site-section'])
  type: 'site-section';

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  siteSection: string;
}

export class SectionPositionDto {
  @ApiPropertyOptional({ type: SectionPointerDto })
  @WhenPresent()
  @ValidateNested()
  @Type(() => SectionPointerDto)
  before?: SectionPointerDto;

  @ApiPropertyOptional({ type: SectionPointerDto })
  @WhenPresent()
  @ValidateNested()
  @Type(() => SectionPointerDto)
  after?: SectionPointerDto;
}

/** Deprecated `POST .../sections/{id}/move`. */
export class MoveSectionDto {
  @ApiPropertyOptional({ type: SectionPositionDto, description: 'Absent: the end of the site.' })
  @WhenPresent()
  @ValidateNested()
  @Type(() => SectionPositionDto)
  position?: SectionPositionDto;
}
