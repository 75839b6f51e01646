import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BACKLINKS_SCHEMA, LINKS_SCHEMA, LinksQueryDto, SpaceLinks } from '@docs/content';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, ListQueryDto } from '@docs/platform';
import { ChangeRequestsService } from '../change-requests/change-requests.service';

/**
 * Links and backlinks of a change request's content: the space's links reads over the change
 * request's head (its `page_links` rows are keyed by the change request's id, kept by the same
 * indexer as the space's). Read level on the space.
 */
@ApiTags('change-requests')
@Controller('v1/spaces/:spaceId/change-requests/:changeRequestId')
export class ChangeRequestLinksController {
  constructor(
    private readonly changeRequests: ChangeRequestsService,
    private readonly links: SpaceLinks,
  ) {}

  @Get('links')
  @ApiOperation({ operationId: 'listChangeRequestLinks', summary: "Links of the change request's content, one item per target, with status; `stats` counts them." })
  @ApiOkResponse({ description: "A list of the reference's ContentReferenceUsage, with stats.", schema: LINKS_SCHEMA })
  @ApiErrors(400, 404)
  async list(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') key: string, @Query() query: LinksQueryDto) {
    return this.links.list(spaceId, caller, query, await this.head(spaceId, key, caller));
  }

  @Get('content/page/:pageId/links')
  @ApiOperation({ operationId: 'listPageLinksInChangeRequest', summary: 'Links written in one page of the change request, one item per target.' })
  @ApiOkResponse({ description: "A list of the reference's ContentReferenceUsage, with stats.", schema: LINKS_SCHEMA })
  @ApiErrors(400, 404)
  async page(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Param('pageId') pageId: string,
    @Query() query: LinksQueryDto,
  ) {
    return this.links.list(spaceId, caller, { ...query, pageId }, await this.head(spaceId, key, caller));
  }

  @Get('content/page/:pageId/backlinks')
  @ApiOperation({ operationId: 'listChangeRequestPageBacklinks', summary: 'Pages of the change request that link to this page.' })
  @ApiOkResponse({ description: "A list of the reference's ContentLocation (pages).", schema: BACKLINKS_SCHEMA })
  @ApiErrors(400, 404)
  async pageBacklinks(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Param('pageId') pageId: string,
    @Query() query: ListQueryDto,
  ) {
    return this.links.pageBacklinks(spaceId, caller, pageId, query, await this.head(spaceId, key, caller));
  }

  @Get('content/files/:fileId/backlinks')
  @ApiOperation({ operationId: 'listChangeRequestFileBacklinks', summary: 'Pages of the change request that show or link to this file.' })
  @ApiOkResponse({ description: "A list of the reference's ContentLocation (pages).", schema: BACKLINKS_SCHEMA })
  @ApiErrors(400, 404)
  async fileBacklinks(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Param('fileId') fileId: string,
    @Query() query: ListQueryDto,
  ) {
    return this.links.fileBacklinks(spaceId, caller, fileId, query, await this.head(spaceId, key, caller));
  }

  /** The change request's head (404 for an unknown change request or space, as for every change request read). */
  private async head(spaceId: string, key: string, caller: Caller) {
    const { changeRequest } = await this.changeRequests.require(spaceId, key, caller, 'read', 'read its change requests');
    return { headKey: changeRequest.id, revisionId: changeRequest.revisionId };
  }
}
