import { BadRequestException, ConflictException, Controller, Get, NotFoundException, Optional, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, Clock, PublicUrls } from '@docs/platform';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { SiteAccess } from '../access/site-access';
import type { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import type { SiteStructure } from '../structure/site-structure';
import { ChangeRequestHeadRef, PreviewChangeRequests } from './preview-change-requests';
import { SITE_PREVIEW_PATH, SITE_PREVIEW_TTL_SECONDS, SitePreviewGrants } from './site-preview-grants';

export class SitePreviewQueryDto {
  @ApiPropertyOptional({ description: 'The site space to preview. Absent: the default one (of a change request’s space, with `changeRequest`).' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  siteSpace?: string;

  @ApiPropertyOptional({ description: 'Extension: the id of a change request of the previewed space; the preview shows its content instead of the space’s.' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  changeRequest?: string;
}

/**
 * A signed URL, valid for an hour, where the site server shows one site space of a site as its
 * readers would see it, published or not, optionally with a change request's content in place
 * of its space's (docs/api-decisions.md, "Previews"). For every member who reads the site, of the
 * site spaces they can read.
 */
@ApiTags('sites')
@Controller('v1/orgs/:organizationId/sites/:siteId/publishing/preview')
export class SitePreviewController {
  constructor(
    private readonly access: SiteAccess,
    private readonly grants: SitePreviewGrants,
    private readonly urls: PublicUrls,
    private readonly clock: Clock,
    @Optional() private readonly changeRequests?: PreviewChangeRequests,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'getSitePublishingPreviewById',
    summary: 'A URL (valid for one hour) previewing a site space of the site, published or not; with `changeRequest`, that change request’s content.',
  })
  @ApiOkResponse({ schema: { type: 'object', properties: { url: { type: 'string', format: 'uri' } }, required: ['url'] } })
  @ApiErrors(400, 404, 409)
  async preview(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Query() query: SitePreviewQueryDto,
  ): Promise<{ url: string }> {
    const { context, structure } = await this.access.readStructure(organizationId, siteId, caller, 'preview sites');
    let changeRequest: ChangeRequestHeadRef | undefined;
    if (query.changeRequest !== undefined) {
      if (!this.changeRequests) throw new BadRequestException('changeRequest: previews of change requests are not available on this server.');
      changeRequest = await this.changeRequests.readable(query.changeRequest, caller);
      if (!changeRequest) throw new NotFoundException(`changeRequest: no change request has the id ${query.changeRequest}.`);
    }
    const siteSpace = previewedSiteSpace(structure, query.siteSpace, changeRequest);
    const expires = Math.floor(this.clock.now().getTime() / 1000) + SITE_PREVIEW_TTL_SECONDS;
    const token = this.grants.issue({ site: context.site.id, siteSpace: siteSpace.id, ...(changeRequest ? { changeRequest: changeRequest.id } : {}), expires });
    return { url: this.urls.published(SITE_PREVIEW_PATH, token) };
  }
}

/** The site spaces the caller sees, in structure order (by section, then within each). */
function orderedSiteSpaces(structure: SiteStructure): SiteSpaceEntity[] {
  if (structure.sections.length === 0) return structure.siteSpaces.get('') ?? [];
  return structure.sections.flatMap((section) => structure.siteSpaces.get(section.id) ?? []);
}

/**
 * The site space a preview shows: the one asked (of the change request's space, when one is
 * given), else the site's default when it fits, else the first that does in structure order.
 */
export function previewedSiteSpace(structure: SiteStructure, siteSpaceId: string | undefined, changeRequest: ChangeRequestHeadRef | undefined): SiteSpaceEntity {
  const all = orderedSiteSpaces(structure);
  if (siteSpaceId !== undefined) {
    const asked = all.find((siteSpace) => siteSpace.id === siteSpaceId);
    if (!asked) throw new NotFoundException(`siteSpace: no site space of this site has the id ${siteSpaceId}.`);
    if (changeRequest && asked.spaceId !== changeRequest.spaceId) {
      throw new BadRequestException(`changeRequest: change request ${changeRequest.id} is not of the space published at siteSpace ${siteSpaceId}.`);
    }
    return asked;
  }
  const candidates = changeRequest ? all.filter((siteSpace) => siteSpace.spaceId === changeRequest.spaceId) : all;
  const defaultSection = structure.sections.find((section) => section.isDefault) ?? structure.sections[0];
  const home = candidates.find((siteSpace) => siteSpace.isDefault && (siteSpace.sectionId ?? '') === (defaultSection?.id ?? ''));
  const chosen = home ?? candidates[0];
  if (chosen) return chosen;
  if (changeRequest) throw new BadRequestException(`changeRequest: this site does not publish the space of change request ${changeRequest.id}.`);
  throw new ConflictException('This site has no site space to preview: add a space to it first.');
}
