import { ApiPropertyOptional } from '@nestjs/swagger';
import { ListQueryDto, QueryBoolean } from '@docs/platform';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';

/**
 * `metadata` and `computed` of the reference's content reads. There is no git metadata and no
 * computed content in this installation, so both are accepted and change nothing.
 */
export class RevisionQueryDto {
  @ApiPropertyOptional({ default: true, description: 'false omits git metadata (there is none here).' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  metadata?: boolean;

  @ApiPropertyOptional({ default: true, description: 'false skips computed content (there is none here).' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  computed?: boolean;
}

export const DOCUMENT_FORMATS = ['document', 'markdown'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** Query of one page: the body's `format` (document by default) and `evaluated` (nothing to evaluate here). */
export class PageQueryDto extends RevisionQueryDto {
  @ApiPropertyOptional({ enum: DOCUMENT_FORMATS, default: 'document' })
  @IsOptional()
  @IsIn(DOCUMENT_FORMATS)
  format?: DocumentFormat;

  @ApiPropertyOptional({ enum: ['true', 'false', 'deterministic-only'], description: 'There are no expressions to evaluate here: accepted and without effect.' })
  @IsOptional()
  @IsIn(['true', 'false', 'deterministic-only'])
  evaluated?: string;
}

/** Query of file lists. */
export class FileListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  metadata?: boolean;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  computed?: boolean;
}
