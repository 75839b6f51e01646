import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';
import { WhenPresent } from '../../validation/when-present.decorator';

/** Where a page goes among its siblings: exactly one of `before` and `after` (a sibling page id). */
export class PagePositionDto {
  @ApiPropertyOptional({ description: 'Place the page just before this sibling page.' })
  @WhenPresent()
  @IsString()
  @IsNotEmpty()
  before?: string;

  @ApiPropertyOptional({ description: 'Place the page just after this sibling page.' })
  @WhenPresent()
  @IsString()
  @IsNotEmpty()
  after?: string;
}
