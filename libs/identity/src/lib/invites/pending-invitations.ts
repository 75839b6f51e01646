import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock, Page, Paginator, sortKey } from '@docs/platform';
import { DataSource } from 'typeorm';
import { AccountLinkEntity } from '../account-links/account-link.entity';
import type { MemberRoleOrGuest } from '../members/member-role';

/** An invitation its member has not accepted yet, with the role they hold meanwhile. */
export interface PendingInvitation {
  link: AccountLinkEntity & { user: { email: string } };
  role: MemberRoleOrGuest;
}

/**
 * The invitations of an organization still waiting for their reader: an invitation link not used
 * and not expired, to someone who is still a member and has no password yet (a person who has one
 * needs no acceptance: they sign in). Newest first.
 */
@Injectable()
export class PendingInvitations {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
  ) {}

  async list(organizationId: string, page: { page?: string; limit?: number }): Promise<Page<PendingInvitation>> {
    const query = this.dataSource
      .getRepository(AccountLinkEntity)
      .createQueryBuilder('l')
      .innerJoinAndSelect('l.user', 'u')
      .where(`l.purpose = 'invitation' AND l.organization_id = :organizationId AND l.used_at IS NULL AND l.expires_at > :now`, {
        organizationId,
        now: this.clock.now(),
      })
      .andWhere('EXISTS (SELECT 1 FROM organization_members m WHERE m.organization_id = l.organization_id AND m.user_id = l.user_id)')
      .andWhere('NOT EXISTS (SELECT 1 FROM user_passwords p WHERE p.user_id = l.user_id)');
    const links = await this.paginator.paginate(
      query,
      [sortKey<AccountLinkEntity>('l.created_at', 'DESC', 'timestamp', (l) => l.createdAt), sortKey<AccountLinkEntity>('l.id', 'DESC', 'text', (l) => l.id)],
      { scope: `pending-invitations:${organizationId}`, ...page },
    );
    const userIds = links.items.map((link) => link.userId);
    const roles = new Map<string, MemberRoleOrGuest>();
    if (userIds.length > 0) {
      const rows = (await this.dataSource.query(`SELECT user_id, role FROM organization_members WHERE organization_id = $1 AND user_id = ANY($2)`, [
        organizationId,
        userIds,
      ])) as { user_id: string; role: MemberRoleOrGuest }[];
      for (const row of rows) roles.set(row.user_id, row.role);
    }
    return {
      ...links,
      items: links.items.map((link) => ({ link: link as PendingInvitation['link'], role: roles.get(link.userId) ?? null })),
    };
  }
}
