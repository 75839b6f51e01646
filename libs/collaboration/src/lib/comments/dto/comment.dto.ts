import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiSchemaRules, ListEnvelopeDto } from '@docs/platform';
import { UserDto } from '@docs/identity';

/**
 * The answers of the comment operations, as the reference's component schemas say them
 * (Comment, CommentReply, EmojiReaction, User, Document), so the project's OpenAPI document
 * states each field's shape rather than a bare object.
 */

/** The reference's JSONDocument envelope (its node types are the reference's; see docs/api-decisions.md, "Page bodies"). */
export class JsonDocumentDto {
  @ApiProperty({ enum: ['document'] }) object: 'document';
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) data?: Record<string, unknown>;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true, description: "A block of the reference's JSONDocument." } })
  nodes: unknown[];
}

/** The reference's Document as an answer: `{markdown}` or `{document}`, as `format` asks. */
@ApiSchemaRules({ oneOf: [{ required: ['markdown'] }, { required: ['document'] }] })
export class CommentBodyAnswerDto {
  @ApiPropertyOptional({ description: 'format=markdown (the default).' }) markdown?: string;
  @ApiPropertyOptional({ type: JsonDocumentDto, description: "format=document: the reference's JSONDocument." }) document?: JsonDocumentDto;
}

export class ReactionUserDto {
  @ApiProperty({ type: UserDto }) user: UserDto;
  @ApiProperty({ format: 'date-time' }) reactedAt: string;
}

/** The reference's EmojiReaction: one emoji, its count, who reacted and when (first reacted first). */
export class EmojiReactionDto {
  @ApiProperty({ description: 'One emoji of Unicode\'s list, fully qualified ("👍", "❤️").' }) emoji: string;
  @ApiProperty({ type: 'integer' }) count: number;
  @ApiProperty({ type: [ReactionUserDto] }) users: ReactionUserDto[];
}

export class CommentTargetNodeDto {
  @ApiProperty({ description: "The node's `key` in the page's body." }) id: string;
  @ApiPropertyOptional({ description: "The node's text when the comment was posted (at most 500 characters)." }) preview?: string;
}

export class CommentTargetPageDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: "The page's current title (as it was, once a later revision deleted the page)." }) title: string;
  @ApiPropertyOptional({ maxLength: 50 }) emoji?: string;
  @ApiPropertyOptional({ format: 'date-time' }) createdAt?: string;
  @ApiPropertyOptional({ format: 'date-time' }) updatedAt?: string;
  @ApiProperty({ description: "The page's current path (empty for a link page)." }) path: string;
  @ApiProperty({ description: "true once the page's body changed after the comment was posted, or the page was deleted." }) outdated: boolean;
  @ApiPropertyOptional({ description: 'Extension: true when a later revision deleted the page (title, emoji and path are then as they were).' }) deleted?: boolean;
}

export class CommentTargetDto {
  @ApiProperty({ description: 'The space of the comment.' }) space: string;
  @ApiProperty({ description: 'The revision of the content commented on when the comment was posted.' }) revision: string;
  @ApiPropertyOptional({ description: 'The change request, for a comment in one.' }) changeRequest?: string;
  @ApiPropertyOptional({ type: CommentTargetPageDto }) page?: CommentTargetPageDto;
  @ApiPropertyOptional({ type: CommentTargetNodeDto }) node?: CommentTargetNodeDto;
}

export class CommentUrlsDto {
  @ApiProperty({ format: 'uri' }) location: string;
}

/** What the caller may do with it (docs/permissions.md, "Comments"). */
export class CommentPermissionsDto {
  @ApiProperty() view: boolean;
  @ApiProperty({ description: 'Change its body: its author.' }) edit: boolean;
  @ApiProperty({ description: 'React, reply (and resolve, for a comment): comment level.' }) reply: boolean;
  @ApiProperty({ description: 'Its author, or an admin of the space.' }) delete: boolean;
}

/** The reference's Comment. `resolvedAt` and `resolvedBy` come with status `resolved` only. */
@ApiSchemaRules({
  oneOf: [
    { properties: { status: { enum: ['resolved'] } }, required: ['resolvedAt', 'resolvedBy'] },
    { properties: { status: { enum: ['open'] } }, not: { anyOf: [{ required: ['resolvedAt'] }, { required: ['resolvedBy'] }] } },
  ],
})
export class CommentDto {
  @ApiProperty({ enum: ['comment'] }) object: 'comment';
  @ApiProperty() id: string;
  @ApiProperty({ enum: ['open', 'resolved'] }) status: 'open' | 'resolved';
  @ApiProperty({ type: CommentBodyAnswerDto }) body: CommentBodyAnswerDto;
  @ApiProperty({ type: UserDto }) postedBy: UserDto;
  @ApiProperty({ format: 'date-time' }) postedAt: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'When its body last changed; absent if never.' }) editedAt?: string;
  @ApiProperty({ type: [EmojiReactionDto] }) reactions: EmojiReactionDto[];
  @ApiProperty({ type: 'integer', description: 'Its replies.' }) replies: number;
  @ApiProperty({ type: CommentTargetDto }) target: CommentTargetDto;
  @ApiProperty({ type: CommentUrlsDto }) urls: CommentUrlsDto;
  @ApiProperty({ type: CommentPermissionsDto }) permissions: CommentPermissionsDto;
  @ApiPropertyOptional({ format: 'date-time' }) resolvedAt?: string;
  @ApiPropertyOptional({ type: UserDto, description: 'With status `resolved`. Once that account is deleted: `{id: "deleted-user", displayName: "Deleted user"}`.' }) resolvedBy?: UserDto;
}

export class CommentListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [CommentDto] }) items: CommentDto[];
}

/** The reference's CommentReply. */
export class CommentReplyDto {
  @ApiProperty({ enum: ['comment-reply'] }) object: 'comment-reply';
  @ApiProperty() id: string;
  @ApiProperty({ type: CommentBodyAnswerDto }) body: CommentBodyAnswerDto;
  @ApiProperty({ type: UserDto }) postedBy: UserDto;
  @ApiProperty({ format: 'date-time' }) postedAt: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'When its body last changed; absent if never.' }) editedAt?: string;
  @ApiProperty({ type: [EmojiReactionDto] }) reactions: EmojiReactionDto[];
  @ApiProperty({ type: CommentUrlsDto }) urls: CommentUrlsDto;
  @ApiProperty({ type: CommentPermissionsDto }) permissions: CommentPermissionsDto;
}

export class CommentReplyListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [CommentReplyDto] }) items: CommentReplyDto[];
}
