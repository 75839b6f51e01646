import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ListEnvelope, ListQueryDto, toListEnvelope } from '@docs/platform';
import { OrganizationAccess } from '../access/organization-access';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { InviteUsersDto } from './dto/invite-users.dto';
import { InviteResult, InvitesService } from './invites.service';
import { PendingInvitationDto, PendingInvitationListDto } from './pending-invitation.dto';
import { PendingInvitation, PendingInvitations } from './pending-invitations';

class InviteResultDto implements Omit<InviteResult, 'links'> {
  @ApiProperty({ type: [String], description: 'Ids of the users added to the organization.' }) users: string[];
  @ApiProperty({ type: 'integer' }) invited: number;
  @ApiPropertyOptional({ type: [String] }) failedSSOEmails?: string[];
}

@ApiTags('organization-invites')
@Controller('v1/orgs/:organizationId/invites')
export class InvitesController {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly invites: InvitesService,
    private readonly pending: PendingInvitations,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listPendingInvitations',
    summary: 'Extension: the invitations not accepted yet (link unused and unexpired, no password chosen), newest first (admins only).',
  })
  @ApiOkResponse({ type: PendingInvitationListDto })
  @ApiErrors(400, 403, 404)
  async list(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListQueryDto): Promise<ListEnvelope<PendingInvitationDto>> {
    await this.access.requireRole(organizationId, caller, 'admin', 'see the pending invitations');
    return toListEnvelope(await this.pending.list(organizationId, query), presentPendingInvitation);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'inviteUsersToOrganization',
    summary: 'Invite addresses as members (admins only). Unknown addresses become users; existing members are unchanged.',
  })
  @ApiOkResponse({ type: InviteResultDto })
  @ApiErrors(400, 403, 404)
  async invite(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: InviteUsersDto,
  ): Promise<InviteResultDto> {
    await this.access.requireRole(organizationId, caller, 'admin', 'invite members');
    // The links are for the mails (and the CLI), never for the inviter's answer.
    const { links: _links, ...result } = await this.invites.invite(organizationId, caller.userId, body);
    return result;
  }
}

function presentPendingInvitation({ link, role }: PendingInvitation): PendingInvitationDto {
  return {
    object: 'invitation',
    id: link.id,
    email: link.user.email,
    userId: link.userId,
    role,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
  };
}
