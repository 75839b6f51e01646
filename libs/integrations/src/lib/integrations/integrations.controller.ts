import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, ListEnvelope } from '@docs/platform';
import { ListIntegrationsQueryDto } from './dto/list-integrations.query';
import { PublishIntegrationDto } from './dto/publish-integration.dto';
import { UnpublishIntegrationQueryDto } from './dto/unpublish-integration.query';
import { IntegrationDto, IntegrationListDto } from './integration.dto';
import { IntegrationViews } from './integration-views';
import { IntegrationsService } from './integrations.service';

@ApiTags('integrations')
@Controller('v1/integrations')
export class IntegrationsController {
  constructor(
    private readonly integrations: IntegrationsService,
    private readonly views: IntegrationViews,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listIntegrations', summary: "Public integrations and those of the caller's organizations, by name." })
  @ApiOkResponse({ type: IntegrationListDto })
  @ApiErrors(400)
  async list(@CurrentCaller() caller: Caller, @Query() query: ListIntegrationsQueryDto): Promise<ListEnvelope<IntegrationDto>> {
    const page = await this.integrations.list(caller, query);
    return { items: this.views.presentAll(page.items), count: page.count, ...(page.nextPage ? { next: { page: page.nextPage } } : {}) };
  }

  @Get(':integrationName')
  @ApiOperation({ operationId: 'getIntegrationByName', summary: 'An integration (private ones: members of its organization only).' })
  @ApiOkResponse({ type: IntegrationDto })
  @ApiErrors(400, 404)
  async get(@CurrentCaller() caller: Caller, @Param('integrationName') name: string): Promise<IntegrationDto> {
    return this.views.present(await this.integrations.requireViewed(name, caller));
  }

  @Post(':integrationName')
  @HttpCode(200)
  @ApiOperation({ operationId: 'publishIntegration', summary: 'Publish an integration, or its next version (admins of the publishing organization).' })
  @ApiOkResponse({ type: IntegrationDto })
  @ApiErrors(400, 403, 404, 409)
  async publish(@CurrentCaller() caller: Caller, @Param('integrationName') name: string, @Body() body: PublishIntegrationDto): Promise<IntegrationDto> {
    return this.views.present(await this.integrations.publish(name, caller, body));
  }

  @Delete(':integrationName')
  @HttpCode(204)
  @ApiOperation({ operationId: 'unpublishIntegration', summary: 'Unpublish an integration (owner admins); refused while installed unless removeInstallations=true.' })
  @ApiNoContentResponse()
  @ApiErrors(400, 403, 404, 409)
  async unpublish(@CurrentCaller() caller: Caller, @Param('integrationName') name: string, @Query() query: UnpublishIntegrationQueryDto): Promise<void> {
    await this.integrations.unpublish(name, caller, query.removeInstallations === true);
  }
}
