import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import {
  ContentReads,
  CreatePageDto,
  FILE_LIST_SCHEMA,
  FileUploads,
  IF_MATCH_HEADER,
  PAGES_SCHEMA,
  REVISION_FILE_SCHEMA,
  REVISION_PAGE_SCHEMA,
  REVISION_SCHEMA,
  FileListQueryDto,
  ApiImportBody,
  ImportInput,
  ImportRequest,
  ImportContentResultDto,
  ImportsService,
  MovePageDto,
  PageQueryDto,
  PageWritesService,
  parseIfMatch,
  revisionEtag,
  sendRead,
  withRevisionEtag,
  RevisionQueryDto,
  TreeQueryDto,
  ContentRead,
  UpdatePageDto,
  UploadFileQueryDto,
} from '@docs/content';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import type { Request, Response } from 'express';
import { ChangeRequestContent } from './change-request-content.service';


/**
 * A change request's content: the reads of the space's content on the change request's head
 * (read level), and the page writes (edit level; 409 once merged or archived, whatever the space's
 * edit mode). Same services as space content; every answer's `ETag` names the revision.
 */
@ApiTags('change-request-content')
@Controller('v1/spaces/:spaceId/change-requests/:changeRequestId/content')
export class ChangeRequestContentController {
  constructor(
    private readonly content: ChangeRequestContent,
    private readonly reads: ContentReads,
    private readonly pages: PageWritesService,
    private readonly imports: ImportsService,
    private readonly uploads: FileUploads,
  ) {}

  @Post('import')
  @HttpCode(201)
  @ApiOperation({ operationId: 'importContentInChangeRequest', summary: "Import content after the change request's top-level pages, as one revision (edit level)." })
  @ApiImportBody()
  @ApiCreatedResponse({ type: ImportContentResultDto })
  @ApiErrors(400, 403, 404, 409, 413, 415)
  async importContent(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @ImportRequest() input: ImportInput,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ImportContentResultDto> {
    const head = await this.content.head(spaceId, key, caller);
    const answer = await this.imports.import(head, input, { kind: 'append' }, caller);
    res.setHeader('Location', answer.location);
    return answer.body;
  }

  @Post('page/:pageId/import')
  @HttpCode(201)
  @ApiOperation({ operationId: 'importPageContentInChangeRequest', summary: "Import content in place of a page's body and children in the change request, as one revision." })
  @ApiImportBody()
  @ApiCreatedResponse({ type: ImportContentResultDto })
  @ApiErrors(400, 403, 404, 409, 413, 415)
  async importPage(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Param('pageId') pageId: string,
    @ImportRequest() input: ImportInput,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ImportContentResultDto> {
    const head = await this.content.head(spaceId, key, caller);
    const answer = await this.imports.import(head, input, { kind: 'replace', pageId }, caller);
    res.setHeader('Location', answer.location);
    return answer.body;
  }


  @Get()
  @ApiOperation({ operationId: 'getRevisionOfChangeRequestById', summary: "The change request's head revision: its page tree (bodies with `format`), files." })
  @ApiOkResponse({ description: "The reference's Revision.", schema: REVISION_SCHEMA })
  @ApiErrors(400, 404)
  async revision(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Query() query: TreeQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendRead(res, await this.reads.revision(await this.content.target(spaceId, key, caller), { bodies: query.format ?? 'none' }));
  }

  @Get('pages')
  @ApiOkResponse({ schema: PAGES_SCHEMA })
  @ApiOperation({ operationId: 'listPagesInChangeRequest', summary: 'The page tree of the change request, without bodies unless `format` asks for them.' })
  @ApiErrors(400, 404)
  async pageTree(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Query() query: TreeQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    const target = await this.content.target(spaceId, key, caller);
    const read: ContentRead<unknown> = query.format ? await this.reads.pages(target, { bodies: query.format }) : await this.reads.pageTree(target);
    return sendRead(res, read);
  }

  @Get('page/:pageId')
  @ApiOkResponse({ schema: REVISION_PAGE_SCHEMA })
  @ApiOperation({ operationId: 'getPageInChangeRequestById', summary: 'One page of the change request with its body (`format` document or markdown) and its child pages (without bodies).' })
  @ApiErrors(400, 404)
  async page(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Param('pageId') pageId: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendRead(res, await this.reads.page(await this.content.target(spaceId, key, caller), pageId, query.format, { childBodies: 'none' }));
  }

  @Get('path/*pagePath')
  @ApiOkResponse({ schema: REVISION_PAGE_SCHEMA })
  @ApiOperation({ operationId: 'getPageInChangeRequestByPath', summary: 'The document or group page at a path in the change request.' })
  @ApiErrors(400, 404)
  async pageByPath(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Param('pagePath') pagePath: string | string[],
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    const path = Array.isArray(pagePath) ? pagePath.join('/') : pagePath;
    return sendRead(res, await this.reads.pageByPath(await this.content.target(spaceId, key, caller), path, query.format, { childBodies: 'none' }));
  }

  @Get('files')
  @ApiOkResponse({ schema: FILE_LIST_SCHEMA })
  @ApiOperation({ operationId: 'listFilesInChangeRequestById', summary: 'Files of the change request, by name, paged.' })
  @ApiErrors(400, 404)
  async files(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Query() query: FileListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendRead(res, await this.reads.fileList(await this.content.target(spaceId, key, caller), query));
  }

  @Get('files/:fileId')
  @ApiOkResponse({ schema: REVISION_FILE_SCHEMA })
  @ApiOperation({ operationId: 'getFileInChangeRequestById', summary: 'One file of the change request.' })
  @ApiErrors(400, 404)
  async file(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Param('fileId') fileId: string,
    @Query() _q: RevisionQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendRead(res, await this.reads.file(await this.content.target(spaceId, key, caller), fileId));
  }

  @Post('pages')
  @HttpCode(201)
  @ApiOperation({ operationId: 'createPageInChangeRequest', summary: 'Create a page in the change request (edit level).' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiCreatedResponse({ description: "The reference's RevisionPage.", schema: REVISION_PAGE_SCHEMA })
  @ApiErrors(400, 403, 404, 409, 412)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Body() body: CreatePageDto,
    @Query() query: PageQueryDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const head = await this.content.head(spaceId, key, caller);
    const { revision, page } = await this.pages.create(head, body, { caller, ifMatch: parseIfMatch(ifMatch), format: query.format });
    return withRevisionEtag(res, revision.id, page);
  }

  @Patch('page/:pageId')
  @ApiOperation({ operationId: 'updatePageInChangeRequest', summary: 'Change fields or the body of a page of the change request (edit level); resolves a conflict left on it by an update.' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiOkResponse({ description: "The reference's RevisionPage.", schema: REVISION_PAGE_SCHEMA })
  @ApiErrors(400, 403, 404, 409, 412)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Param('pageId') pageId: string,
    @Body() body: UpdatePageDto,
    @Query() query: PageQueryDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const head = await this.content.head(spaceId, key, caller);
    const { revision, page } = await this.pages.update(head, pageId, body, { caller, ifMatch: parseIfMatch(ifMatch), format: query.format });
    return withRevisionEtag(res, revision.id, page);
  }

  @Delete('page/:pageId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deletePageInChangeRequest', summary: 'Delete a page and its subtree in the change request (edit level).' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiResetContentResponse({ description: 'Deleted; `ETag` names the new revision.' })
  @ApiErrors(403, 404, 409, 412)
  async delete(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Param('pageId') pageId: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const head = await this.content.head(spaceId, key, caller);
    const { revision } = await this.pages.delete(head, pageId, { caller, ifMatch: parseIfMatch(ifMatch) });
    res.setHeader('ETag', revisionEtag(revision.id));
  }

  @Post('page/:pageId/move')
  @HttpCode(200)
  @ApiOperation({ operationId: 'movePageInChangeRequest', summary: 'Move a page with its subtree in the change request (edit level).' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiOkResponse({ description: "The reference's RevisionPage.", schema: REVISION_PAGE_SCHEMA })
  @ApiErrors(400, 403, 404, 409, 412)
  async move(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Param('pageId') pageId: string,
    @Body() body: MovePageDto,
    @Query() query: PageQueryDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const head = await this.content.head(spaceId, key, caller);
    const { revision, page } = await this.pages.move(head, pageId, body, { caller, ifMatch: parseIfMatch(ifMatch), format: query.format });
    return withRevisionEtag(res, revision.id, page);
  }

  @Post('files')
  @HttpCode(201)
  @ApiOperation({ operationId: 'uploadFileInChangeRequest', summary: 'Upload the raw request body as a file of the change request (edit level).' })
  @ApiConsumes('application/octet-stream')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiCreatedResponse({ description: "The reference's RevisionFile.", schema: REVISION_FILE_SCHEMA })
  @ApiErrors(400, 403, 404, 409, 412, 413, 415)
  async upload(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Query() query: UploadFileQueryDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Record<string, unknown>> {
    const head = await this.content.head(spaceId, key, caller);
    const { revision, file } = await this.uploads.upload(head, {
      stream: req,
      contentLength: req.headers['content-length'],
      contentType: req.headers['content-type'],
      name: query.name,
      caller,
      ifMatch: parseIfMatch(ifMatch),
    });
    return withRevisionEtag(res, revision.id, file);
  }
}
