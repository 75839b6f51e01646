import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, ListEnvelope, toListEnvelope } from '@docs/platform';
import { SiteAccess } from '../access/site-access';
import { ShareLinksService } from '../share-links/share-links.service';
import { SiteSpaceDto, SiteSpaceListDto } from '../structure/site-structure.dto';
import { SiteStructurePresenter } from '../structure/site-structure.presenter';
import { StructureViews } from '../structure/structure-views';
import { AddSiteSpaceDto, ListSiteSpacesQueryDto, UpdateSiteSpaceDto } from './dto/site-space.dtos';
import { SiteSpacesService } from './site-spaces.service';

@ApiTags('sites')
@Controller('v1/orgs/:organizationId/sites/:siteId/site-spaces')
export class SiteSpacesController {
  constructor(
    private readonly access: SiteAccess,
    private readonly siteSpaces: SiteSpacesService,
    private readonly views: StructureViews,
    private readonly presenter: SiteStructurePresenter,
    private readonly shareLinks: ShareLinksService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listSiteSpaces', summary: 'Site spaces in structure order whose space the caller can read (default).' })
  @ApiOkResponse({ type: SiteSpaceListDto })
  @ApiErrors(400, 404)
  async list(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Query() query: ListSiteSpacesQueryDto,
  ): Promise<ListEnvelope<SiteSpaceDto>> {
    const context = await this.access.site(organizationId, siteId, caller, 'read', 'read sites');
    const shareKey = await this.shareLinks.requireKeyOf(siteId, query.shareKey);
    const page = await this.siteSpaces.list(context, query);
    const view = { viewer: context.org, shareKey };
    return toListEnvelope(page, (siteSpace) => this.presenter.siteSpace(context.site, siteSpace.section ?? null, siteSpace, view));
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'addSpaceToSite', summary: 'Publish a space in the site: in a section, the default section, or at the root (admins).' })
  @ApiCreatedResponse({ type: SiteSpaceDto })
  @ApiErrors(400, 403, 404)
  async add(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: AddSiteSpaceDto,
  ): Promise<SiteSpaceDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change the structure of sites');
    return this.views.siteSpace(context, await this.siteSpaces.add(context, body));
  }

  @Patch(':siteSpaceId')
  @ApiOperation({ operationId: 'updateSiteSpaceById', summary: 'Change the path, condition or space of a site space (admins).' })
  @ApiOkResponse({ type: SiteSpaceDto })
  @ApiErrors(400, 403, 404, 409)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSpaceId') siteSpaceId: string,
    @Body() body: UpdateSiteSpaceDto,
  ): Promise<SiteSpaceDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change the structure of sites');
    await this.siteSpaces.update(context, siteSpaceId, body);
    return this.views.siteSpace(context, siteSpaceId);
  }

  @Delete(':siteSpaceId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteSiteSpaceById', summary: 'Stop publishing a space in the site (admins); the space stays.' })
  @ApiResetContentResponse()
  @ApiErrors(403, 404, 409)
  async delete(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSpaceId') siteSpaceId: string,
  ): Promise<void> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change the structure of sites');
    await this.siteSpaces.delete(context, siteSpaceId);
  }
}
