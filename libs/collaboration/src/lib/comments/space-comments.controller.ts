import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller, MemberListDto } from '@docs/identity';
import { ApiErrors, ListQueryDto } from '@docs/platform';
import { CommentRepliesService } from './comment-replies.service';
import { CommentThreads } from './comment-thread';
import { CommentersService } from './commenters.service';
import { CommentsService } from './comments.service';
import { CommentDto, CommentListDto, CommentReplyDto, CommentReplyListDto } from './dto/comment.dto';
import { CommentFormatQueryDto, ListCommentsQueryDto, ListRepliesQueryDto } from './dto/comment-queries.dto';
import { PostCommentDto } from './dto/post-comment.dto';
import { PostReplyDto } from './dto/post-reply.dto';
import { UpdateCommentDto } from './dto/update-comment.dto';
import { UpdateReplyDto } from './dto/update-reply.dto';

/**
 * Comments on a space's own content (spec 4.2), their replies and the commenters. Reading needs
 * read on the space; posting, replying, reacting and resolving comment (docs/permissions.md).
 */
@ApiTags('space-comments')
@Controller('v1/spaces/:spaceId')
export class SpaceCommentsController {
  constructor(
    private readonly threads: CommentThreads,
    private readonly comments: CommentsService,
    private readonly replies: CommentRepliesService,
    private readonly commenters: CommentersService,
  ) {}

  @Get('comments')
  @ApiOperation({ operationId: 'listCommentsInSpace', summary: 'Comments on the space (not its change requests), newest first.' })
  @ApiOkResponse({ type: CommentListDto, description: "A page of the reference's Comment." })
  @ApiErrors(404)
  async list(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: ListCommentsQueryDto) {
    return this.comments.list(await this.threads.ofSpace(spaceId, caller), caller, query);
  }

  @Post('comments')
  @HttpCode(200)
  @ApiOperation({ operationId: 'postCommentInSpace', summary: 'Post a comment on the space, optionally on one of its pages and a node of it (comment level).' })
  @ApiOkResponse({ type: CommentDto, description: "The reference's Comment." })
  @ApiErrors(403, 404)
  async post(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Body() body: PostCommentDto, @Query() query: CommentFormatQueryDto) {
    return this.comments.post(await this.threads.ofSpace(spaceId, caller), caller, body, query.format);
  }

  @Get('comments/:commentId')
  @ApiOperation({ operationId: 'getCommentInSpace', summary: 'One comment of the space.' })
  @ApiOkResponse({ type: CommentDto, description: "The reference's Comment." })
  @ApiErrors(404)
  async get(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('commentId') commentId: string, @Query() query: CommentFormatQueryDto) {
    return this.comments.get(await this.threads.ofSpace(spaceId, caller), caller, commentId, query.format);
  }

  @Put('comments/:commentId')
  @ApiOperation({
    operationId: 'updateCommentInSpace',
    summary: 'Change the body (its author), resolve or reopen, add or remove the caller\'s reactions: any mix, all or nothing.',
  })
  @ApiOkResponse({ type: CommentDto, description: "The reference's Comment." })
  @ApiErrors(403, 404)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('commentId') commentId: string,
    @Body() body: UpdateCommentDto,
    @Query() query: CommentFormatQueryDto,
  ) {
    return this.comments.update(await this.threads.ofSpace(spaceId, caller), caller, commentId, body, query.format);
  }

  @Delete('comments/:commentId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteCommentInSpace', summary: 'Delete a comment with its replies and reactions (its author, or an admin of the space).' })
  @ApiResetContentResponse({ description: 'Deleted.' })
  @ApiErrors(403, 404)
  async delete(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('commentId') commentId: string): Promise<void> {
    await this.comments.remove(await this.threads.ofSpace(spaceId, caller), caller, commentId);
  }

  @Get('comments/:commentId/replies')
  @ApiOperation({ operationId: 'listCommentRepliesInSpace', summary: 'Replies of a comment, oldest first.' })
  @ApiOkResponse({ type: CommentReplyListDto, description: "A page of the reference's CommentReply." })
  @ApiErrors(404)
  async listReplies(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('commentId') commentId: string, @Query() query: ListRepliesQueryDto) {
    return this.replies.list(await this.threads.ofSpace(spaceId, caller), caller, commentId, query);
  }

  @Post('comments/:commentId/replies')
  @HttpCode(200)
  @ApiOperation({ operationId: 'postCommentReplyInSpace', summary: 'Reply to a comment (comment level).' })
  @ApiOkResponse({ type: CommentReplyDto, description: "The reference's CommentReply." })
  @ApiErrors(403, 404)
  async postReply(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('commentId') commentId: string,
    @Body() body: PostReplyDto,
    @Query() query: CommentFormatQueryDto,
  ) {
    return this.replies.post(await this.threads.ofSpace(spaceId, caller), caller, commentId, body, query.format);
  }

  @Get('comments/:commentId/replies/:commentReplyId')
  @ApiOperation({ operationId: 'getCommentReplyInSpace', summary: 'One reply of a comment.' })
  @ApiOkResponse({ type: CommentReplyDto, description: "The reference's CommentReply." })
  @ApiErrors(404)
  async getReply(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('commentId') commentId: string,
    @Param('commentReplyId') replyId: string,
    @Query() query: CommentFormatQueryDto,
  ) {
    return this.replies.get(await this.threads.ofSpace(spaceId, caller), caller, commentId, replyId, query.format);
  }

  @Put('comments/:commentId/replies/:commentReplyId')
  @ApiOperation({ operationId: 'updateCommentReplyInSpace', summary: "Change a reply's body (its author), add or remove the caller's reactions: all or nothing." })
  @ApiOkResponse({ type: CommentReplyDto, description: "The reference's CommentReply." })
  @ApiErrors(403, 404)
  async updateReply(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('commentId') commentId: string,
    @Param('commentReplyId') replyId: string,
    @Body() body: UpdateReplyDto,
    @Query() query: CommentFormatQueryDto,
  ) {
    return this.replies.update(await this.threads.ofSpace(spaceId, caller), caller, commentId, replyId, body, query.format);
  }

  @Delete('comments/:commentId/replies/:commentReplyId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteCommentReplyInSpace', summary: 'Delete a reply with its reactions (its author, or an admin of the space).' })
  @ApiResetContentResponse({ description: 'Deleted.' })
  @ApiErrors(403, 404)
  async deleteReply(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('commentId') commentId: string,
    @Param('commentReplyId') replyId: string,
  ): Promise<void> {
    await this.replies.remove(await this.threads.ofSpace(spaceId, caller), caller, commentId, replyId);
  }

  @Get('commenters')
  @ApiOperation({ operationId: 'listCommentersInSpace', summary: 'Members who commented or replied on the space, in the order they first did.' })
  @ApiOkResponse({ type: MemberListDto, description: "A page of the reference's OrganizationMember." })
  @ApiErrors(404)
  async listCommenters(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: ListQueryDto) {
    return this.commenters.list(await this.threads.ofSpace(spaceId, caller), query);
  }
}
