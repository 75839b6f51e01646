import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import type { Response } from 'express';
import { sendRead } from '../content-writes/if-match';
import { ContentRead, ContentReads } from './content-reads.service';
import { ContentTargets } from './content-targets.service';
import { FILE_LIST_SCHEMA, PAGES_SCHEMA, REVISION_FILE_SCHEMA, REVISION_PAGE_SCHEMA, REVISION_SCHEMA } from './content-schemas';
import { FileListQueryDto, PageQueryDto, RevisionQueryDto, TreeQueryDto } from './dto/content-query.dto';

/**
 * Reads of a space's current content and of its revisions (read level), shaped as the
 * reference. Every answer carries `ETag: "<revision id>"` of the revision it read.
 */
@ApiTags('content')
@Controller('v1/spaces/:spaceId')
export class ContentReadsController {
  constructor(
    private readonly targets: ContentTargets,
    private readonly reads: ContentReads,
  ) {}


  @Get('content')
  @ApiOperation({ operationId: 'getCurrentRevision', summary: 'The current revision of the space: its page tree (bodies with `format`), files, reusable contents, variables.' })
  @ApiOkResponse({ schema: REVISION_SCHEMA })
  @ApiErrors(400, 404)
  async current(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: TreeQueryDto, @Res({ passthrough: true }) res: Response) {
    return sendRead(res, await this.reads.revision(await this.targets.current(spaceId, caller), { bodies: query.format ?? 'none' }));
  }

  @Get('content/pages')
  @ApiOperation({ operationId: 'listPages', summary: 'The page tree of the current revision, without bodies unless `format` asks for them.' })
  @ApiOkResponse({ schema: PAGES_SCHEMA })
  @ApiErrors(400, 404)
  async pages(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: TreeQueryDto, @Res({ passthrough: true }) res: Response) {
    const target = await this.targets.current(spaceId, caller);
    const read: ContentRead<unknown> = query.format ? await this.reads.pages(target, { bodies: query.format }) : await this.reads.pageTree(target);
    return sendRead(res, read);
  }

  @Get('content/page/:pageId')
  @ApiOperation({ operationId: 'getPageById', summary: 'One page of the current revision with its body (`format` document or markdown) and its child pages (without bodies).' })
  @ApiOkResponse({ schema: REVISION_PAGE_SCHEMA })
  @ApiErrors(400, 404)
  async page(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('pageId') pageId: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendRead(res, await this.reads.page(await this.targets.current(spaceId, caller), pageId, query.format, { childBodies: 'none' }));
  }

  @Get('content/path/*pagePath')
  @ApiOperation({ operationId: 'getPageByPath', summary: 'The document or group page at a path (joined slugs, `/` raw or encoded).' })
  @ApiOkResponse({ schema: REVISION_PAGE_SCHEMA })
  @ApiErrors(400, 404)
  async pageByPath(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('pagePath') pagePath: string | string[],
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    const path = Array.isArray(pagePath) ? pagePath.join('/') : pagePath;
    return sendRead(res, await this.reads.pageByPath(await this.targets.current(spaceId, caller), path, query.format, { childBodies: 'none' }));
  }

  @Get('content/files')
  @ApiOperation({ operationId: 'listFiles', summary: 'Files of the current revision, by name, paged.' })
  @ApiOkResponse({ schema: FILE_LIST_SCHEMA })
  @ApiErrors(400, 404)
  async files(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: FileListQueryDto, @Res({ passthrough: true }) res: Response) {
    return sendRead(res, await this.reads.fileList(await this.targets.current(spaceId, caller), query));
  }

  @Get('content/files/:fileId')
  @ApiOperation({ operationId: 'getFileById', summary: 'One file of the current revision, with a signed download URL.' })
  @ApiOkResponse({ schema: REVISION_FILE_SCHEMA })
  @ApiErrors(400, 404)
  async file(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('fileId') fileId: string,
    @Query() _q: RevisionQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendRead(res, await this.reads.file(await this.targets.current(spaceId, caller), fileId));
  }

  @Get('revisions/:revisionId')
  @ApiOperation({ operationId: 'getRevisionById', summary: 'A revision of the space, unchanged by later writes.' })
  @ApiOkResponse({ schema: REVISION_SCHEMA })
  @ApiErrors(400, 404)
  async revision(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('revisionId') revisionId: string,
    @Query() query: TreeQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendRead(res, await this.reads.revision(await this.targets.revision(spaceId, revisionId, caller), { bodies: query.format ?? 'none' }));
  }

  @Get('revisions/:revisionId/pages')
  @ApiOperation({ operationId: 'listPagesInRevisionById', summary: 'The page tree of a revision, without bodies unless `format` asks for them.' })
  @ApiOkResponse({ schema: PAGES_SCHEMA })
  @ApiErrors(400, 404)
  async revisionPages(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('revisionId') revisionId: string,
    @Query() query: TreeQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    const target = await this.targets.revision(spaceId, revisionId, caller);
    const read: ContentRead<unknown> = query.format ? await this.reads.pages(target, { bodies: query.format }) : await this.reads.pageTree(target);
    return sendRead(res, read);
  }

  @Get('revisions/:revisionId/page/:pageId')
  @ApiOperation({ operationId: 'getPageInRevisionById', summary: 'One page of a revision with its child pages.' })
  @ApiOkResponse({ schema: REVISION_PAGE_SCHEMA })
  @ApiErrors(400, 404)
  async revisionPage(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('revisionId') revisionId: string,
    @Param('pageId') pageId: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendRead(res, await this.reads.page(await this.targets.revision(spaceId, revisionId, caller), pageId, query.format, { childBodies: 'none' }));
  }

  @Get('revisions/:revisionId/files')
  @ApiOperation({ operationId: 'listFilesInRevisionById', summary: 'Files of a revision, by name, paged.' })
  @ApiOkResponse({ schema: FILE_LIST_SCHEMA })
  @ApiErrors(400, 404)
  async revisionFiles(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('revisionId') revisionId: string,
    @Query() query: FileListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendRead(res, await this.reads.fileList(await this.targets.revision(spaceId, revisionId, caller), query));
  }

  @Get('revisions/:revisionId/files/:fileId')
  @ApiOperation({ operationId: 'getFileInRevisionById', summary: 'One file of a revision.' })
  @ApiOkResponse({ schema: REVISION_FILE_SCHEMA })
  @ApiErrors(400, 404)
  async revisionFile(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('revisionId') revisionId: string,
    @Param('fileId') fileId: string,
    @Query() _q: RevisionQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendRead(res, await this.reads.file(await this.targets.revision(spaceId, revisionId, caller), fileId));
  }
}
