import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock, EventOutbox, newId, Page, Paginator, sortKey } from '@docs/platform';
import { DataSource } from 'typeorm';
import { MemberEntity } from '../members/member.entity';
import type { MemberRoleOrGuest } from '../members/member-role';
import { InviteLinkEntity } from './invite-link.entity';

/** How long an invite link lets people join (the reference's `CreateInviteToOrganization` has no expiry of its own). */
export const INVITE_LINK_LIFETIME_DAYS = 30;

/** What joining did: `joined` false when the caller already was a member (nothing changed). */
export interface JoinResult {
  joined: boolean;
  role: MemberRoleOrGuest;
}

/**
 * Invite links of an organization (admins create, change and delete them) and joining: through a
 * link, with its role, or because the person's email domain is one of the organization's
 * `emailDomains`, with its `defaultRole`. A member who joins again keeps their membership as it is.
 */
@Injectable()
export class InviteLinksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
    private readonly events: EventOutbox,
  ) {}

  /** The organization's links, expired ones included (an admin deletes them), newest first. */
  list(organizationId: string, page: { page?: string; limit?: number }): Promise<Page<InviteLinkEntity>> {
    const query = this.dataSource.getRepository(InviteLinkEntity).createQueryBuilder('l').where('l.organization_id = :organizationId', { organizationId });
    return this.paginator.paginate(
      query,
      [sortKey<InviteLinkEntity>('l.created_at', 'DESC', 'timestamp', (l) => l.createdAt), sortKey<InviteLinkEntity>('l.id', 'DESC', 'text', (l) => l.id)],
      { scope: `invite-links:${organizationId}`, ...page },
    );
  }

  async create(organizationId: string, createdBy: string, role: MemberRoleOrGuest): Promise<InviteLinkEntity> {
    const now = this.clock.now();
    const link = Object.assign(new InviteLinkEntity(), {
      id: newId(),
      organizationId,
      role,
      createdBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITE_LINK_LIFETIME_DAYS * 24 * 3600 * 1000),
    });
    await this.dataSource.getRepository(InviteLinkEntity).insert(link);
    return link;
  }

  /** A link of this organization, expired or not; 404 for any other id (another organization's included). */
  async get(organizationId: string, inviteId: string): Promise<InviteLinkEntity> {
    const link = await this.dataSource.getRepository(InviteLinkEntity).findOneBy({ id: inviteId, organizationId });
    if (!link) throw new NotFoundException(`Organization ${organizationId} has no invite link ${inviteId}.`);
    return link;
  }

  async update(organizationId: string, inviteId: string, role: MemberRoleOrGuest): Promise<InviteLinkEntity> {
    const link = await this.get(organizationId, inviteId);
    await this.dataSource.getRepository(InviteLinkEntity).update({ id: link.id }, { role });
    return Object.assign(link, { role });
  }

  /** True when a link was deleted; false when the organization had none with this id. */
  async delete(organizationId: string, inviteId: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(InviteLinkEntity).delete({ id: inviteId, organizationId });
    return (result.affected ?? 0) > 0;
  }

  /**
   * Makes `user` a member of the organization: through the link `inviteId` (unknown, deleted or
   * another organization's: 404; expired: 400), or, without one, because their email's domain is
   * one of the organization's `emailDomains` (else 400). Someone already a member keeps their
   * role; a disabled membership stays disabled (403).
   */
  async join(organizationId: string, user: { id: string; email: string }, inviteId: string | undefined): Promise<JoinResult> {
    return this.dataSource.transaction(async (tx) => {
      let role: MemberRoleOrGuest;
      if (inviteId !== undefined) {
        const [link]: { role: MemberRoleOrGuest; expires_at: Date }[] = await tx.query(
          `SELECT role, expires_at FROM organization_invite_links WHERE id = $1 AND organization_id = $2 FOR SHARE`,
          [inviteId, organizationId],
        );
        if (!link) throw new NotFoundException(`Organization ${organizationId} has no invite link ${inviteId}.`);
        if (link.expires_at.getTime() <= this.clock.now().getTime()) {
          throw new BadRequestException(`The invite link ${inviteId} has expired: ask an admin of the organization for a new one.`);
        }
        role = link.role;
      } else {
        const [organization]: { email_domains: string[]; default_role: MemberRoleOrGuest }[] = await tx.query(
          `SELECT email_domains, default_role FROM organizations WHERE id = $1`,
          [organizationId],
        );
        if (!organization) throw new NotFoundException(`No organization has the id ${organizationId}.`);
        const domain = emailDomainOf(user.email);
        if (!organization.email_domains.includes(domain)) {
          throw new BadRequestException(`Organization ${organizationId} does not let people of ${domain} join: ask for an invite link.`);
        }
        role = organization.default_role;
      }
      const [existing]: { role: MemberRoleOrGuest; disabled: boolean }[] = await tx.query(
        `SELECT role, disabled FROM organization_members WHERE organization_id = $1 AND user_id = $2`,
        [organizationId, user.id],
      );
      if (existing?.disabled) throw new ForbiddenException(`Your membership of organization ${organizationId} is disabled: an admin can enable it.`);
      if (existing) return { joined: false, role: existing.role };
      const inserted = await tx
        .createQueryBuilder()
        .insert()
        .into(MemberEntity)
        .values({ organizationId, userId: user.id, role, disabled: false, sso: false, joinedAt: this.clock.now(), lastSeenAt: null })
        .orIgnore()
        .returning('user_id')
        .execute();
      // A concurrent join of the same person added them first: theirs stands.
      if ((inserted.raw as unknown[]).length === 0) return { joined: false, role };
      await this.events.emit(tx, { type: 'member_added', organizationId, actor: user.id, payload: { userId: user.id, role } });
      return { joined: true, role };
    });
  }
}

/** The part of an address after its last `@`, lower-cased (addresses are stored lower-cased). */
export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}
