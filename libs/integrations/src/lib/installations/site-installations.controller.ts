import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, ListEnvelope, toListEnvelope } from '@docs/platform';
import { ExtendedQueryDto, InstallOnSiteDto, UpdateContentInstallationDto } from './dto/installation-bodies.dto';
import { ListContentInstallationsQueryDto } from './dto/list-installations.query';
import { ContentInstallationDto, ContentInstallationListDto } from './installation.dto';
import { SiteInstallationsService } from './site-installations.service';

@ApiTags('integrations')
@Controller('v1/integrations/:integrationName/installations/:installationId/sites')
export class SiteInstallationsController {
  constructor(private readonly siteInstallations: SiteInstallationsService) {}

  @Get()
  @ApiOperation({ operationId: 'listIntegrationInstallationSites', summary: 'Sites the installation is turned on for, newest first.' })
  @ApiOkResponse({ type: ContentInstallationListDto })
  @ApiErrors(400, 404)
  async list(
    @CurrentCaller() caller: Caller,
    @Param('integrationName') name: string,
    @Param('installationId') installationId: string,
    @Query() query: ListContentInstallationsQueryDto,
  ): Promise<ListEnvelope<ContentInstallationDto>> {
    return toListEnvelope(await this.siteInstallations.list(name, installationId, caller, query), (item) => item);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'installIntegrationOnSite', summary: 'Turn the installation on for a site of its organization (admins).' })
  @ApiCreatedResponse({ type: ContentInstallationDto })
  @ApiErrors(400, 403, 404, 409)
  async install(
    @CurrentCaller() caller: Caller,
    @Param('integrationName') name: string,
    @Param('installationId') installationId: string,
    @Query() query: ExtendedQueryDto,
    @Body() body: InstallOnSiteDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ContentInstallationDto> {
    const presented = await this.siteInstallations.install(name, installationId, caller, body, query.extended ?? false);
    res.setHeader('Location', presented.urls.location);
    return presented;
  }

  @Get(':siteId')
  @ApiOperation({ operationId: 'getIntegrationSiteInstallation', summary: 'The installation on one site.' })
  @ApiOkResponse({ type: ContentInstallationDto })
  @ApiErrors(400, 404)
  async get(
    @CurrentCaller() caller: Caller,
    @Param('integrationName') name: string,
    @Param('installationId') installationId: string,
    @Param('siteId') siteId: string,
    @Query() query: ExtendedQueryDto,
  ): Promise<ContentInstallationDto> {
    return this.siteInstallations.get(name, installationId, siteId, caller, query.extended ?? false);
  }

  @Patch(':siteId')
  @ApiOperation({ operationId: 'updateIntegrationSiteInstallation', summary: 'Change the site configuration or external ids (admins).' })
  @ApiOkResponse({ type: ContentInstallationDto })
  @ApiErrors(400, 403, 404)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('integrationName') name: string,
    @Param('installationId') installationId: string,
    @Param('siteId') siteId: string,
    @Query() query: ExtendedQueryDto,
    @Body() body: UpdateContentInstallationDto,
  ): Promise<ContentInstallationDto> {
    return this.siteInstallations.update(name, installationId, siteId, caller, body, query.extended ?? false);
  }

  @Delete(':siteId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'uninstallIntegrationFromSite', summary: 'Turn the installation off for a site (admins).' })
  @ApiNoContentResponse()
  @ApiErrors(400, 403, 404)
  async uninstall(
    @CurrentCaller() caller: Caller,
    @Param('integrationName') name: string,
    @Param('installationId') installationId: string,
    @Param('siteId') siteId: string,
  ): Promise<void> {
    await this.siteInstallations.uninstall(name, installationId, siteId, caller);
  }
}
