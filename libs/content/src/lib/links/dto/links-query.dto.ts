import { ApiPropertyOptional } from '@nestjs/swagger';
import { ListQueryDto } from '@docs/platform';
import { IsIn, IsOptional } from 'class-validator';

export const LINK_STATUSES = ['ok', 'broken', 'in-app'] as const;

/** Links lists: `page`, `limit` and the reference's `status` filter. */
export class LinksQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: LINK_STATUSES, description: 'Only the links with this status.' })
  @IsOptional()
  @IsIn(LINK_STATUSES)
  status?: (typeof LINK_STATUSES)[number];
}
