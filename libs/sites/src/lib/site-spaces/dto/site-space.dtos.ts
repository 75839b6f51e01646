import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WhenNotNull, WhenPresent } from '@docs/content';
import { ListQueryDto, QueryBoolean } from '@docs/platform';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { PATH_MESSAGE } from '../../sections/dto/section.dtos';
import { PATH_PATTERN } from '../../structure/paths';

export class ListSiteSpacesQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Key of an active share link of the site: published URLs carry it.' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  shareKey?: string;

  @ApiPropertyOptional({ description: 'true: only default site spaces (of each section, or of the root); false: only the others.' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  default?: boolean;
}

export class AddSiteSpaceDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  spaceId: string;

  @ApiPropertyOptional({ description: 'Absent: the default section, or the root of a site without sections.' })
  @WhenPresent()
  @IsString()
  @IsNotEmpty()
  sectionId?: string;
}

export class UpdateSiteSpaceDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 100, description: 'Unique among the site spaces of the same section.' })
  @WhenPresent()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  @Matches(PATH_PATTERN, { message: PATH_MESSAGE })
  path?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 1024, nullable: true, description: 'Absent: unchanged; null: removed.' })
  @WhenNotNull()
  @IsString()
  @MinLength(1)
  @MaxLength(1024)
  condition?: string | null;

  @ApiPropertyOptional({ description: 'Another space to publish here.' })
  @WhenPresent()
  @IsString()
  @IsNotEmpty()
  spaceId?: string;
}

export class SiteSpacePointerDto {
  @ApiProperty({ enum: ['site-space'] })
  @IsIn(['site-space'])
  type: 'site-space';

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  siteSpace: string;
}

export class SiteSpacePositionDto {
  @ApiPropertyOptional({ type: SiteSpacePointerDto })
  @WhenPresent()
  @ValidateNested()
  @Type(() => SiteSpacePointerDto)
  before?: SiteSpacePointerDto;

  @ApiPropertyOptional({ type: SiteSpacePointerDto })
  @WhenPresent()
  @ValidateNested()
  @Type(() => SiteSpacePointerDto)
  after?: SiteSpacePointerDto;
}

/** Deprecated `POST .../site-spaces/{id}/move`. */
export class MoveSiteSpaceDto {
  @ApiPropertyOptional({ type: SiteSpacePositionDto, description: 'Absent: the end of its section.' })
  @WhenPresent()
  @ValidateNested()
  @Type(() => SiteSpacePositionDto)
  position?: SiteSpacePositionDto;
}
