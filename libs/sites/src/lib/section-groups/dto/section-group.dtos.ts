import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WhenNotNull, WhenPresent } from '@docs/content';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';

export class CreateSectionGroupDto {
  @ApiProperty({ minLength: 1, maxLength: 100 })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  title: string;

  @ApiPropertyOptional({ maxLength: 50, nullable: true })
  @WhenNotNull()
  @IsString()
  @MaxLength(50)
  icon?: string | null;

  @ApiPropertyOptional({ type: [String], description: 'Sections of the site to move into the group, in this order.' })
  @WhenPresent()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  sections?: string[];
}

export class UpdateSectionGroupDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 100 })
  @WhenPresent()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  title?: string;

  @ApiPropertyOptional({ maxLength: 50, nullable: true })
  @WhenNotNull()
  @IsString()
  @MaxLength(50)
  icon?: string | null;
}

export class AddSectionToGroupDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  sectionId: string;
}

export class GroupPointerDto {
  @ApiProperty({ enum: ['site-section', 'site-section-group'] })
  @IsIn(['site-section', 'site-section-group'])
  type: 'site-section' | 'site-section-group';

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  id: string;
}

export class GroupPositionDto {
  @ApiPropertyOptional({ type: GroupPointerDto })
  @WhenPresent()
  @ValidateNested()
  @Type(() => GroupPointerDto)
  before?: GroupPointerDto;

  @ApiPropertyOptional({ type: GroupPointerDto })
  @WhenPresent()
  @ValidateNested()
  @Type(() => GroupPointerDto)
  after?: GroupPointerDto;
}

/** Deprecated `POST .../section-groups/{id}/move`. */
export class MoveSectionGroupDto {
  @ApiPropertyOptional({ type: GroupPositionDto, description: 'Absent: the end of the site.' })
  @WhenPresent()
  @ValidateNested()
  @Type(() => GroupPositionDto)
  position?: GroupPositionDto;
}
