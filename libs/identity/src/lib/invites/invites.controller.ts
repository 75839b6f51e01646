import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@docs/platform';
import { OrganizationAccess } from '../access/organization-access';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { InviteUsersDto } from './dto/invite-users.dto';
import { InviteResult, InvitesService } from './invites.service';

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
  ) {}

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
