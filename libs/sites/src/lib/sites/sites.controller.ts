import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, ListEnvelope } from '@docs/platform';
import type { Response } from 'express';
import { SiteAccess } from '../access/site-access';
import { CreateSiteDto } from './dto/create-site.dto';
import { ListSitesQueryDto } from './dto/list-sites-query.dto';
import { UpdateSiteDto } from './dto/update-site.dto';
import { SiteDto, SiteListDto } from './site.dto';
import { SiteViews } from './site-views';
import { SitesService } from './sites.service';

@ApiTags('sites')
@Controller('v1/orgs/:organizationId/sites')
export class SitesController {
  constructor(
    private readonly access: SiteAccess,
    private readonly sites: SitesService,
    private readonly views: SiteViews,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listSites', summary: 'Sites of the organization, newest first (space, title, published).' })
  @ApiOkResponse({ type: SiteListDto })
  @ApiErrors(400, 403, 404)
  async list(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListSitesQueryDto): Promise<ListEnvelope<SiteDto>> {
    await this.access.organization(organizationId, caller, 'read', 'list sites');
    const page = await this.sites.list(organizationId, query);
    const envelope: ListEnvelope<SiteDto> = { items: await this.views.present(page.items), count: page.count };
    if (page.nextPage) envelope.next = { page: page.nextPage };
    return envelope;
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'createSite', summary: 'Create a site (admins), optionally publishing spaces at its root.' })
  @ApiCreatedResponse({ type: SiteDto })
  @ApiErrors(400, 403, 404)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateSiteDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SiteDto> {
    const org = await this.access.organization(organizationId, caller, 'manage', 'create sites');
    const site = await this.views.presentOne(await this.sites.create(organizationId, caller, org, body));
    res.setHeader('Location', site.urls.location);
    return site;
  }

  @Get(':siteId')
  @ApiOperation({ operationId: 'getSiteById', summary: 'A site.' })
  @ApiOkResponse({ type: SiteDto })
  @ApiErrors(404)
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string): Promise<SiteDto> {
    const { site } = await this.access.site(organizationId, siteId, caller, 'read', 'read sites');
    return this.views.presentOne(site);
  }

  @Patch(':siteId')
  @ApiOperation({ operationId: 'updateSiteById', summary: 'Configure a site (admins).' })
  @ApiOkResponse({ type: SiteDto })
  @ApiErrors(400, 403, 404, 409)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: UpdateSiteDto,
  ): Promise<SiteDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'configure sites');
    return this.views.presentOne(await this.sites.update(context, body));
  }

  @Delete(':siteId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteSiteById', summary: 'Delete a site with its structure and share links (admins); its spaces stay.' })
  @ApiResetContentResponse()
  @ApiErrors(403, 404)
  async delete(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string): Promise<void> {
    await this.sites.delete(await this.access.site(organizationId, siteId, caller, 'manage', 'delete sites'));
  }

  @Post(':siteId/publish')
  @HttpCode(200)
  @ApiOperation({ operationId: 'publishSite', summary: 'Publish a site to its audience (admins); 409 without site spaces.' })
  @ApiOkResponse({ type: SiteDto })
  @ApiErrors(403, 404, 409)
  async publish(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string): Promise<SiteDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'publish sites');
    return this.views.presentOne(await this.sites.setPublished(context, true));
  }

  @Post(':siteId/unpublish')
  @HttpCode(200)
  @ApiOperation({ operationId: 'unpublishSite', summary: 'Take a site offline (admins).' })
  @ApiOkResponse({ type: SiteDto })
  @ApiErrors(403, 404)
  async unpublish(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string): Promise<SiteDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'unpublish sites');
    return this.views.presentOne(await this.sites.setPublished(context, false));
  }
}
