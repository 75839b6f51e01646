import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller, OrganizationAccess } from '@docs/identity';
import { ApiErrors, ListEnvelope, ListQueryDto } from '@docs/platform';
import { OpenApiSpecContentDto, OpenApiSpecVersionDto, OpenApiSpecVersionListDto } from './openapi-spec-version.dto';
import { OpenApiSpecVersionPresenter } from './openapi-spec-version.presenter';
import { OpenApiSpecVersionsService } from './openapi-spec-versions.service';

@ApiTags('openapi-versions')
@Controller('v1/orgs/:organizationId/openapi/:specSlug/versions')
export class OpenApiSpecVersionsController {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly versions: OpenApiSpecVersionsService,
    private readonly presenter: OpenApiSpecVersionPresenter,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listOpenAPISpecVersions', summary: 'The versions of a spec, newest first (a run stores one only when the content changed).' })
  @ApiOkResponse({ type: OpenApiSpecVersionListDto })
  @ApiErrors(400, 404)
  async list(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('specSlug') slug: string,
    @Query() query: ListQueryDto,
  ): Promise<ListEnvelope<OpenApiSpecVersionDto>> {
    const member = await this.access.require(organizationId, caller);
    const { spec, page } = await this.versions.list(member, slug, query);
    const envelope: ListEnvelope<OpenApiSpecVersionDto> = { items: await Promise.all(page.items.map((version) => this.presenter.present(spec, version))), count: page.count };
    if (page.nextPage) envelope.next = { page: page.nextPage };
    return envelope;
  }

  @Get('latest')
  @ApiOperation({ operationId: 'getLatestOpenAPISpecVersion', summary: 'The newest version of a spec (404 until one is stored).' })
  @ApiOkResponse({ type: OpenApiSpecVersionDto })
  @ApiErrors(404)
  latest(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('specSlug') slug: string): Promise<OpenApiSpecVersionDto> {
    return this.version(caller, organizationId, slug, 'latest');
  }

  @Get('latest/content')
  @ApiOperation({ operationId: 'getLatestOpenAPISpecVersionContent', summary: 'Every file of the newest version, parsed, and the URL that serves it.' })
  @ApiOkResponse({ type: OpenApiSpecContentDto })
  @ApiErrors(404)
  latestContent(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('specSlug') slug: string): Promise<OpenApiSpecContentDto> {
    return this.content(caller, organizationId, slug, 'latest');
  }

  @Get(':versionId')
  @ApiOperation({ operationId: 'getOpenAPISpecVersionById', summary: 'One version of a spec.' })
  @ApiOkResponse({ type: OpenApiSpecVersionDto })
  @ApiErrors(404)
  byId(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('specSlug') slug: string,
    @Param('versionId') versionId: string,
  ): Promise<OpenApiSpecVersionDto> {
    return this.version(caller, organizationId, slug, versionId);
  }

  @Get(':versionId/content')
  @ApiOperation({ operationId: 'getOpenAPISpecVersionContentById', summary: 'Every file of a version, parsed, and the URL that serves it.' })
  @ApiOkResponse({ type: OpenApiSpecContentDto })
  @ApiErrors(404)
  contentById(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('specSlug') slug: string,
    @Param('versionId') versionId: string,
  ): Promise<OpenApiSpecContentDto> {
    return this.content(caller, organizationId, slug, versionId);
  }

  private async version(caller: Caller, organizationId: string, slug: string, versionId: string): Promise<OpenApiSpecVersionDto> {
    const member = await this.access.require(organizationId, caller);
    const { spec, version } = await this.versions.get(member, slug, versionId);
    return this.presenter.present(spec, version);
  }

  private async content(caller: Caller, organizationId: string, slug: string, versionId: string): Promise<OpenApiSpecContentDto> {
    const member = await this.access.require(organizationId, caller);
    const { version } = await this.versions.get(member, slug, versionId);
    return this.presenter.content(version, await this.versions.documents(version));
  }
}
