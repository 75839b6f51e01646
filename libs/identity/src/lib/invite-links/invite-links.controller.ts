import { BadRequestException, Body, Controller, Delete, ForbiddenException, Get, HttpCode, NotFoundException, Optional, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ListEnvelope, ListEnvelopeDto, ListQueryDto, referenceProperty, toListEnvelope } from '@docs/platform';
import type { Response } from 'express';
import { Membership, OrganizationAccess } from '../access/organization-access';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { MEMBER_ROLES, roleAtLeast } from '../members/member-role';
import { OrganizationsService } from '../organizations/organizations.service';
import { CreateInviteLinkDto, UpdateInviteLinkDto } from './dto/invite-link-body.dto';
import type { InviteLinkEntity } from './invite-link.entity';
import { InviteLinkDto, InviteLinkPresenter } from './invite-link.presenter';
import { InviteLinkTarget, InviteLinkTargets, PresentedTarget, targetKey } from './invite-link-targets';
import { InviteLinkGift, InviteLinksService, targetOf } from './invite-links.service';

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
  @ApiPropertyOptional({
    enum: [...MEMBER_ROLES],
    nullable: true,
    description: 'A link to the organization: the role people join with (null: guests). In lists, null for a link to a space or collection too.',
  })
  role?: InviteLinkDto['role'];
  @ApiPropertyOptional({ enum: [...MEMBER_ROLES], description: 'A link to a space or collection: the level joining grants there.' }) level?: InviteLinkDto['level'];
  @ApiPropertyOptional(referenceProperty('Space', { description: 'A link to a space: the space, as the caller sees it.' })) space?: object;
  @ApiPropertyOptional(referenceProperty('Collection', { description: 'A link to a collection: the collection, as the caller sees it.' })) collection?: object;
  @ApiProperty({ description: 'The caller already holds what the link gives: at least its role, or at least its level on its space or collection.' }) redundant: boolean;
  @ApiProperty({ type: InviteLinkOrganizationDto, description: 'Extension: the organization joined through the link.' }) organization: InviteLinkOrganizationDto;
  @ApiProperty({ format: 'date-time', description: 'Extension.' }) createdAt: string;
  @ApiProperty({ format: 'date-time', description: 'Extension: after this, the link lets nobody join.' }) expiresAt: string;
  @ApiProperty({ type: InviteLinkUrlsDto, description: 'Extension.' }) urls: InviteLinkUrlsDto;
}

class InviteLinkListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [InviteLinkSchemaDto] }) items: InviteLinkDto[];
}

/**
 * Invite links of an organization. Admins list every link and make, change and delete links to
 * the organization; whoever administers a space or collection (its `viewInviteLinks`) makes,
 * changes and deletes links to it. Anyone signed in who holds a link's id may read it (the join
 * page shows what it is for before joining).
 */
@ApiTags('organization-invites')
@Controller('v1/orgs/:organizationId/link-invites')
export class InviteLinksController {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly links: InviteLinksService,
    private readonly organizations: OrganizationsService,
    private readonly presenter: InviteLinkPresenter,
    @Optional() private readonly targets?: InviteLinkTargets,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listOrganizationInviteLinks', summary: 'The invite links of the organization, expired ones included, newest first (admins).' })
  @ApiOkResponse({ type: InviteLinkListDto })
  @ApiErrors(400, 403, 404)
  async list(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListQueryDto): Promise<ListEnvelope<InviteLinkDto>> {
    const membership = await this.access.requireRole(organizationId, caller, 'admin', 'see the invite links');
    const [organization, page] = await Promise.all([this.organizations.get(organizationId), this.links.list(organizationId, query)]);
    const targets = await this.presentTargets(organizationId, page.items, caller.userId);
    // A link whose space or collection went in the moment since the page was read went with it.
    const shown = { ...page, items: page.items.filter((link) => link.level === null || targets.has(targetKey(targetOf(link)!))) };
    return toListEnvelope(shown, (link) => this.presenter.present(link, organization, membership, targetFor(link, targets), 'list-item'));
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    operationId: 'createOrganizationInvite',
    summary:
      'A new invite link, valid 30 days: `{role}` to the organization (admins), or `{level, space}` / `{level, collection}`, which makes people guests with that level there (whoever administers the space or collection).',
  })
  @ApiCreatedResponse({ type: InviteLinkSchemaDto })
  @ApiErrors(400, 403, 404)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateInviteLinkDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<InviteLinkDto> {
    let membership: Membership;
    let gift: InviteLinkGift;
    if (body.level !== undefined) {
      const target: InviteLinkTarget = body.space !== undefined ? { kind: 'space', id: body.space } : { kind: 'collection', id: body.collection! };
      membership = await this.access.require(organizationId, caller);
      await this.requireTargets(organizationId, target).requireAdministrable(organizationId, target, caller, body.level, false);
      gift = { level: body.level, target };
    } else {
      membership = await this.access.requireRole(organizationId, caller, 'admin', 'create invite links to the organization');
      gift = { role: body.role ?? null };
    }
    const link = await this.links.create(organizationId, caller.userId, gift);
    res.setHeader('Location', `/v1/orgs/${organizationId}/link-invites/${link.id}`);
    return this.presentOne(link, membership, caller);
  }

  @Get(':inviteId')
  @ApiOperation({ operationId: 'getOrganizationInviteLink', summary: "An invite link, for anyone signed in who has its id (the link's secret)." })
  @ApiOkResponse({ type: InviteLinkSchemaDto })
  @ApiErrors(404)
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('inviteId') inviteId: string): Promise<InviteLinkDto> {
    const link = await this.links.get(organizationId, inviteId);
    return this.presentOne(link, await this.access.find(organizationId, caller.userId), caller);
  }

  @Patch(':inviteId')
  @ApiOperation({
    operationId: 'updateOrganizationInviteById',
    summary: "Change an invite link: `{role}` of a link to the organization (admins), `{level}` of a link to a space or collection (whoever administers it).",
  })
  @ApiOkResponse({ type: InviteLinkSchemaDto })
  @ApiErrors(400, 403, 404)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('inviteId') inviteId: string,
    @Body() body: UpdateInviteLinkDto,
  ): Promise<InviteLinkDto> {
    const membership = await this.access.require(organizationId, caller);
    // 404 before 403: an id the organization does not have is a 404 for every member.
    const link = await this.links.get(organizationId, inviteId);
    const target = targetOf(link);
    if (target) {
      if (body.level === undefined) throw new BadRequestException(`Invite link ${inviteId} is to a ${target.kind}: change its level, not a role.`);
      await this.requireTargets(organizationId, target).requireAdministrable(organizationId, target, caller, body.level, true);
      return this.presentOne(await this.links.update(link, { level: body.level }), membership, caller);
    }
    requireAdmin(membership.role, 'change invite links to the organization');
    if (body.role === undefined) throw new BadRequestException(`Invite link ${inviteId} is to the organization: change its role, not a level.`);
    return this.presentOne(await this.links.update(link, { role: body.role }), membership, caller);
  }

  @Delete(':inviteId')
  @ApiOperation({
    operationId: 'deleteOrganizationInviteById',
    summary:
      'Delete an invite link (admins, or whoever administers its space or collection): 205 when it was deleted, 204 when the organization had no such link (admins, as the reference).',
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
      const link = await this.links.get(organizationId, inviteId);
      const target = targetOf(link);
      if (!target) requireAdmin(membership.role, 'delete invite links to the organization');
      else await this.requireTargets(organizationId, target).requireAdministrable(organizationId, target, caller, link.level!, true);
    }
    res.status((await this.links.delete(organizationId, inviteId)) ? 205 : 204);
  }

  /** One link as the caller sees it; a link whose space or collection is gone is a 404, like a deleted link. */
  private async presentOne(link: InviteLinkEntity, membership: Membership | undefined, caller: Caller): Promise<InviteLinkDto> {
    const [organization, targets] = await Promise.all([this.organizations.get(link.organizationId), this.presentTargets(link.organizationId, [link], caller.userId)]);
    const target = targetFor(link, targets);
    if (link.level !== null && !target) throw new NotFoundException(`Organization ${link.organizationId} has no invite link ${link.id}.`);
    return this.presenter.present(link, organization, membership, target);
  }

  private presentTargets(organizationId: string, links: InviteLinkEntity[], userId: string): Promise<Map<string, PresentedTarget>> {
    const targets = links.map(targetOf).filter((target): target is InviteLinkTarget => target !== undefined);
    if (targets.length === 0 || !this.targets) return Promise.resolve(new Map());
    return this.targets.present(organizationId, targets, userId);
  }

  /** Content's targets; without content there is no space or collection: a 404. */
  private requireTargets(organizationId: string, target: InviteLinkTarget): InviteLinkTargets {
    if (!this.targets) throw new NotFoundException(`No ${target.kind} has the id ${target.id}.`);
    return this.targets;
  }
}

function targetFor(link: InviteLinkEntity, targets: Map<string, PresentedTarget>): PresentedTarget | undefined {
  const target = targetOf(link);
  return target && targets.get(targetKey(target));
}

function requireAdmin(role: Parameters<typeof roleAtLeast>[0], action: string): void {
  if (!roleAtLeast(role, 'admin')) throw new ForbiddenException(`Only members with the admin role can ${action}.`);
}
