import { Body, Controller, Delete, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ListEnvelope, ListQueryDto, toListEnvelope } from '@docs/platform';
import { OrganizationAccess } from '../access/organization-access';
import { organizationPolicy } from '../access/organization-policy';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { MemberCountsService } from '../members/member-counts';
import type { MemberEntity } from '../members/member.entity';
import { MemberPresenter } from '../members/member.presenter';
import { UpdateTeamMembersDto, UpsertTeamMemberDto } from './dto/update-team-members.dto';
import { TeamMemberDto, TeamMemberListDto } from './team.dto';
import { TeamMembersService } from './team-members.service';

@ApiTags('organization-teams')
@Controller('v1/orgs/:organizationId/teams/:teamId/members')
export class TeamMembersController {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly teamMembers: TeamMembersService,
    private readonly counts: MemberCountsService,
    private readonly memberPresenter: MemberPresenter,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listTeamMembersInOrganizationById', summary: "A team's members with their team role, latest first." })
  @ApiOkResponse({ type: TeamMemberListDto })
  @ApiErrors(400, 404)
  async list(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Query() query: ListQueryDto,
  ): Promise<ListEnvelope<TeamMemberDto>> {
    const viewer = await this.access.require(organizationId, caller);
    const page = await this.teamMembers.list(organizationId, viewer, teamId, query);
    const members = page.items.map((tm) => tm.member as MemberEntity);
    const counts = await this.counts.forMembers(organizationId, members);
    return toListEnvelope(page, (tm) => ({
      organization: this.memberPresenter.present(tm.member as MemberEntity, counts.get(tm.userId)!),
      team: { role: tm.role },
      permissions: { view: organizationPolicy.seeMember(viewer, tm.userId) },
    }));
  }

  @Put()
  @HttpCode(204)
  @ApiOperation({
    operationId: 'updateMembersInOrganizationTeam',
    summary: "Add, remove and set roles of a team's members in one go (admins and team owners). Added and removed: removed.",
  })
  @ApiNoContentResponse()
  @ApiErrors(400, 403, 404)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Body() body: UpdateTeamMembersDto,
  ): Promise<void> {
    const viewer = await this.access.require(organizationId, caller);
    await this.teamMembers.update(organizationId, viewer, teamId, body);
  }

  @Put(':userId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'addMemberToOrganizationTeamById', summary: 'Add a member to the team, or change their team role.' })
  @ApiNoContentResponse()
  @ApiErrors(400, 403, 404)
  async put(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Param('userId') userId: string,
    @Body() body: UpsertTeamMemberDto,
  ): Promise<void> {
    const viewer = await this.access.require(organizationId, caller);
    await this.teamMembers.put(organizationId, viewer, teamId, userId, body.role);
  }

  @Delete(':userId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteMemberFromOrganizationTeamById', summary: 'Remove a member from the team.' })
  @ApiNoContentResponse()
  @ApiErrors(403, 404)
  async remove(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Param('userId') userId: string,
  ): Promise<void> {
    const viewer = await this.access.require(organizationId, caller);
    await this.teamMembers.remove(organizationId, viewer, teamId, userId);
  }
}
