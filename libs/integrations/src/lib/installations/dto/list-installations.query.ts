import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQueryDto, QueryBoolean } from '@docs/platform';

export class ListInstallationsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Only installations with this external id.' }) @IsOptional() @IsString() @MaxLength(256) externalId?: string;
}

export class ListContentInstallationsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ default: false, description: 'true: the space (or site) object in each item; false: its id.' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  extended?: boolean;
}
