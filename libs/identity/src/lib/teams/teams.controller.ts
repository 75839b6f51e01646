import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ListEnvelope, toListEnvelope } from '@docs/platform';
import { OrganizationAccess } from '../access/organization-access';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { MembersService } from '../members/members.service';
import { CreateTeamDto } from './dto/create-team.dto';
import { ListMemberTeamsQueryDto, ListTeamsQueryDto } from './dto/list-teams.query';
import { UpdateTeamDto } from './dto/update-team.dto';
import { MemberTeamDto, MemberTeamListDto, TeamDto, TeamListDto } from './team.dto';
import type { TeamEntity } from './team.entity';
import { TeamViews } from './team-views';
import { TeamsService } from './teams.service';

@ApiTags('organization-teams')
@Controller('v1/orgs/:organizationId')
export class TeamsController {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly teams: TeamsService,
    private readonly members: MembersService,
    private readonly views: TeamViews,
  ) {}

  @Get('teams')
  @ApiOperation({ operationId: 'listTeamsInOrganizationById', summary: 'Teams, newest first (owner, title).' })
  @ApiOkResponse({ type: TeamListDto })
  @ApiErrors(400, 404)
  async list(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListTeamsQueryDto): Promise<ListEnvelope<TeamDto>> {
    const viewer = await this.access.require(organizationId, caller);
    const page = await this.teams.list(organizationId, viewer, query);
    const presented = await this.views.present(organizationId, viewer, page.items);
    return toListEnvelope(page, (team) => presented.get(team.id)!);
  }

  @Put('teams')
  @HttpCode(201)
  @ApiOperation({ operationId: 'createOrganizationTeam', summary: 'Create a team (admins), optionally with members.' })
  @ApiCreatedResponse({ type: TeamDto })
  @ApiErrors(400, 403, 404)
  async create(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Body() body: CreateTeamDto): Promise<TeamDto> {
    const viewer = await this.access.require(organizationId, caller);
    const team = await this.teams.create(organizationId, viewer, body);
    return this.views.presentOne(organizationId, viewer, team);
  }

  @Get('teams/:teamId')
  @ApiOperation({ operationId: 'getTeamInOrganizationById', summary: 'A team.' })
  @ApiOkResponse({ type: TeamDto })
  @ApiErrors(404)
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('teamId') teamId: string): Promise<TeamDto> {
    const viewer = await this.access.require(organizationId, caller);
    const { team } = await this.teams.getVisible(organizationId, viewer, teamId);
    return this.views.presentOne(organizationId, viewer, team);
  }

  @Patch('teams/:teamId')
  @ApiOperation({ operationId: 'updateTeamInOrganizationById', summary: 'Rename a team (admins).' })
  @ApiOkResponse({ type: TeamDto })
  @ApiErrors(400, 403, 404)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Body() body: UpdateTeamDto,
  ): Promise<TeamDto> {
    const viewer = await this.access.require(organizationId, caller);
    const { team } = await this.teams.rename(organizationId, viewer, teamId, body.title);
    return this.views.presentOne(organizationId, viewer, team);
  }

  @Delete('teams/:teamId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'removeTeamFromOrganizationById', summary: 'Delete a team (admins); its members stay in the organization.' })
  @ApiNoContentResponse()
  @ApiErrors(403, 404)
  async delete(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('teamId') teamId: string): Promise<void> {
    const viewer = await this.access.require(organizationId, caller);
    await this.teams.delete(organizationId, viewer, teamId);
  }

  @Get('members/:userId/teams')
  @ApiOperation({ operationId: 'listTeamsForOrganizationMember', summary: "A member's teams with their role in each (title)." })
  @ApiOkResponse({ type: MemberTeamListDto })
  @ApiErrors(400, 404)
  async listForMember(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('userId') userId: string,
    @Query() query: ListMemberTeamsQueryDto,
  ): Promise<ListEnvelope<MemberTeamDto>> {
    const viewer = await this.access.require(organizationId, caller);
    await this.members.get(organizationId, viewer, userId);
    const page = await this.teams.listForMember(organizationId, userId, query);
    const presented = await this.views.present(organizationId, viewer, page.items.map((tm) => tm.team as TeamEntity));
    return toListEnvelope(page, (tm) => ({ team: presented.get(tm.teamId)!, member: { role: tm.role } }));
  }
}
