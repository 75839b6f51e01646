import { Body, Controller, Delete, ForbiddenException, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ListEnvelope, ListEnvelopeDto, ListQueryDto, toListEnvelope } from '@docs/platform';
import type { Response } from 'express';
import { OrganizationAccess } from '../access/organization-access';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { roleAtLeast } from '../members/member-role';
import { OrganizationsService } from '../organizations/organizations.service';
import { InviteLinkRoleDto } from './dto/invite-link-role.dto';
import { InviteLinkDto, InviteLinkPresenter } from './invite-link.presenter';
import { InviteLinksService } from './invite-links.service';

class InviteLinkOrganizationDto {
  @ApiProperty() id: string;
  @ApiProperty() title: string;
}

class InviteLinkUrlsDto {
  @ApiProperty({ format: 'uri', description: "The app's join page of the link." }) app: string;
}

class InviteLinkSchemaDto implements InviteLinkDto {
  @ApiProperty({ enum: ['invite'] }) object: 'invite';
  @ApiProperty({ description: "The link's id: its secret." }) id: string;
  @ApiProperty({ enum: ['admin', 'create', 'review', 'edit', 'comment', 'read'], nullable: true }) role: InviteLinkDto['role'];
  @ApiProperty({ description: 'The caller already holds at least this role.' }) redundant: boolean;
  @ApiProperty({ type: InviteLinkOrganizationDto, description: 'Extension: the organization joined through the link.' }) organization: InviteLinkOrganizationDto;
  @ApiProperty({ format: 'date-time', description: 'Extension.' }) createdAt: string;
  @ApiProperty({ format: 'date-time', description: 'Extension: after this, the link lets nobody join.' }) expiresAt: string;
  @ApiProperty({ type: InviteLinkUrlsDto, description: 'Extension.' }) urls: InviteLinkUrlsDto;
}

class InviteLinkListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [InviteLinkSchemaDto] }) items: InviteLinkDto[];
}

/**
 * Invite links of an organization. Admins list, create, change and delete them; anyone signed in
 * who holds a link's id may read it (the join page shows what it is for before joining).
 */
@ApiTags('organization-invites')
@Controller('v1/orgs/:organizationId/link-invites')
export class InviteLinksController {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly links: InviteLinksService,
    private readonly organizations: OrganizationsService,
    private readonly presenter: InviteLinkPresenter,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listOrganizationInviteLinks', summary: 'The invite links of the organization, expired ones included, newest first (admins).' })
  @ApiOkResponse({ type: InviteLinkListDto })
  @ApiErrors(400, 403, 404)
  async list(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListQueryDto): Promise<ListEnvelope<InviteLinkDto>> {
    const membership = await this.access.requireRole(organizationId, caller, 'admin', 'see the invite links');
    const organization = await this.organizations.get(organizationId);
    return toListEnvelope(await this.links.list(organizationId, query), (link) => this.presenter.present(link, organization, membership));
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'createOrganizationInvite', summary: 'A new invite link with a role (admins); it lets people join for 30 days.' })
  @ApiCreatedResponse({ type: InviteLinkSchemaDto })
  @ApiErrors(400, 403, 404)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: InviteLinkRoleDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<InviteLinkDto> {
    const membership = await this.access.requireRole(organizationId, caller, 'admin', 'create invite links');
    const organization = await this.organizations.get(organizationId);
    const link = await this.links.create(organizationId, caller.userId, body.role);
    res.setHeader('Location', `/v1/orgs/${organizationId}/link-invites/${link.id}`);
    return this.presenter.present(link, organization, membership);
  }

  @Get(':inviteId')
  @ApiOperation({ operationId: 'getOrganizationInviteLink', summary: "An invite link, for anyone signed in who has its id (the link's secret)." })
  @ApiOkResponse({ type: InviteLinkSchemaDto })
  @ApiErrors(404)
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('inviteId') inviteId: string): Promise<InviteLinkDto> {
    const link = await this.links.get(organizationId, inviteId);
    const [organization, membership] = await Promise.all([this.organizations.get(organizationId), this.access.find(organizationId, caller.userId)]);
    return this.presenter.present(link, organization, membership);
  }

  @Patch(':inviteId')
  @ApiOperation({ operationId: 'updateOrganizationInviteById', summary: "Change an invite link's role (admins)." })
  @ApiOkResponse({ type: InviteLinkSchemaDto })
  @ApiErrors(400, 403, 404)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('inviteId') inviteId: string,
    @Body() body: InviteLinkRoleDto,
  ): Promise<InviteLinkDto> {
    const membership = await this.access.require(organizationId, caller);
    // 404 before 403: an id the organization does not have is a 404 for every member.
    await this.links.get(organizationId, inviteId);
    requireAdmin(membership.role, 'change invite links');
    const organization = await this.organizations.get(organizationId);
    return this.presenter.present(await this.links.update(organizationId, inviteId, body.role), organization, membership);
  }

  @Delete(':inviteId')
  @ApiOperation({
    operationId: 'deleteOrganizationInviteById',
    summary: 'Delete an invite link (admins): 205 when it was deleted, 204 when the organization had no such link (as the reference).',
  })
  @ApiResetContentResponse({ description: 'Deleted.' })
  @ApiNoContentResponse({ description: 'The organization had no such link (admins).' })
  @ApiErrors(403, 404)
  async delete(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('inviteId') inviteId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const membership = await this.access.require(organizationId, caller);
    if (membership.role !== 'admin') {
      await this.links.get(organizationId, inviteId);
      requireAdmin(membership.role, 'delete invite links');
    }
    res.status((await this.links.delete(organizationId, inviteId)) ? 205 : 204);
  }
}

function requireAdmin(role: Parameters<typeof roleAtLeast>[0], action: string): void {
  if (!roleAtLeast(role, 'admin')) throw new ForbiddenException(`Only members with the admin role can ${action}.`);
}
