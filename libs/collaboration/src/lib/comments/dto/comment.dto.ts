import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiSchemaRules, ListEnvelopeDto, referenceProperty } from '@docs/platform';
import { UserDto } from '@docs/identity';

/**
 * The answers of the comment operations, as the reference's component schemas say them
 * (Comment, CommentReply, EmojiReaction, User, Document), so the project's OpenAPI document
 * states each field's shape rather than a bare object.
 */

/** The reference's Document as an answer: `{markdown}` or `{document}` (a JSONDocument), as `format` asks. */
export type CommentBodyAnswerDto = { markdown: string } | { document: { object: 'document'; data?: Record<string, unknown>; nodes: unknown[] } };

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
  @ApiProperty(referenceProperty('Document', { description: "The reference's Document: `{markdown}` (format=markdown, the default) or `{document}` (format=document)." })) body: CommentBodyAnswerDto;
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
  @ApiProperty(referenceProperty('Document', { description: "The reference's Document: `{markdown}` (format=markdown, the default) or `{document}` (format=document)." })) body: CommentBodyAnswerDto;
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
