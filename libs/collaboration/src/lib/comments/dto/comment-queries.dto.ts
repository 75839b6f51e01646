import { ApiPropertyOptional } from '@nestjs/swagger';
import { ListQueryDto } from '@docs/platform';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { BodyFormat } from '../comment-body';

export const BODY_FORMATS = ['markdown', 'document'] as const;
export const COMMENT_STATUS_FILTERS = ['all', 'open', 'resolved'] as const;
export type CommentStatusFilter = (typeof COMMENT_STATUS_FILTERS)[number];
/** At most this many authors in one `authors` filter. */
export const MAX_AUTHORS_FILTER = 50;

const FORMAT = { enum: BODY_FORMATS, default: 'markdown', description: 'Bodies as `{markdown}` (default) or as `{document}` (the JSONDocument).' };

/** `format` of the reads and writes of one comment or reply. */
export class CommentFormatQueryDto {
  @ApiPropertyOptional(FORMAT)
  @IsOptional()
  @IsIn(BODY_FORMATS)
  format?: BodyFormat;
}

/** Query of the comment lists. */
export class ListCommentsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc', description: 'By `postedAt` (then id): newest first by default.' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';

  @ApiPropertyOptional({ enum: COMMENT_STATUS_FILTERS, default: 'all' })
  @IsOptional()
  @IsIn(COMMENT_STATUS_FILTERS)
  status?: CommentStatusFilter;

  @ApiPropertyOptional(FORMAT)
  @IsOptional()
  @IsIn(BODY_FORMATS)
  format?: BodyFormat;

  @ApiPropertyOptional({ maxLength: 100, description: 'Only comments on this page (a page id).' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  targetPage?: string;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_AUTHORS_FILTER,
    description: 'Only comments posted by these users (user ids; repeat the parameter: `authors=a&authors=b`).',
  })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? [value] : value))
  @IsArray()
  @ArrayMaxSize(MAX_AUTHORS_FILTER)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(100, { each: true })
  authors?: string[];
}

/** Query of the reply lists: oldest first, as a thread reads. */
export class ListRepliesQueryDto extends ListQueryDto {
  @ApiPropertyOptional(FORMAT)
  @IsOptional()
  @IsIn(BODY_FORMATS)
  format?: BodyFormat;
}
