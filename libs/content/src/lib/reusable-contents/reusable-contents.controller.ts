import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import type { Response } from 'express';
import { ContentTargets } from '../content-reads/content-targets.service';
import { RevisionQueryDto } from '../content-reads/dto/content-query.dto';
import { IF_MATCH_HEADER, parseIfMatch, revisionEtag, sendRead, withRevisionEtag } from '../content-writes/if-match';
import { PageWritesService } from '../content-writes/page-writes.service';
import { CreateReusableContentDto } from './dto/create-reusable-content.dto';
import { UpdateReusableContentDto } from './dto/update-reusable-content.dto';
import { JSON_DOCUMENT_SCHEMA, REVISION_REUSABLE_CONTENT_SCHEMA } from './reusable-content-schemas';
import { ReusableContents } from './reusable-contents.service';

/**
 * Reusable contents of a space: the reference's reads (current content and revisions, read
 * level) and the writes, documented extensions under `content-writes` (edit level, one revision
 * each, `ETag` / `If-Match`, 409 on a locked space).
 */
@Controller('v1/spaces/:spaceId')
export class ReusableContentsController {
  constructor(
    private readonly targets: ContentTargets,
    private readonly reusable: ReusableContents,
    private readonly pages: PageWritesService,
  ) {}


  @Get('content/reusable-contents/:reusableContentId')
  @ApiTags('content')
  @ApiOperation({ operationId: 'getReusableContentById', summary: 'A reusable content of the current revision.' })
  @ApiOkResponse({ schema: REVISION_REUSABLE_CONTENT_SCHEMA })
  @ApiErrors(400, 404)
  async current(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('reusableContentId') id: string,
    @Query() _q: RevisionQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendRead(res, await this.reusable.get(await this.targets.current(spaceId, caller), id));
  }

  @Get('revisions/:revisionId/reusable-contents/:reusableContentId')
  @ApiTags('content')
  @ApiOperation({ operationId: 'getReusableContentInRevisionById', summary: 'A reusable content of a revision.' })
  @ApiOkResponse({ schema: REVISION_REUSABLE_CONTENT_SCHEMA })
  @ApiErrors(400, 404)
  async inRevision(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('revisionId') revisionId: string,
    @Param('reusableContentId') id: string,
    @Query() _q: RevisionQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendRead(res, await this.reusable.get(await this.targets.revision(spaceId, revisionId, caller), id));
  }

  @Get('revisions/:revisionId/reusable-contents/:reusableContentId/document')
  @ApiTags('content')
  @ApiOperation({ operationId: 'getReusableContentDocumentInRevisionById', summary: 'The body of a reusable content of a revision, as a JSONDocument.' })
  @ApiOkResponse({ schema: JSON_DOCUMENT_SCHEMA })
  @ApiErrors(400, 404)
  async documentInRevision(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('revisionId') revisionId: string,
    @Param('reusableContentId') id: string,
    @Query() _q: RevisionQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendRead(res, await this.reusable.document(await this.targets.revision(spaceId, revisionId, caller), id));
  }

  @Post('content/reusable-contents')
  @HttpCode(201)
  @ApiTags('content-writes')
  @ApiOperation({ operationId: 'createReusableContent', summary: 'Create a reusable content (edit level): a new revision of the space.' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiCreatedResponse({ schema: REVISION_REUSABLE_CONTENT_SCHEMA })
  @ApiErrors(400, 403, 404, 409, 412)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Body() body: CreateReusableContentDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const head = await this.pages.spaceHead(spaceId, caller);
    const { revision, reusableContent } = await this.reusable.create(head, body, { actor: caller.userId, ifMatch: parseIfMatch(ifMatch) });
    return withRevisionEtag(res, revision.id, reusableContent);
  }

  @Patch('content/reusable-contents/:reusableContentId')
  @ApiTags('content-writes')
  @ApiOperation({ operationId: 'updateReusableContent', summary: 'Change the title or the body of a reusable content (edit level).' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiOkResponse({ schema: REVISION_REUSABLE_CONTENT_SCHEMA })
  @ApiErrors(400, 403, 404, 409, 412)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('reusableContentId') id: string,
    @Body() body: UpdateReusableContentDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const head = await this.pages.spaceHead(spaceId, caller);
    const { revision, reusableContent } = await this.reusable.update(head, id, body, { actor: caller.userId, ifMatch: parseIfMatch(ifMatch) });
    return withRevisionEtag(res, revision.id, reusableContent);
  }

  @Delete('content/reusable-contents/:reusableContentId')
  @HttpCode(205)
  @ApiTags('content-writes')
  @ApiOperation({ operationId: 'deleteReusableContent', summary: 'Delete a reusable content (edit level); pages embedding it show a broken link.' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiResetContentResponse({ description: 'Deleted; `ETag` names the new revision.' })
  @ApiErrors(403, 404, 409, 412)
  async delete(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('reusableContentId') id: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const head = await this.pages.spaceHead(spaceId, caller);
    const { revision } = await this.reusable.delete(head, id, { actor: caller.userId, ifMatch: parseIfMatch(ifMatch) });
    res.setHeader('ETag', revisionEtag(revision.id));
  }
}
