import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors, ListEnvelope, ListQueryDto, toListEnvelope } from '@docs/platform';
import { OrganizationAccess } from '../access/organization-access';
import type { Viewer } from '../access/organization-policy';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { TeamEntity } from '../teams/team.entity';
import { TeamViews } from '../teams/team-views';
import {
  CreateSamlProviderDto,
  SamlProviderDto,
  SamlProviderListDto,
  SsoLoginListDto,
  UpdateSamlProviderDto,
} from './dto/saml-provider.dtos';
import { isConfigured, SamlProviderPresenter } from './saml-provider.presenter';
import type { SamlProviderEntity } from './saml-provider.entity';
import { SamlProvidersService } from './saml-providers.service';

@ApiTags('organization-sso')
@Controller('v1/orgs/:organizationId')
export class SamlProvidersController {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly providers: SamlProvidersService,
    private readonly presenter: SamlProviderPresenter,
    private readonly teamViews: TeamViews,
    @InjectRepository(TeamEntity) private readonly teams: Repository<TeamEntity>,
  ) {}

  @Get('saml')
  @ApiOperation({ operationId: 'listSAMLProvidersInOrganizationById', summary: 'SAML providers, newest first (admins).' })
  @ApiOkResponse({ type: SamlProviderListDto })
  @ApiErrors(400, 403, 404)
  async list(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListQueryDto): Promise<ListEnvelope<SamlProviderDto>> {
    const viewer = await this.access.require(organizationId, caller);
    const page = await this.providers.list(organizationId, viewer, query);
    const presented = await this.presentMany(organizationId, viewer, page.items);
    return toListEnvelope(page, (provider) => presented.get(provider.id)!);
  }

  @Post('saml')
  @HttpCode(201)
  @ApiOperation({ operationId: 'createOrganizationSAMLProvider', summary: 'Add a SAML provider (admins); pending until ssoURL, entityID and certificate are set.' })
  @ApiCreatedResponse({ type: SamlProviderDto })
  @ApiErrors(400, 403, 404)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateSamlProviderDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SamlProviderDto> {
    const viewer = await this.access.require(organizationId, caller);
    const provider = await this.providers.create(organizationId, viewer, body);
    const presented = (await this.presentMany(organizationId, viewer, [provider])).get(provider.id)!;
    res.setHeader('Location', presented.urls.location);
    return presented;
  }

  @Get('saml/:samlProviderId')
  @ApiOperation({ operationId: 'getOrganizationSAMLProviderById', summary: 'A SAML provider (admins).' })
  @ApiOkResponse({ type: SamlProviderDto })
  @ApiErrors(403, 404)
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('samlProviderId') id: string): Promise<SamlProviderDto> {
    const viewer = await this.access.require(organizationId, caller);
    const provider = await this.providers.get(organizationId, viewer, id);
    return (await this.presentMany(organizationId, viewer, [provider])).get(provider.id)!;
  }

  @Patch('saml/:samlProviderId')
  @ApiOperation({ operationId: 'updateOrganizationSAMLProvider', summary: 'Change a SAML provider (admins).' })
  @ApiOkResponse({ type: SamlProviderDto })
  @ApiErrors(400, 403, 404)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('samlProviderId') id: string,
    @Body() body: UpdateSamlProviderDto,
  ): Promise<SamlProviderDto> {
    const viewer = await this.access.require(organizationId, caller);
    const provider = await this.providers.update(organizationId, viewer, id, body);
    return (await this.presentMany(organizationId, viewer, [provider])).get(provider.id)!;
  }

  @Delete('saml/:samlProviderId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteOrganizationSAMLProvider', summary: 'Remove a SAML provider (admins).' })
  @ApiNoContentResponse()
  @ApiErrors(403, 404)
  async delete(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('samlProviderId') id: string): Promise<void> {
    const viewer = await this.access.require(organizationId, caller);
    await this.providers.delete(organizationId, viewer, id);
  }

  @Get('sso')
  @ApiOperation({ operationId: 'listSSOProviderLoginsInOrganization', summary: 'How members can sign in: the configured SAML providers (any member).' })
  @ApiOkResponse({ type: SsoLoginListDto })
  @ApiErrors(404)
  async logins(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string): Promise<SsoLoginListDto> {
    await this.access.require(organizationId, caller);
    const providers = await this.providers.listLogins(organizationId);
    return {
      items: providers
        .filter(isConfigured)
        .map((provider) => ({ id: provider.id, label: provider.label, startURL: this.presenter.service(provider).startURL })),
    };
  }

  /** Providers with their default teams (counts and permissions included) in a fixed number of queries. */
  private async presentMany(organizationId: string, viewer: Viewer, providers: SamlProviderEntity[]): Promise<Map<string, SamlProviderDto>> {
    const teamIds = [...new Set(providers.map((p) => p.defaultTeamId).filter((id): id is string => id !== null))];
    const teams = teamIds.length > 0 ? await this.teamViews.present(organizationId, viewer, await this.teams.findBy({ id: In(teamIds) })) : new Map();
    return new Map(providers.map((p) => [p.id, this.presenter.present(p, p.defaultTeamId ? teams.get(p.defaultTeamId) : undefined)]));
  }
}
