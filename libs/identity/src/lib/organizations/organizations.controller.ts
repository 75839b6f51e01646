import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ListEnvelope, ListQueryDto, toListEnvelope } from '@docs/platform';
import { OrganizationAccess } from '../access/organization-access';
import { TeamOwnership } from '../access/team-ownership';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { CreateOrganizationDto } from './dto/create-organization.dto';
import { UpdateOrganizationDto } from './dto/update-organization.dto';
import { OrganizationDto, OrganizationListDto } from './organization.dto';
import { OrganizationPresenter } from './organization.presenter';
import { OrganizationsService } from './organizations.service';

@ApiTags('organizations')
@Controller('v1/orgs')
export class OrganizationsController {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly access: OrganizationAccess,
    private readonly ownership: TeamOwnership,
    private readonly presenter: OrganizationPresenter,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listOrganizationsForAuthenticatedUser', summary: "The caller's organizations, most recently joined first." })
  @ApiOkResponse({ type: OrganizationListDto })
  @ApiErrors(400)
  async list(@CurrentCaller() caller: Caller, @Query() query: ListQueryDto): Promise<ListEnvelope<OrganizationDto>> {
    const page = await this.organizations.listForUser(caller.userId, query);
    const owned = await this.ownership.organizationsWhereOwner(caller.userId, page.items.map((m) => m.organization.id));
    return toListEnvelope(page, (m) => this.presenter.present(m.organization, { role: m.role, ownsTeam: owned.has(m.organization.id) }));
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'createOrganization', summary: 'Create an organization; the caller becomes its admin.' })
  @ApiCreatedResponse({ type: OrganizationDto })
  @ApiErrors(400)
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateOrganizationDto): Promise<OrganizationDto> {
    const organization = await this.organizations.create(body, caller.userId);
    return this.presenter.present(organization, { role: 'admin', ownsTeam: false });
  }

  @Get(':organizationId')
  @ApiOperation({ operationId: 'getOrganizationById', summary: 'An organization the caller belongs to.' })
  @ApiOkResponse({ type: OrganizationDto })
  @ApiErrors(404)
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string): Promise<OrganizationDto> {
    const { organization, role, ownsTeam } = await this.organizations.getForMember(organizationId, caller.userId);
    return this.presenter.present(organization, { role, ownsTeam });
  }

  @Patch(':organizationId')
  @ApiOperation({ operationId: 'updateOrganizationById', summary: 'Change the title or the merge rules (admin).' })
  @ApiOkResponse({ type: OrganizationDto })
  @ApiErrors(400, 403, 404)
  async update(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Body() body: UpdateOrganizationDto): Promise<OrganizationDto> {
    await this.access.requireRole(organizationId, caller, 'admin', 'change the organization');
    await this.organizations.update(organizationId, body);
    const { organization, role, ownsTeam } = await this.organizations.getForMember(organizationId, caller.userId);
    return this.presenter.present(organization, { role, ownsTeam });
  }
}
