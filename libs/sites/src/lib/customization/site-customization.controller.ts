import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Put, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, QueryBoolean, referenceSchema } from '@docs/platform';
import { IsBoolean, IsOptional } from 'class-validator';
import { SiteAccess } from '../access/site-access';
import type { SiteCustomization } from './site-customization';
import { SiteCustomizationService } from './site-customization.service';

export class CustomizationQueryDto {
  @ApiPropertyOptional({ description: 'Accepted for compatibility (the reference deprecates it): nothing is masked here.', deprecated: true })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  unmasked?: boolean;
}

@ApiTags('sites')
@Controller('v1/orgs/:organizationId/sites/:siteId')
export class SiteCustomizationController {
  constructor(
    private readonly access: SiteAccess,
    private readonly customizations: SiteCustomizationService,
  ) {}

  @Get('customization')
  @ApiOperation({ operationId: 'getSiteCustomizationById', summary: "The site's customization (the defaults until set)." })
  @ApiOkResponse({ schema: referenceSchema('SiteCustomizationSettings') })
  @ApiErrors(400, 404)
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() _query: CustomizationQueryDto): Promise<SiteCustomization> {
    const context = await this.access.site(organizationId, siteId, caller, 'read', 'read sites');
    return this.customizations.site(context);
  }

  @Put('customization')
  @ApiOperation({ operationId: 'updateSiteCustomizationById', summary: "Replace the site's customization (admins); readers see it on their next request." })
  @ApiBody({ schema: referenceSchema('SiteCustomizationSettings') })
  @ApiOkResponse({ schema: referenceSchema('SiteCustomizationSettings') })
  @ApiErrors(400, 403, 404)
  async put(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Body() body: unknown): Promise<SiteCustomization> {
    const customization = this.customizations.checkSettings(body);
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'customize sites');
    return this.customizations.replace(context, customization);
  }

  @Get('site-spaces/:siteSpaceId/customization')
  @ApiOperation({ operationId: 'getSiteSpaceCustomizationById', summary: "What a site space shows: the site's customization with its overrides." })
  @ApiOkResponse({ schema: referenceSchema('SiteCustomizationSettings') })
  @ApiErrors(400, 404)
  async getSiteSpace(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSpaceId') siteSpaceId: string,
    @Query() _query: CustomizationQueryDto,
  ): Promise<SiteCustomization> {
    const { context, structure } = await this.access.readStructure(organizationId, siteId, caller, 'read sites');
    return this.customizations.siteSpace(context, structure, siteSpaceId);
  }

  @Patch('site-spaces/:siteSpaceId/customization')
  @ApiOperation({ operationId: 'overrideSiteSpaceCustomizationById', summary: "Override parts of the site's customization in a site space (admins); null resets one." })
  @ApiBody({ schema: { type: 'object' } })
  @ApiOkResponse({ schema: referenceSchema('SiteCustomizationSettings') })
  @ApiErrors(400, 403, 404)
  async override(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSpaceId') siteSpaceId: string,
    @Body() body: unknown,
  ): Promise<SiteCustomization> {
    const patch = this.customizations.checkOverrides(body);
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'customize sites');
    return this.customizations.override(context, siteSpaceId, patch);
  }

  @Delete('site-spaces/:siteSpaceId/customization')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteSiteSpaceCustomizationById', summary: "Drop every override of a site space (admins): it shows the site's customization." })
  @ApiResetContentResponse()
  @ApiErrors(400, 403, 404)
  async reset(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Param('siteSpaceId') siteSpaceId: string): Promise<void> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'customize sites');
    await this.customizations.reset(context, siteSpaceId);
  }
}
