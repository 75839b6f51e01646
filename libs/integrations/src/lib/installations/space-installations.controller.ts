import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, ListEnvelope, toListEnvelope } from '@docs/platform';
import { ExtendedQueryDto, InstallOnSpaceDto, UpdateContentInstallationDto } from './dto/installation-bodies.dto';
import { ListContentInstallationsQueryDto } from './dto/list-installations.query';
import { ContentInstallationDto, ContentInstallationListDto } from './installation.dto';
import { SpaceInstallationsService } from './space-installations.service';

@ApiTags('integrations')
@Controller('v1/integrations/:integrationName/installations/:installationId/spaces')
export class SpaceInstallationsController {
  constructor(private readonly spaceInstallations: SpaceInstallationsService) {}

  @Get()
  @ApiOperation({ operationId: 'listIntegrationInstallationSpaces', summary: 'Spaces the installation is turned on for, newest first.' })
  @ApiOkResponse({ type: ContentInstallationListDto })
  @ApiErrors(400, 404)
  async list(
    @CurrentCaller() caller: Caller,
    @Param('integrationName') name: string,
    @Param('installationId') installationId: string,
    @Query() query: ListContentInstallationsQueryDto,
  ): Promise<ListEnvelope<ContentInstallationDto>> {
    return toListEnvelope(await this.spaceInstallations.list(name, installationId, caller, query), (item) => item);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'installIntegrationOnSpace', summary: 'Turn the installation on for a space of its organization (admins).' })
  @ApiCreatedResponse({ type: ContentInstallationDto })
  @ApiErrors(400, 403, 404, 409)
  async install(
    @CurrentCaller() caller: Caller,
    @Param('integrationName') name: string,
    @Param('installationId') installationId: string,
    @Query() query: ExtendedQueryDto,
    @Body() body: InstallOnSpaceDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ContentInstallationDto> {
    const presented = await this.spaceInstallations.install(name, installationId, caller, body, query.extended ?? false);
    res.setHeader('Location', presented.urls.location);
    return presented;
  }

  @Get(':spaceId')
  @ApiOperation({ operationId: 'getIntegrationSpaceInstallation', summary: 'The installation on one space.' })
  @ApiOkResponse({ type: ContentInstallationDto })
  @ApiErrors(400, 404)
  async get(
    @CurrentCaller() caller: Caller,
    @Param('integrationName') name: string,
    @Param('installationId') installationId: string,
    @Param('spaceId') spaceId: string,
    @Query() query: ExtendedQueryDto,
  ): Promise<ContentInstallationDto> {
    return this.spaceInstallations.get(name, installationId, spaceId, caller, query.extended ?? false);
  }

  @Patch(':spaceId')
  @ApiOperation({ operationId: 'updateIntegrationSpaceInstallation', summary: 'Change the space configuration or external ids (admins).' })
  @ApiOkResponse({ type: ContentInstallationDto })
  @ApiErrors(400, 403, 404)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('integrationName') name: string,
    @Param('installationId') installationId: string,
    @Param('spaceId') spaceId: string,
    @Query() query: ExtendedQueryDto,
    @Body() body: UpdateContentInstallationDto,
  ): Promise<ContentInstallationDto> {
    return this.spaceInstallations.update(name, installationId, spaceId, caller, body, query.extended ?? false);
  }

  @Delete(':spaceId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'uninstallIntegrationFromSpace', summary: 'Turn the installation off for a space (admins).' })
  @ApiNoContentResponse()
  @ApiErrors(400, 403, 404)
  async uninstall(
    @CurrentCaller() caller: Caller,
    @Param('integrationName') name: string,
    @Param('installationId') installationId: string,
    @Param('spaceId') spaceId: string,
  ): Promise<void> {
    await this.spaceInstallations.uninstall(name, installationId, spaceId, caller);
  }
}
