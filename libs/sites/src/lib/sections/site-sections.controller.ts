import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, ListEnvelope, toListEnvelope } from '@docs/platform';
import { SiteAccess } from '../access/site-access';
import { ShareLinksService } from '../share-links/share-links.service';
import { SiteSectionDto, SiteSectionListDto } from '../structure/site-structure.dto';
import { SiteStructurePresenter } from '../structure/site-structure.presenter';
import { StructureViews } from '../structure/structure-views';
import { CreateSectionDto, ListSectionsQueryDto, UpdateSectionDto } from './dto/section.dtos';
import { SiteSectionsService } from './site-sections.service';

@ApiTags('sites')
@Controller('v1/orgs/:organizationId/sites/:siteId/sections')
export class SiteSectionsController {
  constructor(
    private readonly access: SiteAccess,
    private readonly sections: SiteSectionsService,
    private readonly views: StructureViews,
    private readonly presenter: SiteStructurePresenter,
    private readonly shareLinks: ShareLinksService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listSiteSections', summary: 'Sections in structure order, each with the site spaces the caller can read.' })
  @ApiOkResponse({ type: SiteSectionListDto })
  @ApiErrors(400, 404)
  async list(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Query() query: ListSectionsQueryDto,
  ): Promise<ListEnvelope<SiteSectionDto>> {
    const context = await this.access.site(organizationId, siteId, caller, 'read', 'read sites');
    const shareKey = await this.shareLinks.requireKeyOf(siteId, query.shareKey);
    const page = await this.sections.list(context, query);
    const view = { viewer: context.org, shareKey };
    return toListEnvelope(page, (item) => this.presenter.section(context.site, item.section, item.siteSpaces, view));
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'addSectionToSite', summary: 'A section at the end of the site, with a site space of the given space (admins).' })
  @ApiCreatedResponse({ type: SiteSectionDto })
  @ApiErrors(400, 403, 404)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: CreateSectionDto,
  ): Promise<SiteSectionDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change the structure of sites');
    return this.views.section(context, await this.sections.create(context, body));
  }

  @Patch(':siteSectionId')
  @ApiOperation({ operationId: 'updateSiteSectionById', summary: 'Change a section (admins).' })
  @ApiOkResponse({ type: SiteSectionDto })
  @ApiErrors(400, 403, 404, 409)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSectionId') sectionId: string,
    @Body() body: UpdateSectionDto,
  ): Promise<SiteSectionDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change the structure of sites');
    await this.sections.update(context, sectionId, body);
    return this.views.section(context, sectionId);
  }

  @Delete(':siteSectionId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteSiteSectionById', summary: 'Delete a section and its site spaces (admins).' })
  @ApiResetContentResponse()
  @ApiErrors(403, 404)
  async delete(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSectionId') sectionId: string,
  ): Promise<void> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change the structure of sites');
    await this.sections.delete(context, sectionId);
  }
}
