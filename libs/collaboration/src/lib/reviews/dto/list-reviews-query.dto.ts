import { ApiPropertyOptional } from '@nestjs/swagger';
import { ListQueryDto, QueryBoolean } from '@docs/platform';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';

/** Query of `GET .../change-requests/{id}/reviews`: newest first. */
export class ListReviewsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'true: only outdated reviews; false: only current ones; absent: all.' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  outdated?: boolean;

  @ApiPropertyOptional({ enum: ['markdown', 'document'], description: 'Accepted for compatibility: review comments are always answered as markdown.' })
  @IsOptional()
  @IsIn(['markdown', 'document'])
  format?: 'markdown' | 'document';
}
