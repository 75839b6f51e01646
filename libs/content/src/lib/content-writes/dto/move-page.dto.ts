import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsString, ValidateNested } from 'class-validator';
import { WhenNotNull, WhenPresent } from '../../validation/when-present.decorator';
import { PagePositionDto } from './page-position.dto';

/** Body of `POST /v1/spaces/{spaceId}/content/page/{pageId}/move`: `parent` and/or `position`. */
export class MovePageDto {
  @ApiPropertyOptional({ nullable: true, description: 'The new parent page; null: the top level; absent: the same parent.' })
  @WhenNotNull()
  @IsString()
  parent?: string | null;

  @ApiPropertyOptional({ type: PagePositionDto, description: 'Before or after a sibling in the (new) parent; absent: last.' })
  @WhenPresent()
  @ValidateNested()
  @Type(() => PagePositionDto)
  position?: PagePositionDto;
}
