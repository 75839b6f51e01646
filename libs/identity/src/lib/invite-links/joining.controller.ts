import { Body, Controller, ForbiddenException, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@docs/platform';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { OrganizationDto } from '../organizations/organization.dto';
import { OrganizationPresenter } from '../organizations/organization.presenter';
import { OrganizationsService } from '../organizations/organizations.service';
import { UsersService } from '../users/users.service';
import { JoinOrganizationDto } from './dto/join-organization.dto';
import { emailDomainOf, InviteLinksService } from './invite-links.service';

class OrganizationsForDomainDto {
  @ApiProperty({ type: [OrganizationDto] }) organizations: OrganizationDto[];
}

/** A signed-in person joining an organization: through an invite link, or by their email domain. */
@ApiTags('organizations')
@Controller('v1')
export class JoiningController {
  constructor(
    private readonly links: InviteLinksService,
    private readonly users: UsersService,
    private readonly organizations: OrganizationsService,
    private readonly presenter: OrganizationPresenter,
  ) {}

  @Post('orgs/:organizationId/join')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'joinOrganization',
    summary:
      "Join with an invite link's role (`{invite}`), or, without one, with the organization's `defaultRole` when the caller's email domain is one of its `emailDomains`. A member stays as they are.",
  })
  @ApiNoContentResponse({ description: 'The caller is a member.' })
  @ApiErrors(400, 403, 404)
  async join(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Body() body: JoinOrganizationDto): Promise<void> {
    const user = caller.user ?? (await this.users.get(caller.userId));
    await this.links.join(organizationId, user, body?.invite);
  }

  @Get('email-domains/:emailDomain/orgs')
  @ApiOperation({
    operationId: 'getOrganizationsForEmailDomain',
    summary: "The organizations that let people of the caller's own email domain join (another domain: 403).",
  })
  @ApiOkResponse({ type: OrganizationsForDomainDto })
  @ApiErrors(403)
  async forEmailDomain(@CurrentCaller() caller: Caller, @Param('emailDomain') emailDomain: string): Promise<OrganizationsForDomainDto> {
    const user = caller.user ?? (await this.users.get(caller.userId));
    const domain = emailDomain.toLowerCase();
    // Which organizations let a domain in is theirs to tell to that domain's people only.
    if (domain !== emailDomainOf(user.email)) throw new ForbiddenException(`You can only look up the domain of your own email address (${emailDomainOf(user.email)}).`);
    const found = await this.organizations.forEmailDomain(domain, caller.userId);
    return { organizations: found.map((entry) => this.presenter.present(entry.organization, entry.member ? { role: entry.role, ownsTeam: entry.ownsTeam } : undefined)) };
  }
}
