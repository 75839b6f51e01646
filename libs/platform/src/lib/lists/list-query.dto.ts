import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { QueryNumber } from '../validation/transforms';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

/** `page` and `limit`, accepted by every list; extend it with the list's own filters. */
export class ListQueryDto {
  @ApiPropertyOptional({ maxLength: 2048, description: 'Opaque cursor: the value of next.page from the previous page.' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  page?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: '0 returns only count.' })
  @IsOptional()
  @QueryNumber()
  @IsInt()
  @Min(0)
  @Max(MAX_PAGE_SIZE)
  limit?: number;
}
