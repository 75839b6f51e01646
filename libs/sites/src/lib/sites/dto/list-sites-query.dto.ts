import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQueryDto, QueryBoolean } from '@docs/platform';

export class ListSitesQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'A space id: only the sites that publish this space.' })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  space?: string;

  @ApiPropertyOptional({ description: 'Case-insensitive part of the title.' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  title?: string;

  @ApiPropertyOptional({ description: 'Only published (true) or unpublished (false) sites.' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  published?: boolean;
}
