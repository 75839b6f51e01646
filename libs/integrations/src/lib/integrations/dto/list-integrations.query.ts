import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ListQueryDto, QueryBoolean } from '@docs/platform';
import { INTEGRATION_CATEGORIES, INTEGRATION_SCOPES, INTEGRATION_TARGETS } from '../integration-values';

export class ListIntegrationsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ maxLength: 100, description: 'Case-insensitive part of the name or the title.' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;

  @ApiPropertyOptional({ enum: INTEGRATION_CATEGORIES }) @IsOptional() @IsIn(INTEGRATION_CATEGORIES) category?: string;

  @ApiPropertyOptional({ maxLength: 100, pattern: '^[a-zA-Z0-9-_.]+$', description: "A host one of the blocks' urlUnfurl patterns names." })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(/^[a-zA-Z0-9-_.]+$/, { message: 'blockDomain must be a host name (letters, digits, -, _ and .)' })
  blockDomain?: string;

  @ApiPropertyOptional({ description: 'true: only integrations with blocks; false: only those without.' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  blocks?: boolean;

  @ApiPropertyOptional({ description: 'true: only integrations with content sources; false: only those without.' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  contentSources?: boolean;

  @ApiPropertyOptional({ description: 'Id of the owning organization.' }) @IsOptional() @IsString() @MaxLength(256) owner?: string;

  @ApiPropertyOptional({ enum: INTEGRATION_SCOPES }) @IsOptional() @IsIn(INTEGRATION_SCOPES) scope?: string;

  @ApiPropertyOptional({ enum: INTEGRATION_TARGETS, description: 'Integrations installable there: that target or all (all: only those of target all).' })
  @IsOptional()
  @IsIn(INTEGRATION_TARGETS)
  target?: string;
}
