import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import { SiteAccess, SiteContext } from '../access/site-access';
import { MoveSectionGroupDto } from '../section-groups/dto/section-group.dtos';
import { MoveSectionDto, ShareKeyQueryDto } from '../sections/dto/section.dtos';
import { MoveSiteSpaceDto } from '../site-spaces/dto/site-space.dtos';
import { ShareLinksService } from '../share-links/share-links.service';
import { SortStructureDto } from './dto/sort-structure.dto';
import { SiteSectionDto, SiteSectionGroupDto, SiteSpaceDto, SiteStructureDto } from './site-structure.dto';
import { SiteStructureService, StructureMove, StructurePointer } from './site-structure.service';
import { placementOf } from './structure-order';
import { StructureViews } from './structure-views';

/** The structure of a site as one tree, and its order: `sortSiteStructure` and the three deprecated moves. */
@ApiTags('sites')
@ApiExtraModels(SiteSpaceDto, SiteSectionDto, SiteSectionGroupDto)
@Controller('v1/orgs/:organizationId/sites/:siteId')
export class SiteStructureController {
  constructor(
    private readonly access: SiteAccess,
    private readonly structures: SiteStructureService,
    private readonly views: StructureViews,
    private readonly shareLinks: ShareLinksService,
  ) {}

  @Get('structure')
  @ApiOperation({ operationId: 'getSiteStructure', summary: 'Sections and groups in order (or the site spaces of a site without sections).' })
  @ApiOkResponse({ type: SiteStructureDto })
  @ApiErrors(400, 404)
  async get(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Query() query: ShareKeyQueryDto,
  ): Promise<SiteStructureDto> {
    const { context, structure } = await this.access.readStructure(organizationId, siteId, caller, 'read sites');
    return this.views.present(context, structure, await this.shareLinks.requireKeyOf(siteId, query.shareKey));
  }

  @Patch('structure/sort')
  @ApiOperation({ operationId: 'sortSiteStructure', summary: 'Move a site space, section or section group before or after another item (admins).' })
  @ApiOkResponse({
    description: 'The moved item.',
    schema: { oneOf: [{ $ref: getSchemaPath(SiteSpaceDto) }, { $ref: getSchemaPath(SiteSectionDto) }, { $ref: getSchemaPath(SiteSectionGroupDto) }] },
  })
  @ApiErrors(400, 403, 404)
  async sort(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: SortStructureDto,
  ): Promise<SiteSpaceDto | SiteSectionDto | SiteSectionGroupDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'order sites');
    const { placement, pointer } = placementOf<StructurePointer>(body.position, (p) => p.id);
    await this.structures.move(context, { item: body.item, side: placement.side, anchor: pointer });
    return this.present(context, body.item);
  }

  @Post('sections/:siteSectionId/move')
  @HttpCode(200)
  @ApiOperation({ operationId: 'moveSiteSection', deprecated: true, summary: 'Use sortSiteStructure.' })
  @ApiOkResponse({ type: SiteSectionDto })
  @ApiErrors(400, 403, 404)
  async moveSection(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSectionId') sectionId: string,
    @Body() body: MoveSectionDto,
  ): Promise<SiteSectionDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'order sites');
    const { placement, pointer } = placementOf(body.position, (p) => p.siteSection);
    const anchor = pointer ? { type: 'site-section' as const, id: pointer.siteSection } : undefined;
    await this.structures.move(context, toMove({ type: 'site-section', id: sectionId }, placement.side, anchor));
    return this.views.section(context, sectionId);
  }

  @Post('section-groups/:siteSectionGroupId/move')
  @HttpCode(200)
  @ApiOperation({ operationId: 'moveSiteSectionGroup', deprecated: true, summary: 'Use sortSiteStructure.' })
  @ApiOkResponse({ type: SiteSectionGroupDto })
  @ApiErrors(400, 403, 404)
  async moveGroup(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSectionGroupId') groupId: string,
    @Body() body: MoveSectionGroupDto,
  ): Promise<SiteSectionGroupDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'order sites');
    const { placement, pointer } = placementOf(body.position, (p) => p.id);
    await this.structures.move(context, toMove({ type: 'site-section-group', id: groupId }, placement.side, pointer));
    return this.views.group(context, groupId);
  }

  @Post('site-spaces/:siteSpaceId/move')
  @HttpCode(200)
  @ApiOperation({ operationId: 'moveSiteSpace', deprecated: true, summary: 'Use sortSiteStructure.' })
  @ApiOkResponse({ type: SiteSpaceDto })
  @ApiErrors(400, 403, 404)
  async moveSiteSpace(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSpaceId') siteSpaceId: string,
    @Body() body: MoveSiteSpaceDto,
  ): Promise<SiteSpaceDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'order sites');
    const { placement, pointer } = placementOf(body.position, (p) => p.siteSpace);
    const anchor = pointer ? { type: 'site-space' as const, id: pointer.siteSpace } : undefined;
    await this.structures.move(context, toMove({ type: 'site-space', id: siteSpaceId }, placement.side, anchor));
    return this.views.siteSpace(context, siteSpaceId);
  }

  private present(context: SiteContext, item: StructurePointer) {
    if (item.type === 'site-space') return this.views.siteSpace(context, item.id);
    if (item.type === 'site-section') return this.views.section(context, item.id);
    return this.views.group(context, item.id);
  }
}

function toMove(item: StructurePointer, side: StructureMove['side'], anchor: StructurePointer | undefined): StructureMove {
  return { item, side, anchor };
}
