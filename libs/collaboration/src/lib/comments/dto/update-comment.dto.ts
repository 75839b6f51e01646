import { ApiPropertyOptional } from '@nestjs/swagger';
import { WhenPresent } from '@docs/content';
import { Type } from 'class-transformer';
import { IsBoolean, ValidateNested } from 'class-validator';
import { CommentBodyDto } from './comment-body.dto';
import { ReactionList } from './reaction-changes';

/** Body of `PUT .../comments/{commentId}`: any mix, applied together or not at all; absent fields are unchanged. */
export class UpdateCommentDto {
  @ApiPropertyOptional({ description: 'true resolves the comment (comment level); false reopens it.' })
  @WhenPresent()
  @IsBoolean()
  resolved?: boolean;

  @ApiPropertyOptional({ type: CommentBodyDto, description: 'Replaces the body (its author only).' })
  @WhenPresent()
  @ValidateNested()
  @Type(() => CommentBodyDto)
  body?: CommentBodyDto;

  @ReactionList('added')
  addedReactions?: string[];

  @ReactionList('removed')
  removedReactions?: string[];
}
