import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ValidateNested } from 'class-validator';
import { CommentBodyDto } from './comment-body.dto';

/** Body of `POST .../comments/{commentId}/replies` (the reference's PostCommentReplySchema). */
export class PostReplyDto {
  @ApiProperty({ type: CommentBodyDto })
  @ValidateNested()
  @Type(() => CommentBodyDto)
  body: CommentBodyDto;
}
