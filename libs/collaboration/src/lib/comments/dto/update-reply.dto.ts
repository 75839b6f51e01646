import { ApiPropertyOptional } from '@nestjs/swagger';
import { WhenPresent } from '@docs/content';
import { Type } from 'class-transformer';
import { ValidateNested } from 'class-validator';
import { CommentBodyDto } from './comment-body.dto';
import { ReactionList } from './reaction-changes';

/** Body of `PUT .../replies/{commentReplyId}`: any mix, applied together or not at all. */
export class UpdateReplyDto {
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
