import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, ListEnvelope, toListEnvelope } from '@docs/platform';
import { SiteAccess } from '../access/site-access';
import { ShareLinksService } from '../share-links/share-links.service';
import {
  CreateSiteRedirectDto,
  ListSiteRedirectsQueryDto,
  SiteRedirectBySourceDto,
  SiteRedirectBySourceQueryDto,
  SiteRedirectDto,
  SiteRedirectListDto,
  UpdateSiteRedirectDto,
} from './site-redirect.dtos';
import type { SiteRedirectEntity } from './site-redirect.entity';
import { SiteRedirectsService } from './site-redirects.service';

function present(redirect: SiteRedirectEntity): SiteRedirectDto {
  return { object: 'site-redirect', id: redirect.id, source: redirect.source, destination: redirect.destination };
}

/** A site's redirects: members read them, admins change them. */
@ApiTags('sites')
@Controller('v1/orgs/:organizationId/sites/:siteId')
export class SiteRedirectsController {
  constructor(
    private readonly access: SiteAccess,
    private readonly redirects: SiteRedirectsService,
    private readonly shareLinks: ShareLinksService,
  ) {}

  @Get('redirects')
  @ApiOperation({ operationId: 'listSiteRedirects', summary: "The site's redirects by source; `search` keeps those whose source contains it." })
  @ApiOkResponse({ type: SiteRedirectListDto })
  @ApiErrors(400, 404)
  async list(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() query: ListSiteRedirectsQueryDto): Promise<ListEnvelope<SiteRedirectDto>> {
    const context = await this.access.site(organizationId, siteId, caller, 'read', 'read sites');
    return toListEnvelope(await this.redirects.list(context, query), present);
  }

  @Post('redirects')
  @HttpCode(201)
  @ApiOperation({ operationId: 'createSiteRedirect', summary: 'Redirect a path of the site to a section, a site space or a page (admins).' })
  @ApiCreatedResponse({ type: SiteRedirectDto })
  @ApiErrors(400, 403, 404, 409)
  async create(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Body() body: CreateSiteRedirectDto): Promise<SiteRedirectDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change redirects');
    return present(await this.redirects.create(context, body));
  }

  @Patch('redirects/:siteRedirectId')
  @ApiOperation({ operationId: 'updateSiteRedirectById', summary: "Change a redirect's source or destination (admins)." })
  @ApiOkResponse({ type: SiteRedirectDto })
  @ApiErrors(400, 403, 404, 409)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteRedirectId') redirectId: string,
    @Body() body: UpdateSiteRedirectDto,
  ): Promise<SiteRedirectDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change redirects');
    return present(await this.redirects.update(context, redirectId, body));
  }

  @Delete('redirects/:siteRedirectId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteSiteRedirectById', summary: 'Delete a redirect (admins).' })
  @ApiResetContentResponse()
  @ApiErrors(400, 403, 404)
  async delete(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Param('siteRedirectId') redirectId: string): Promise<void> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change redirects');
    await this.redirects.delete(context, redirectId);
  }

  @Get('redirect')
  @ApiOperation({ operationId: 'getSiteRedirectBySource', summary: 'The redirect of a source path and the published URL it leads to.' })
  @ApiOkResponse({ type: SiteRedirectBySourceDto })
  @ApiErrors(400, 404)
  async bySource(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() query: SiteRedirectBySourceQueryDto): Promise<SiteRedirectBySourceDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'read', 'read sites');
    const shareKey = await this.shareLinks.requireKeyOf(siteId, query.shareKey);
    const { redirect, target } = await this.redirects.bySource(context, query.source, shareKey);
    return { redirect: present(redirect), target };
  }
}
