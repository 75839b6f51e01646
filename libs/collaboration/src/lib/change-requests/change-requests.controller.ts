import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import type { Response } from 'express';
import { ChangeRequestsService } from './change-requests.service';
import { CreateChangeRequestDto } from './dto/create-change-request.dto';
import { ListChangeRequestsQueryDto } from './dto/list-change-requests-query.dto';
import { KeepVersionDto } from './dto/keep-version.dto';
import { UpdateChangeRequestDto } from './dto/update-change-request.dto';
import { KeptVersions } from './kept-versions.service';
import { MergeService } from '../merge/merge.service';
import { CHANGE_REQUEST_LIST_SCHEMA, CHANGE_REQUEST_SCHEMA, MERGE_ANSWER_SCHEMA } from './change-request-schemas';

const SHAPE = "The reference's ChangeRequest, plus `permissions` and `conflicts` (pages an update left in conflict).";

/** Change requests of a space: `changeRequestId` is the id or the number within the space. */
@ApiTags('change-requests')
@Controller('v1/spaces/:spaceId/change-requests')
export class ChangeRequestsController {
  constructor(
    private readonly changeRequests: ChangeRequestsService,
    private readonly merges: MergeService,
    private readonly keptVersions: KeptVersions,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listChangeRequestsForSpace', summary: 'Change requests of the space with one status (default open), newest first.' })
  @ApiOkResponse({ description: `A list of ${SHAPE}`, schema: CHANGE_REQUEST_LIST_SCHEMA })
  @ApiErrors(400, 404)
  list(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: ListChangeRequestsQueryDto) {
    return this.changeRequests.list(spaceId, caller, query);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'createChangeRequest', summary: 'Open a change request (status draft) from the current content (edit level).' })
  @ApiCreatedResponse({ description: SHAPE, schema: CHANGE_REQUEST_SCHEMA })
  @ApiErrors(400, 403, 404)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Body() body: CreateChangeRequestDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    const created = await this.changeRequests.create(spaceId, caller, body);
    res.setHeader('Location', (created['urls'] as { location: string }).location);
    return created;
  }

  @Get(':changeRequestId')
  @ApiOperation({ operationId: 'getChangeRequestById', summary: 'One change request, by id or number.' })
  @ApiOkResponse({ description: SHAPE, schema: CHANGE_REQUEST_SCHEMA })
  @ApiErrors(404)
  get(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') changeRequestId: string) {
    return this.changeRequests.get(spaceId, changeRequestId, caller);
  }

  @Patch(':changeRequestId')
  @ApiOperation({ operationId: 'updateChangeRequestById', summary: 'Change the subject or the status (draft, open, archived) (edit level).' })
  @ApiOkResponse({ description: SHAPE, schema: CHANGE_REQUEST_SCHEMA })
  @ApiErrors(400, 403, 404, 409)
  update(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') changeRequestId: string, @Body() body: UpdateChangeRequestDto) {
    return this.changeRequests.update(spaceId, changeRequestId, caller, body);
  }

  @Post(':changeRequestId/merge')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'mergeChangeRequest',
    summary: 'Three-way merge into the space (review level): `{revision, result: "merge"}`, or `{revision, result: "conflicts", conflicts}` and nothing changed.',
  })
  @ApiOkResponse({ schema: MERGE_ANSWER_SCHEMA })
  @ApiErrors(403, 404, 409)
  merge(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') changeRequestId: string) {
    return this.merges.merge(spaceId, changeRequestId, caller);
  }

  @Post(':changeRequestId/update')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'updateChangeRequest',
    summary:
      'Bring the space\'s changes into the change request (edit level): `{revision, result: "update"}`, or `result: "conflicts"` with the conflicting pages written git-style into the change request for a page edit to resolve.',
  })
  @ApiOkResponse({ schema: MERGE_ANSWER_SCHEMA })
  @ApiErrors(403, 404, 409)
  updateFromSpace(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') changeRequestId: string) {
    return this.merges.update(spaceId, changeRequestId, caller);
  }

  @Post(':changeRequestId/keep-version')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'keepChangeRequestVersionOfPage',
    summary:
      "Extension: resolve the conflict an update left on a page by keeping the change request's version as it is (edit level): the page leaves `conflicts`, no revision is written.",
  })
  @ApiOkResponse({ description: SHAPE, schema: CHANGE_REQUEST_SCHEMA })
  @ApiErrors(400, 403, 404, 409)
  keepVersion(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') changeRequestId: string, @Body() body: KeepVersionDto) {
    return this.keptVersions.keep(spaceId, changeRequestId, caller, body.page);
  }
}
