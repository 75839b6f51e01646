import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, ListQueryDto, PublicUrls } from '@docs/platform';
import type { Response } from 'express';
import { ListReviewsQueryDto } from './dto/list-reviews-query.dto';
import { RequestReviewersDto } from './dto/request-reviewers.dto';
import { SubmitReviewDto } from './dto/submit-review.dto';
import { RequestedReviewersService } from './requested-reviewers.service';
import { REQUESTED_REVIEWER_LIST_SCHEMA, REQUESTED_REVIEWERS_ANSWER_SCHEMA, REVIEW_LIST_SCHEMA, REVIEW_SCHEMA } from './review-schemas';
import { ReviewsService } from './reviews.service';

/** Reviews and review requests of one change request (`changeRequestId`: id or number). */
@ApiTags('change-requests')
@Controller('v1/spaces/:spaceId/change-requests/:changeRequestId')
export class ReviewsController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly requested: RequestedReviewersService,
    private readonly urls: PublicUrls,
  ) {}

  @Post('reviews')
  @HttpCode(201)
  @ApiOperation({
    operationId: 'submitChangeRequestReview',
    summary: 'Approve or request changes on the current head (review level; not the author; draft or open change requests).',
  })
  @ApiCreatedResponse({ schema: REVIEW_SCHEMA })
  @ApiErrors(400, 403, 404, 409)
  async submit(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') changeRequestId: string,
    @Body() body: SubmitReviewDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    const review = await this.reviews.submit(spaceId, changeRequestId, caller, body);
    // Reviews have no URL of their own in the reference: the Location is the change request's list of reviews.
    res.setHeader('Location', this.urls.api('v1/spaces', spaceId, 'change-requests', changeRequestId, 'reviews'));
    return review;
  }

  @Get('reviews')
  @ApiOperation({ operationId: 'getReviewsByChangeRequestId', summary: 'Reviews of the change request, newest first (filter `outdated`).' })
  @ApiOkResponse({ schema: REVIEW_LIST_SCHEMA })
  @ApiErrors(400, 404)
  list(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') changeRequestId: string, @Query() query: ListReviewsQueryDto) {
    return this.reviews.list(spaceId, changeRequestId, caller, query);
  }

  @Post('requested-reviewers')
  @HttpCode(200)
  @ApiOperation({ operationId: 'requestReviewersForChangeRequest', summary: 'Ask members who can review the space to review (edit level).' })
  @ApiOkResponse({ schema: REQUESTED_REVIEWERS_ANSWER_SCHEMA })
  @ApiErrors(400, 403, 404, 409)
  request(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') changeRequestId: string, @Body() body: RequestReviewersDto) {
    return this.requested.request(spaceId, changeRequestId, caller, body);
  }

  @Get('requested-reviewers')
  @ApiOperation({ operationId: 'getRequestedReviewersByChangeRequestId', summary: 'Pending review requests, newest first.' })
  @ApiOkResponse({ schema: REQUESTED_REVIEWER_LIST_SCHEMA })
  @ApiErrors(400, 404)
  listRequested(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') changeRequestId: string, @Query() query: ListQueryDto) {
    return this.requested.list(spaceId, changeRequestId, caller, query);
  }

  @Delete('requested-reviewers/:userId')
  @ApiOperation({ operationId: 'removeRequestedReviewerFromChangeRequest', summary: 'Withdraw a review request (edit level): 205, or 204 when there was none.' })
  @ApiResponse({ status: 205, description: 'The request is removed.' })
  @ApiResponse({ status: 204, description: 'This user had no pending request.' })
  @ApiErrors(403, 404)
  async remove(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') changeRequestId: string,
    @Param('userId') userId: string,
    @Res() res: Response,
  ): Promise<void> {
    // The status depends on the outcome (the reference's 205 or 204), so the response is written here.
    const removed = await this.requested.remove(spaceId, changeRequestId, userId, caller);
    res.status(removed ? 205 : 204).end();
  }
}
