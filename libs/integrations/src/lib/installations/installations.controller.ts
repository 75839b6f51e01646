import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, ListEnvelope, toListEnvelope } from '@docs/platform';
import { InstallIntegrationDto, UpdateInstallationDto } from './dto/installation-bodies.dto';
import { ListInstallationsQueryDto } from './dto/list-installations.query';
import { InstallationDto, InstallationListDto } from './installation.dto';
import type { InstallationEntity } from './installation.entity';
import { InstallationPresenter } from './installation.presenter';
import { InstallationsService } from './installations.service';

@ApiTags('integrations')
@Controller('v1/integrations/:integrationName/installations')
export class InstallationsController {
  constructor(
    private readonly installations: InstallationsService,
    private readonly presenter: InstallationPresenter,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listIntegrationInstallations', summary: 'Installations the caller may see, newest first (externalId).' })
  @ApiOkResponse({ type: InstallationListDto })
  @ApiErrors(400, 404)
  async list(
    @CurrentCaller() caller: Caller,
    @Param('integrationName') name: string,
    @Query() query: ListInstallationsQueryDto,
  ): Promise<ListEnvelope<InstallationDto>> {
    const page = await this.installations.list(name, caller, query);
    const counts = await this.installations.spaceCounts(page.items.map((i) => i.id));
    return toListEnvelope(page, (installation) => this.presenter.present(installation, counts.get(installation.id) ?? 0));
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'installIntegration', summary: 'Install an integration on an organization (admins there).' })
  @ApiCreatedResponse({ type: InstallationDto })
  @ApiErrors(400, 403, 404, 409)
  async install(
    @CurrentCaller() caller: Caller,
    @Param('integrationName') name: string,
    @Body() body: InstallIntegrationDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<InstallationDto> {
    const presented = this.presenter.present(await this.installations.install(name, caller, body), 0);
    res.setHeader('Location', presented.urls.location);
    return presented;
  }

  @Get(':installationId')
  @ApiOperation({ operationId: 'getIntegrationInstallationById', summary: 'An installation.' })
  @ApiOkResponse({ type: InstallationDto })
  @ApiErrors(400, 404)
  async get(@CurrentCaller() caller: Caller, @Param('integrationName') name: string, @Param('installationId') id: string): Promise<InstallationDto> {
    return this.presentOne((await this.installations.require(name, id, caller)).installation);
  }

  @Patch(':installationId')
  @ApiOperation({ operationId: 'updateIntegrationInstallation', summary: 'Change configuration, external ids or selections (admins of its organization).' })
  @ApiOkResponse({ type: InstallationDto })
  @ApiErrors(400, 403, 404)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('integrationName') name: string,
    @Param('installationId') id: string,
    @Body() body: UpdateInstallationDto,
  ): Promise<InstallationDto> {
    return this.presentOne(await this.installations.update(name, id, caller, body));
  }

  @Delete(':installationId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'uninstallIntegration', summary: 'Uninstall, with every space and site installation of it (admins of its organization).' })
  @ApiNoContentResponse()
  @ApiErrors(400, 403, 404)
  async uninstall(@CurrentCaller() caller: Caller, @Param('integrationName') name: string, @Param('installationId') id: string): Promise<void> {
    await this.installations.uninstall(name, id, caller);
  }

  private async presentOne(installation: InstallationEntity): Promise<InstallationDto> {
    const counts = await this.installations.spaceCounts([installation.id]);
    return this.presenter.present(installation, counts.get(installation.id) ?? 0);
  }
}
