import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, ListQueryDto } from '@docs/platform';
import { LinksQueryDto } from './dto/links-query.dto';
import { BACKLINKS_SCHEMA, LINKS_SCHEMA } from './links-schemas';
import { SpaceLinks } from './space-links.service';

/** Links of a space's current content and backlinks of its pages and files (read level). */
@ApiTags('content')
@Controller('v1/spaces/:spaceId')
export class LinksController {
  constructor(private readonly links: SpaceLinks) {}

  @Get('links')
  @ApiOperation({ operationId: 'listSpaceLinks', summary: 'Links of the current content, one item per target, with status and where they appear; `stats` counts them.' })
  @ApiOkResponse({ description: "A list of the reference's ContentReferenceUsage, with stats.", schema: LINKS_SCHEMA })
  @ApiErrors(400, 404)
  async space(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: LinksQueryDto) {
    return this.links.list(spaceId, caller, query);
  }

  @Get('content/page/:pageId/links')
  @ApiOperation({ operationId: 'listPageLinksInSpace', summary: 'Links written in one page of the current content, one item per target.' })
  @ApiOkResponse({ description: "A list of the reference's ContentReferenceUsage, with stats.", schema: LINKS_SCHEMA })
  @ApiErrors(400, 404)
  async page(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('pageId') pageId: string, @Query() query: LinksQueryDto) {
    return this.links.list(spaceId, caller, { ...query, pageId });
  }

  @Get('content/page/:pageId/backlinks')
  @ApiOperation({ operationId: 'listSpacePageBacklinks', summary: 'Pages of the space that link to this page (by reference, anchor or relative path).' })
  @ApiOkResponse({ description: "A list of the reference's ContentLocation (pages).", schema: BACKLINKS_SCHEMA })
  @ApiErrors(400, 404)
  async pageBacklinks(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('pageId') pageId: string, @Query() query: ListQueryDto) {
    return this.links.pageBacklinks(spaceId, caller, pageId, query);
  }

  @Get('content/files/:fileId/backlinks')
  @ApiOperation({ operationId: 'listSpaceFileBacklinks', summary: 'Pages of the space that show or link to this file.' })
  @ApiOkResponse({ description: "A list of the reference's ContentLocation (pages).", schema: BACKLINKS_SCHEMA })
  @ApiErrors(400, 404)
  async fileBacklinks(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('fileId') fileId: string, @Query() query: ListQueryDto) {
    return this.links.fileBacklinks(spaceId, caller, fileId, query);
  }
}
