import { ApiPropertyOptional } from '@nestjs/swagger';
import { ListQueryDto } from '@docs/platform';
import { IsIn, IsOptional } from 'class-validator';

export class ListDeliveriesQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: ['pending', 'succeeded', 'failed'], description: 'Only deliveries in this state.' })
  @IsOptional()
  @IsIn(['pending', 'succeeded', 'failed'])
  status?: 'pending' | 'succeeded' | 'failed';
}
