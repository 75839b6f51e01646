import { BadRequestException, ForbiddenException, Injectable, NotFoundException, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock, EventOutbox, newId, Page, Paginator, sortKey } from '@docs/platform';
import { DataSource } from 'typeorm';
import { MemberEntity } from '../members/member.entity';
import type { MemberRole, MemberRoleOrGuest } from '../members/member-role';
import { InviteLinkEntity } from './invite-link.entity';
import { InviteLinkTarget, InviteLinkTargets } from './invite-link-targets';

/** How long an invite link lets people join (the reference's `CreateInviteToOrganization` has no expiry of its own). */
export const INVITE_LINK_LIFETIME_DAYS = 30;

/** What a new link gives: a role in the organization, or a level on one space or collection (joining as a guest). */
export type InviteLinkGift = { role: MemberRoleOrGuest } | { level: MemberRole; target: InviteLinkTarget };

/** The space or collection a link is to; undefined for a link to the organization. */
export function targetOf(link: Pick<InviteLinkEntity, 'spaceId' | 'collectionId'>): InviteLinkTarget | undefined {
  if (link.spaceId !== null) return { kind: 'space', id: link.spaceId };
  if (link.collectionId !== null) return { kind: 'collection', id: link.collectionId };
  return undefined;
}

/** What joining did: `joined` false when the caller already was a member (their role unchanged). */
export interface JoinResult {
  joined: boolean;
  role: MemberRoleOrGuest;
}

/**
 * Invite links of an organization (admins create, change and delete them) and joining: through a
 * link, with its role, or because the person's email domain is one of the organization's
 * `emailDomains`, with its `defaultRole`. A member who joins again keeps their role. A link to a
 * space or collection makes a guest of someone not yet a member, and grants its level there
 * (through content's `InviteLinkTargets`) in the same transaction.
 */
@Injectable()
export class InviteLinksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
    private readonly events: EventOutbox,
    @Optional() private readonly targets?: InviteLinkTargets,
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

  /** A new link (the caller's right to make it is checked before). */
  async create(organizationId: string, createdBy: string, gift: InviteLinkGift): Promise<InviteLinkEntity> {
    const now = this.clock.now();
    const target = 'target' in gift ? gift.target : undefined;
    const link = Object.assign(new InviteLinkEntity(), {
      id: newId(),
      organizationId,
      role: 'role' in gift ? gift.role : null,
      spaceId: target?.kind === 'space' ? target.id : null,
      collectionId: target?.kind === 'collection' ? target.id : null,
      level: 'level' in gift ? gift.level : null,
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

  /** Sets the role of a link to the organization, or the level of a link to a space or collection (checked before). */
  async update(link: InviteLinkEntity, change: { role: MemberRoleOrGuest } | { level: MemberRole }): Promise<InviteLinkEntity> {
    await this.dataSource.getRepository(InviteLinkEntity).update({ id: link.id, organizationId: link.organizationId }, change);
    return Object.assign(link, change);
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
      let grant: { target: InviteLinkTarget; level: MemberRole } | undefined;
      if (inviteId !== undefined) {
        const [link]: { role: MemberRoleOrGuest; expires_at: Date; space_id: string | null; collection_id: string | null; level: MemberRole | null }[] =
          await tx.query(
            `SELECT role, expires_at, space_id, collection_id, level FROM organization_invite_links WHERE id = $1 AND organization_id = $2 FOR SHARE`,
            [inviteId, organizationId],
          );
        if (!link) throw new NotFoundException(`Organization ${organizationId} has no invite link ${inviteId}.`);
        if (link.expires_at.getTime() <= this.clock.now().getTime()) {
          throw new BadRequestException(`The invite link ${inviteId} has expired: ask an admin of the organization for a new one.`);
        }
        role = link.role;
        const target = targetOf({ spaceId: link.space_id, collectionId: link.collection_id });
        if (target && link.level !== null) grant = { target, level: link.level };
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
      let result: JoinResult = { joined: false, role: existing?.role ?? role };
      if (!existing) {
        const inserted = await tx
          .createQueryBuilder()
          .insert()
          .into(MemberEntity)
          .values({ organizationId, userId: user.id, role, disabled: false, sso: false, joinedAt: this.clock.now(), lastSeenAt: null })
          .orIgnore()
          .returning('user_id')
          .execute();
        // A concurrent join of the same person added them first: theirs stands.
        if ((inserted.raw as unknown[]).length > 0) {
          await this.events.emit(tx, { type: 'member_added', organizationId, actor: user.id, payload: { userId: user.id, role } });
          result = { joined: true, role };
        }
      }
      if (grant) {
        // Without content there is no space or collection to be granted: the link leads nowhere.
        if (!this.targets) throw new NotFoundException(`The ${grant.target.kind} of this invite link is gone: ask for a new link.`);
        await this.targets.grant(tx, organizationId, grant.target, user.id, grant.level);
      }
      return result;
    });
  }
}

/** The part of an address after its last `@`, lower-cased (addresses are stored lower-cased). */
export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}
