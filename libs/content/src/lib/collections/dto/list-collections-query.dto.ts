import { ApiPropertyOptional } from '@nestjs/swagger';
import { ListQueryDto, QueryBoolean } from '@docs/platform';
import { IsBoolean, IsOptional } from 'class-validator';

export class ListCollectionsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ default: true, description: 'true: every collection; false: only those at the top level.' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  nested?: boolean;
}
