import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, ListEnvelope, ListQueryDto, toListEnvelope } from '@docs/platform';
import { SiteAccess } from '../access/site-access';
import { SiteSectionGroupDto, SiteSectionGroupListDto } from '../structure/site-structure.dto';
import { SiteStructurePresenter } from '../structure/site-structure.presenter';
import { StructureViews } from '../structure/structure-views';
import { AddSectionToGroupDto, CreateSectionGroupDto, UpdateSectionGroupDto } from './dto/section-group.dtos';
import { SiteSectionGroupsService } from './site-section-groups.service';

@ApiTags('sites')
@Controller('v1/orgs/:organizationId/sites/:siteId/section-groups')
export class SiteSectionGroupsController {
  constructor(
    private readonly access: SiteAccess,
    private readonly groups: SiteSectionGroupsService,
    private readonly views: StructureViews,
    private readonly presenter: SiteStructurePresenter,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listSiteSectionGroups', summary: 'Section groups in the root order of the site, with their sections.' })
  @ApiOkResponse({ type: SiteSectionGroupListDto })
  @ApiErrors(400, 404)
  async list(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Query() query: ListQueryDto,
  ): Promise<ListEnvelope<SiteSectionGroupDto>> {
    const context = await this.access.site(organizationId, siteId, caller, 'read', 'read sites');
    const [page, structure] = await Promise.all([this.groups.list(context, query), this.views.load(context)]);
    return toListEnvelope(page, (group) => this.presenter.groupOf(structure, group, { viewer: context.org }));
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'addSectionGroupToSite', summary: 'A group at the end of the site, taking the given sections (admins).' })
  @ApiCreatedResponse({ type: SiteSectionGroupDto })
  @ApiErrors(400, 403, 404)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: CreateSectionGroupDto,
  ): Promise<SiteSectionGroupDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change the structure of sites');
    return this.views.group(context, await this.groups.create(context, body));
  }

  @Patch(':siteSectionGroupId')
  @ApiOperation({ operationId: 'updateSiteSectionGroupById', summary: 'Rename a group or change its icon (admins).' })
  @ApiOkResponse({ type: SiteSectionGroupDto })
  @ApiErrors(400, 403, 404)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSectionGroupId') groupId: string,
    @Body() body: UpdateSectionGroupDto,
  ): Promise<SiteSectionGroupDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change the structure of sites');
    await this.groups.update(context, groupId, body);
    return this.views.group(context, groupId);
  }

  @Delete(':siteSectionGroupId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteSiteSectionGroupById', summary: 'Delete a group; its sections stay where it was (admins).' })
  @ApiResetContentResponse()
  @ApiErrors(403, 404)
  async delete(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSectionGroupId') groupId: string,
  ): Promise<void> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change the structure of sites');
    await this.groups.delete(context, groupId);
  }

  @Post(':siteSectionGroupId/sections')
  @HttpCode(201)
  @ApiOperation({ operationId: 'addSectionToGroup', summary: 'Move a section to the end of the group (admins).' })
  @ApiCreatedResponse({ type: SiteSectionGroupDto })
  @ApiErrors(400, 403, 404)
  async addSection(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSectionGroupId') groupId: string,
    @Body() body: AddSectionToGroupDto,
  ): Promise<SiteSectionGroupDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change the structure of sites');
    await this.groups.addSection(context, groupId, body.sectionId);
    return this.views.group(context, groupId);
  }

  @Delete(':siteSectionGroupId/sections/:siteSectionId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'removeSectionFromGroup', summary: 'Take a section out of the group, to just after it (admins).' })
  @ApiResetContentResponse()
  @ApiErrors(403, 404)
  async removeSection(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSectionGroupId') groupId: string,
    @Param('siteSectionId') sectionId: string,
  ): Promise<void> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change the structure of sites');
    await this.groups.removeSection(context, groupId, sectionId);
  }
}
