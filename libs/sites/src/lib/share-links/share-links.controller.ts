import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, ListEnvelope, ListQueryDto, toListEnvelope } from '@docs/platform';
import { SiteAccess } from '../access/site-access';
import { CreateShareLinkDto, ShareLinkDto, ShareLinkListDto, UpdateShareLinkDto } from './share-link.dto';
import { ShareLinkPresenter } from './share-link.presenter';
import { ShareLinksService } from './share-links.service';

/** Share links hold secrets (their keys): every operation is for admins. */
@ApiTags('sites')
@Controller('v1/orgs/:organizationId/sites/:siteId/share-links')
export class ShareLinksController {
  constructor(
    private readonly access: SiteAccess,
    private readonly links: ShareLinksService,
    private readonly presenter: ShareLinkPresenter,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listSiteShareLinks', summary: 'Share links of the site, newest first (admins).' })
  @ApiOkResponse({ type: ShareLinkListDto })
  @ApiErrors(400, 403, 404)
  async list(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Query() query: ListQueryDto,
  ): Promise<ListEnvelope<ShareLinkDto>> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'see share links');
    const page = await this.links.list(context, query);
    return toListEnvelope(page, (link) => this.presenter.present(context.site, link, this.links.keyOf(link)));
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'createSiteShareLink', summary: 'A new share link with a fresh key (admins).' })
  @ApiCreatedResponse({ type: ShareLinkDto })
  @ApiErrors(400, 403, 404)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: CreateShareLinkDto,
  ): Promise<ShareLinkDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'create share links');
    const link = await this.links.create(context, body.name);
    return this.presenter.present(context.site, link, this.links.keyOf(link));
  }

  @Patch(':shareLinkId')
  @ApiOperation({ operationId: 'updateSiteShareLinkById', summary: 'Rename or (de)activate a share link (admins).' })
  @ApiOkResponse({ type: ShareLinkDto })
  @ApiErrors(400, 403, 404)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('shareLinkId') linkId: string,
    @Body() body: UpdateShareLinkDto,
  ): Promise<ShareLinkDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change share links');
    const link = await this.links.update(context, linkId, body);
    return this.presenter.present(context.site, link, this.links.keyOf(link));
  }

  @Delete(':shareLinkId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteSiteShareLinkById', summary: 'Delete a share link: its key stops working (admins).' })
  @ApiResetContentResponse()
  @ApiErrors(403, 404)
  async delete(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('shareLinkId') linkId: string,
  ): Promise<void> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'delete share links');
    await this.links.delete(context, linkId);
  }
}
