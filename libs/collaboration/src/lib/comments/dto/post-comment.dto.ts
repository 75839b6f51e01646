import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WhenPresent } from '@docs/content';
import { Type } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, ValidateNested } from 'class-validator';
import { CommentBodyDto } from './comment-body.dto';

/** Body of `POST .../comments` (the reference's PostCommentSchema, without `tableCell`: there are no table records here). */
export class PostCommentDto {
  @ApiProperty({ type: CommentBodyDto })
  @ValidateNested()
  @Type(() => CommentBodyDto)
  body: CommentBodyDto;

  @ApiPropertyOptional({ maxLength: 100, description: 'A page of the content commented on (the space\'s, or the change request\'s): 400 when it has no such page.' })
  @WhenPresent()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  page?: string;

  @ApiPropertyOptional({ maxLength: 100, description: "A node of that page's body (a block's or an inline's `key`); needs `page`." })
  @WhenPresent()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  node?: string;
}
