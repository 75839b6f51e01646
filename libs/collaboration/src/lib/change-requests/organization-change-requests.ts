import { Injectable } from '@nestjs/common';
import { ContentAccess, readableSpacesSql } from '@docs/content';
import type { DefaultLevel } from '@docs/content';
import { Caller, UsersService } from '@docs/identity';
import { composedStatement, ListEnvelope, Paginator, sortKey, SqlPool, toListEnvelope } from '@docs/platform';
import { ChangeRequestEntity } from './change-request.entity';
import { ChangeRequestPresenter } from './change-request.presenter';
import type { ListChangeRequestsQueryDto } from './dto/list-change-requests-query.dto';

/** A change request with what presenting it needs of its space. */
interface Listed {
  changeRequest: ChangeRequestEntity;
  space: { id: string; revisionId: string; parentId: string | null; defaultLevel: DefaultLevel };
}

/**
 * The change requests of every space of an organization the caller can read
 * (`listChangeRequestsForOrganization`): one status (the reference's default: open), optionally
 * one creator or contributor, newest first, keyset-paged on (created_at, id) along
 * `change_requests_organization_idx`; spaces the caller cannot read, and deleted ones, are left
 * out in the same statement.
 */
@Injectable()
export class OrganizationChangeRequests {
  constructor(
    private readonly access: ContentAccess,
    private readonly paginator: Paginator,
    private readonly presenter: ChangeRequestPresenter,
    private readonly users: UsersService,
    private readonly sql: SqlPool,
  ) {}

  async list(organizationId: string, caller: Caller, query: ListChangeRequestsQueryDto): Promise<ListEnvelope<Record<string, unknown>>> {
    const scope = await this.access.requireOrganization(organizationId, caller);
    const status = query.status ?? 'open';
    const values: unknown[] = [];
    const param = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    const readable = readableSpacesSql(scope, param);
    if (readable === undefined) return { items: [], count: 0 };
    let where = `cr.organization_id = ${param(organizationId)} AND cr.status = ${param(status)} AND ${readable}`;
    if (query.creator) where += ` AND cr.created_by = ${param(query.creator)}`;
    if (query.contributor) {
      where += ` AND EXISTS (SELECT 1 FROM change_request_contributors c WHERE c.change_request_id = cr.id AND c.user_id = ${param(query.contributor)})`;
    }
    const from = `FROM change_requests cr JOIN spaces s ON s.id = cr.space_id WHERE ${where}`;
    const countSql = `SELECT count(*)::int AS count ${from}`;
    const page = await this.paginator.paginateSql<Listed>(
      {
        name: 'collaboration_org_change_requests',
        sql: `SELECT cr.*, s.revision_id AS space_revision_id, s.parent_id AS space_parent_id, s.default_level AS space_default_level ${from}`,
        values,
        item: listedFromRow,
        countSql,
        count: async () => (await this.sql.rows<{ count: number }>(composedStatement('collaboration_org_change_requests_count', countSql), values))[0].count,
      },
      [
        sortKey<Listed>('cr.created_at', 'DESC', 'timestamp', (listed) => listed.changeRequest.createdAt),
        sortKey<Listed>('cr.id', 'DESC', 'text', (listed) => listed.changeRequest.id),
      ],
      { scope: ['org-change-requests', organizationId, status, query.creator ?? '', query.contributor ?? ''].join(':'), page: query.page, limit: query.limit },
    );
    const creators = await this.users.byIds(page.items.map((listed) => listed.changeRequest.createdBy));
    return toListEnvelope(page, ({ changeRequest, space }) =>
      this.presenter.present(changeRequest, {
        spaceRevisionId: space.revisionId,
        level: scope.spaceLevel(space),
        callerId: caller.userId,
        creator: changeRequest.createdBy ? creators.get(changeRequest.createdBy) : undefined,
      }),
    );
  }
}

function listedFromRow(row: Record<string, any>): Listed {
  const changeRequest = Object.assign(new ChangeRequestEntity(), {
    id: row.id,
    organizationId: row.organization_id,
    spaceId: row.space_id,
    number: row.number,
    status: row.status,
    subject: row.subject,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revisionId: row.revision_id,
    revisionInitialId: row.revision_initial_id,
    baseRevisionId: row.base_revision_id,
    revisionMergedAncestorId: row.revision_merged_ancestor_id,
    revisionMergedId: row.revision_merged_id,
    comments: row.comments,
    unresolvedConflicts: row.unresolved_conflicts,
  });
  return { changeRequest, space: { id: row.space_id, revisionId: row.space_revision_id, parentId: row.space_parent_id, defaultLevel: row.space_default_level } };
}
