import { Injectable } from '@nestjs/common';
import { Caller, MemberRole, UserEntity } from '@docs/identity';
import { Page, Paginator, preparedStatement, SqlPool, sortKey } from '@docs/platform';
import { SiteAccess } from '../access/site-access';

/** Members with a role in organization $1: who reads its sites. */
const READERS_COUNT = `SELECT count(*)::int FROM organization_members m WHERE m.organization_id = $1 AND NOT m.disabled AND m.role IS NOT NULL`;
const COUNT_READERS = preparedStatement('sites_permission_aggregate_count', `${READERS_COUNT.replace('count(*)::int', 'count(*)::int AS count')}`);

export interface SiteReader {
  user: UserEntity;
  role: MemberRole;
}

/**
 * listPermissionsAggregateInSite: who can reach a site. Sites are read by every member with a
 * role (`sitePolicy.read`), at that role; guests and grants on spaces open no site. One statement
 * per page (organization_members_pkey order, the count as an uncorrelated subquery).
 */
@Injectable()
export class SitePermissions {
  constructor(
    private readonly access: SiteAccess,
    private readonly paginator: Paginator,
    private readonly sql: SqlPool,
  ) {}

  async aggregate(organizationId: string, siteId: string, caller: Caller, page: { page?: string; limit?: number }): Promise<Page<SiteReader>> {
    await this.access.site(organizationId, siteId, caller, 'read', 'see who can reach it');
    return this.paginator.paginateSql<SiteReader>(
      {
        name: 'sites_permission_aggregate',
        sql: `SELECT m.user_id, m.role, u.email, u.display_name, u.photo_url, u.created_at
                FROM organization_members m JOIN users u ON u.id = m.user_id
               WHERE m.organization_id = $1 AND NOT m.disabled AND m.role IS NOT NULL`,
        countSql: READERS_COUNT,
        values: [organizationId],
        count: async () => (await this.sql.first<{ count: number }>(COUNT_READERS, [organizationId]))?.count ?? 0,
        item: (row) => ({
          role: row.role,
          user: Object.assign(new UserEntity(), { id: row.user_id, email: row.email, displayName: row.display_name, photoUrl: row.photo_url, createdAt: row.created_at }),
        }),
      },
      [sortKey<SiteReader>('m.user_id', 'ASC', 'text', (reader) => reader.user.id)],
      { scope: `site-aggregate:${siteId}`, ...page },
    );
  }
}
