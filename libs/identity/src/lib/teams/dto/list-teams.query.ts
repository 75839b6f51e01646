import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQueryDto } from '@docs/platform';

export class ListTeamsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'A member id: only the teams that member can manage.' })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  owner?: string;

  @ApiPropertyOptional({ description: 'Case-insensitive part of the title.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  title?: string;
}

export class ListMemberTeamsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Case-insensitive part of the title.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  title?: string;
}
