import { ApiPropertyOptional } from '@nestjs/swagger';
import { ListQueryDto } from '@docs/platform';
import { IsIn, IsOptional } from 'class-validator';

export class ListMemberSpacesQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc', description: 'By creation time of the space: desc is newest first.' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}
