import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ListEnvelope, toListEnvelope } from '@docs/platform';
import { OrganizationAccess } from '../access/organization-access';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { ListMembersQueryDto } from './dto/list-members.query';
import { UpdateMemberDto } from './dto/update-member.dto';
import { MemberCountsService } from './member-counts';
import { MemberDto, MemberListDto, PingResultDto } from './member.dto';
import type { MemberEntity } from './member.entity';
import { MemberPresenter } from './member.presenter';
import { MembersService } from './members.service';
import { VisitorClaimsTokens } from './visitor-claims';

@ApiTags('organization-members')
@Controller('v1/orgs/:organizationId')
export class MembersController {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly members: MembersService,
    private readonly counts: MemberCountsService,
    private readonly presenter: MemberPresenter,
    private readonly visitorClaims: VisitorClaimsTokens,
  ) {}

  @Get('members')
  @ApiOperation({ operationId: 'listMembersInOrganizationById', summary: 'Members, newest joiners first (order, role, search, sort).' })
  @ApiOkResponse({ type: MemberListDto })
  @ApiErrors(400, 404)
  async list(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Query() query: ListMembersQueryDto,
  ): Promise<ListEnvelope<MemberDto>> {
    // The caller's membership and the space counts in one statement, then the page.
    const { membership, reach } = await this.counts.membershipAndReach(organizationId, caller.userId);
    const page = await this.members.list(organizationId, this.access.orNotFound(organizationId, membership), query);
    return toListEnvelope(page, ({ member, teams, grantedSpaces }) => this.presenter.present(member, { spaces: reach[member.role ?? 'guest'] + grantedSpaces, teams }));
  }

  @Get('members/:userId')
  @ApiOperation({ operationId: 'getMemberInOrganizationById', summary: 'A member.' })
  @ApiOkResponse({ type: MemberDto })
  @ApiErrors(404)
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('userId') userId: string): Promise<MemberDto> {
    const viewer = await this.access.require(organizationId, caller);
    return this.present(organizationId, await this.members.get(organizationId, viewer, userId));
  }

  @Patch('members/:userId')
  @ApiOperation({ operationId: 'updateMemberInOrganizationById', summary: "Change a member's role (admins). The last admin keeps the role." })
  @ApiOkResponse({ type: MemberDto })
  @ApiErrors(400, 403, 404, 409)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('userId') userId: string,
    @Body() body: UpdateMemberDto,
  ): Promise<MemberDto> {
    const viewer = await this.access.require(organizationId, caller);
    return this.present(organizationId, await this.members.updateRole(organizationId, viewer, userId, body.role));
  }

  @Delete('members/:userId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'removeMemberFromOrganizationById', summary: 'Remove a member (admins), or leave (yourself). Not the last admin.' })
  @ApiNoContentResponse()
  @ApiErrors(403, 404, 409)
  async remove(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('userId') userId: string): Promise<void> {
    const viewer = await this.access.require(organizationId, caller);
    await this.members.remove(organizationId, viewer, userId);
  }

  @Post('members/:userId/sso')
  @HttpCode(200)
  @ApiOperation({ operationId: 'setUserAsSSOMemberForOrganization', summary: 'Make a member an SSO member (admins).' })
  @ApiOkResponse({ type: MemberDto })
  @ApiErrors(403, 404)
  async makeSso(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('userId') userId: string): Promise<MemberDto> {
    const viewer = await this.access.require(organizationId, caller);
    return this.present(organizationId, await this.members.makeSsoMember(organizationId, viewer, userId));
  }

  @Post('ping')
  @HttpCode(200)
  @ApiOperation({ operationId: 'updateOrganizationMemberLastSeenAt', summary: "Record the caller's activity; answers a signed visitor-claims token." })
  @ApiOkResponse({ type: PingResultDto })
  @ApiErrors(404)
  async ping(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string): Promise<PingResultDto> {
    const viewer = await this.access.require(organizationId, caller);
    await this.members.touchLastSeen(organizationId, caller.userId);
    const token = await this.visitorClaims.sign({ organizationId, userId: caller.userId, role: viewer.role });
    return { serviceVisitorClaims: token, gitbookVisitorClaims: token };
  }

  private async present(organizationId: string, member: MemberEntity): Promise<MemberDto> {
    const counts = await this.counts.forMembers(organizationId, [member]);
    return this.presenter.present(member, counts.get(member.userId)!);
  }
}
