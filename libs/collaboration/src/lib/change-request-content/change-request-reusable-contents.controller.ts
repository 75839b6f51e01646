import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import {
  CreateReusableContentDto,
  IF_MATCH_HEADER,
  parseIfMatch,
  REVISION_REUSABLE_CONTENT_SCHEMA,
  ReusableContents,
  revisionEtag,
  sendRead,
  withRevisionEtag,
  RevisionQueryDto,
  UpdateReusableContentDto,
  VARIABLES_SCHEMA,
  VariablesBodyDto,
  VariablesWrites,
} from '@docs/content';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import type { Response } from 'express';
import { ChangeRequestContent } from './change-request-content.service';

/**
 * A change request's reusable contents (the reference's read, read level; the writes as on space
 * content) and variables, by the content library's services on the change request's head. Writes
 * are refused (409) once it is merged or archived.
 */
@ApiTags('change-request-content')
@Controller('v1/spaces/:spaceId/change-requests/:changeRequestId/content')
export class ChangeRequestReusableContentsController {
  constructor(
    private readonly content: ChangeRequestContent,
    private readonly reusable: ReusableContents,
    private readonly variables: VariablesWrites,
  ) {}

  @Get('reusable-contents/:reusableContentId')
  @ApiOperation({ operationId: 'getReusableContentInChangeRequestById', summary: 'A reusable content of the change request.' })
  @ApiOkResponse({ schema: REVISION_REUSABLE_CONTENT_SCHEMA })
  @ApiErrors(400, 404)
  async get(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Param('reusableContentId') id: string,
    @Query() _q: RevisionQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendRead(res, await this.reusable.get(await this.content.target(spaceId, key, caller), id));
  }

  @Post('reusable-contents')
  @HttpCode(201)
  @ApiOperation({ operationId: 'createReusableContentInChangeRequest', summary: 'Create a reusable content in the change request (edit level).' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiCreatedResponse({ schema: REVISION_REUSABLE_CONTENT_SCHEMA })
  @ApiErrors(400, 403, 404, 409, 412)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Body() body: CreateReusableContentDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const head = await this.content.head(spaceId, key, caller);
    const { revision, reusableContent } = await this.reusable.create(head, body, { actor: caller.userId, ifMatch: parseIfMatch(ifMatch) });
    return withRevisionEtag(res, revision.id, reusableContent);
  }

  @Patch('reusable-contents/:reusableContentId')
  @ApiOperation({ operationId: 'updateReusableContentInChangeRequest', summary: 'Change the title or body of a reusable content in the change request.' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiOkResponse({ schema: REVISION_REUSABLE_CONTENT_SCHEMA })
  @ApiErrors(400, 403, 404, 409, 412)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Param('reusableContentId') id: string,
    @Body() body: UpdateReusableContentDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const head = await this.content.head(spaceId, key, caller);
    const { revision, reusableContent } = await this.reusable.update(head, id, body, { actor: caller.userId, ifMatch: parseIfMatch(ifMatch) });
    return withRevisionEtag(res, revision.id, reusableContent);
  }

  @Delete('reusable-contents/:reusableContentId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteReusableContentInChangeRequest', summary: 'Delete a reusable content in the change request.' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiResetContentResponse({ description: 'Deleted; `ETag` names the new revision.' })
  @ApiErrors(403, 404, 409, 412)
  async delete(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Param('reusableContentId') id: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const head = await this.content.head(spaceId, key, caller);
    const { revision } = await this.reusable.delete(head, id, { actor: caller.userId, ifMatch: parseIfMatch(ifMatch) });
    res.setHeader('ETag', revisionEtag(revision.id));
  }

  @Put('variables')
  @ApiOperation({ operationId: 'replaceVariablesInChangeRequest', summary: "Replace the change request's variables." })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiOkResponse({ schema: VARIABLES_SCHEMA })
  @ApiErrors(400, 403, 404, 409, 412)
  async putVariables(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Body() body: VariablesBodyDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const head = await this.content.head(spaceId, key, caller);
    const { revision, variables } = await this.variables.put(head, body.variables, { actor: caller.userId, ifMatch: parseIfMatch(ifMatch) });
    return withRevisionEtag(res, revision.id, variables);
  }

  @Patch('variables')
  @ApiOperation({ operationId: 'updateVariablesInChangeRequest', summary: "Set the given variables of the change request, keeping the others." })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiOkResponse({ schema: VARIABLES_SCHEMA })
  @ApiErrors(400, 403, 404, 409, 412)
  async patchVariables(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Body() body: VariablesBodyDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const head = await this.content.head(spaceId, key, caller);
    const { revision, variables } = await this.variables.patch(head, body.variables, { actor: caller.userId, ifMatch: parseIfMatch(ifMatch) });
    return withRevisionEtag(res, revision.id, variables);
  }
}
