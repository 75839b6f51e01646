import { ApiPropertyOptional } from '@nestjs/swagger';
import { ListQueryDto, QueryBoolean } from '@docs/platform';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';

export const DOCUMENT_FORMATS = ['document', 'markdown'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

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

/**
 * Query of a tree of pages (`.../content`, `.../content/pages`, a revision and its pages): the
 * pages come without their bodies (each document page names its body by `documentId`) unless
 * `format` asks for them.
 */
export class TreeQueryDto extends RevisionQueryDto {
  @ApiPropertyOptional({
    enum: DOCUMENT_FORMATS,
    description:
      'Opt in to every page\'s body: `document` (the JSONDocument) or `markdown`. Absent: the tree without bodies (`documentId` names each body; read one page for it).',
  })
  @IsOptional()
  @IsIn(DOCUMENT_FORMATS)
  format?: DocumentFormat;
}

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
