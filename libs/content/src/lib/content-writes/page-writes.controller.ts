import { Body, Controller, Delete, Headers, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiQuery, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import type { Response } from 'express';
import { DOCUMENT_FORMATS, PageQueryDto } from '../content-reads/dto/content-query.dto';
import { REVISION_PAGE_SCHEMA } from '../content-reads/content-schemas';
import { CreatePageDto } from './dto/create-page.dto';
import { MovePageDto } from './dto/move-page.dto';
import { UpdatePageDto } from './dto/update-page.dto';
import { IF_MATCH_HEADER, parseIfMatch, revisionEtag, withRevisionEtag } from './if-match';
import { PageWritesService } from './page-writes.service';

const PAGE_SHAPE = "The reference's `RevisionPage` (document, group or link), with its child pages.";

/**
 * Writing pages: documented extensions (the reference has no way to write content). Each write
 * makes exactly one revision and answers its id as `ETag`. Locked spaces refuse with 409.
 */
@ApiTags('content-writes')
@Controller('v1/spaces/:spaceId/content')
export class PageWritesController {
  constructor(private readonly pages: PageWritesService) {}

  @Post('pages')
  @HttpCode(201)
  @ApiOperation({ operationId: 'createPage', summary: 'Create a page (edit level): a new revision of the space.' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiQuery({ name: 'format', required: false, enum: DOCUMENT_FORMATS })
  @ApiCreatedResponse({ description: PAGE_SHAPE, schema: REVISION_PAGE_SCHEMA })
  @ApiErrors(400, 403, 404, 409, 412)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Body() body: CreatePageDto,
    @Query() query: PageQueryDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Record<string, unknown>> {
    const head = await this.pages.spaceHead(spaceId, caller);
    const { revision, page } = await this.pages.create(head, body, { caller, ifMatch: parseIfMatch(ifMatch), format: query.format });
    return withRevisionEtag(res, revision.id, page as Record<string, unknown>);
  }

  @Patch('page/:pageId')
  @ApiOperation({ operationId: 'updatePage', summary: 'Change fields or the body of a page (edit level).' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiQuery({ name: 'format', required: false, enum: DOCUMENT_FORMATS })
  @ApiOkResponse({ description: PAGE_SHAPE, schema: REVISION_PAGE_SCHEMA })
  @ApiErrors(400, 403, 404, 409, 412)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('pageId') pageId: string,
    @Body() body: UpdatePageDto,
    @Query() query: PageQueryDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Record<string, unknown>> {
    const head = await this.pages.spaceHead(spaceId, caller);
    const { revision, page } = await this.pages.update(head, pageId, body, { caller, ifMatch: parseIfMatch(ifMatch), format: query.format });
    return withRevisionEtag(res, revision.id, page as Record<string, unknown>);
  }

  @Delete('page/:pageId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deletePage', summary: 'Delete a page and its whole subtree (edit level).' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiResetContentResponse({ description: 'Deleted; `ETag` names the new revision.' })
  @ApiErrors(403, 404, 409, 412)
  async delete(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('pageId') pageId: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const head = await this.pages.spaceHead(spaceId, caller);
    const { revision } = await this.pages.delete(head, pageId, { caller, ifMatch: parseIfMatch(ifMatch) });
    res.setHeader('ETag', revisionEtag(revision.id));
  }

  @Post('page/:pageId/move')
  @HttpCode(200)
  @ApiOperation({ operationId: 'movePage', summary: 'Move a page with its subtree under another parent and/or next to a sibling (edit level).' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiQuery({ name: 'format', required: false, enum: DOCUMENT_FORMATS })
  @ApiOkResponse({ description: PAGE_SHAPE, schema: REVISION_PAGE_SCHEMA })
  @ApiErrors(400, 403, 404, 409, 412)
  async move(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('pageId') pageId: string,
    @Body() body: MovePageDto,
    @Query() query: PageQueryDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Record<string, unknown>> {
    const head = await this.pages.spaceHead(spaceId, caller);
    const { revision, page } = await this.pages.move(head, pageId, body, { caller, ifMatch: parseIfMatch(ifMatch), format: query.format });
    return withRevisionEtag(res, revision.id, page as Record<string, unknown>);
  }
}
