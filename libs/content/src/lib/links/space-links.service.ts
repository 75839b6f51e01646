import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Caller, OrganizationEntity, OrganizationPresenter, TeamOwnership } from '@docs/identity';
import { DEFAULT_PAGE_SIZE, ListEnvelope, Paginator, PublicUrls } from '@docs/platform';
import type { DataSource } from 'typeorm';
import type { JSONDocument } from '@docs/document-model';
import { ContentAccess, OrganizationContent, spaceColumns, spaceFromRow, SpaceAccess, spaceVisibleToMembers } from '../access/content-access';
import { ContentReader, PageTreeNode } from '../content-reads/content-reader.service';
import { FilePresenter } from '../files/file.presenter';
import { FileReads } from '../files/file-reads.service';
import type { PageType } from '../pages/page-node.entity';
import { canonicalVariables } from '../pages/page-node-row';
import { canSee } from '../permissions/content-permissions';
import type { RevisionEntity } from '../revisions/revision.entity';
import type { SpaceDto } from '../spaces/space.dto';
import { SpacePresenter } from '../spaces/space.presenter';
import { LinkPresenter, LinkTargetRow, LocationContext } from './link.presenter';
import { LINK_STATUS_SQL, REVISION_FILES_CTE } from './link-status';

export type LinkStatus = 'ok' | 'broken' | 'in-app';

/** A links list: the envelope plus the reference's `stats`. */
export type LinksList = ListEnvelope<Record<string, unknown>> & { stats: { total: number; broken: { total: number } } };

/** Another content head of the space (a change request's): its index key and head revision. */
export interface LinksHead {
  headKey: string;
  revisionId: string;
}

/** The space's current content, as the links reads see it. */
interface Head {
  access: SpaceAccess;
  headKey: string;
  revision: RevisionEntity;
}

const PAGE_COLUMNS = `hp.head_key, hp.path, n.id::text AS node_id, n.page_id, n.type, n.title, n.slug, n.emoji, n.description, n.hidden,
  n.no_index, n.href, n.document_hash, n.variables, n.created_at, n.updated_at`;

/**
 * Reads of `page_links` for a space's current content: its links grouped by target (all, or
 * those of one page) with their status, and the backlinks of a page or a file. Everything comes
 * from the rows the indexer wrote; statuses are resolved in the same query, so a link turns
 * broken as soon as its target is removed, and ok again when it comes back.
 */
@Injectable()
export class SpaceLinks {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: ContentAccess,
    private readonly paginator: Paginator,
    private readonly urls: PublicUrls,
    private readonly reader: ContentReader,
    private readonly fileReads: FileReads,
    private readonly filePresenter: FilePresenter,
    private readonly spacePresenter: SpacePresenter,
    private readonly organizationPresenter: OrganizationPresenter,
    private readonly teamOwnership: TeamOwnership,
    private readonly presenter: LinkPresenter,
  ) {}

  /** `GET /spaces/{id}/links` (no `pageId`) and `GET .../content/page/{pageId}/links`. */
  async list(
    spaceId: string,
    caller: Caller,
    request: { pageId?: string; status?: LinkStatus; page?: string; limit?: number },
    at?: LinksHead,
  ): Promise<LinksList> {
    const head = await this.head(spaceId, caller, at);
    if (request.pageId !== undefined) await this.requirePage(head, request.pageId);
    const limit = request.limit ?? DEFAULT_PAGE_SIZE;
    const scope = `links:${head.headKey}:${request.pageId ?? ''}:${request.status ?? ''}`;
    const after = request.page ? await this.paginator.decode(scope, request.page, 2) : undefined;
    const space = head.access.space;

    const rows: (LinkTargetRow & { count: number; total: number; broken: number; path_page: string | null })[] = await this.dataSource.query(
      `WITH ${REVISION_FILES_CTE}, groups AS (
         SELECT l.target_key, l.relation, min(l.kind) AS kind, min(l.target_space) AS target_space, min(l.target_page) AS target_page,
                min(l.target_path) AS target_path, min(l.raw_path) AS raw_path, min(l.target_file) AS target_file,
                min(l.anchor) AS anchor, min(l.url) AS url
           FROM page_links l
          WHERE l.head_key = $1 AND ($5::text IS NULL OR l.page_id = $5)
          GROUP BY l.target_key, l.relation
       ), targets AS (
         SELECT g.*, ${LINK_STATUS_SQL} AS status,
                CASE WHEN g.kind = 'path' THEN (SELECT hp.page_id FROM head_pages hp WHERE hp.head_key = $1 AND hp.path = g.target_path) END AS path_page
           FROM groups g
       ), chosen AS (
         SELECT * FROM targets
          WHERE ($6::text IS NULL OR status = $6) AND ($7::text IS NULL OR (target_key, relation) > ($7::text, $8::text))
          ORDER BY target_key, relation LIMIT $9
       )
       SELECT (SELECT count(*) FROM targets WHERE $6::text IS NULL OR status = $6)::int AS count,
              (SELECT count(*) FROM targets)::int AS total,
              (SELECT count(*) FROM targets WHERE status = 'broken')::int AS broken,
              c.*
         FROM (SELECT 1) one LEFT JOIN chosen c ON true
        ORDER BY c.target_key, c.relation`,
      [
        head.headKey,
        space.organizationId,
        this.inAppPrefixes(),
        head.revision.id,
        request.pageId ?? null,
        request.status ?? null,
        after ? String(after[0]) : null,
        after ? String(after[1]) : null,
        limit + 1,
      ],
    );
    const stats = { total: rows[0]?.total ?? 0, broken: { total: rows[0]?.broken ?? 0 } };
    const found = rows.filter((row) => row.target_key !== null).map((row) => ({ ...row, target_page: row.target_page ?? row.path_page }));
    const targets = found.slice(0, limit);
    const last = targets[targets.length - 1];
    const nextPage = found.length > limit && last ? await this.paginator.encode(scope, [last.target_key, last.relation]) : undefined;

    const locations: { target_key: string; relation: string; page_id: string; location_anchor: string | null }[] =
      targets.length === 0
        ? []
        : await this.dataSource.query(
            `SELECT DISTINCT l.target_key, l.relation, l.page_id, l.location_anchor FROM page_links l
              WHERE l.head_key = $1 AND l.target_key = ANY($2::text[]) AND ($3::text IS NULL OR l.page_id = $3)
              ORDER BY l.target_key, l.relation, l.page_id, l.location_anchor`,
            [head.headKey, targets.map((t) => t.target_key), request.pageId ?? null],
          );

    const context = await this.context(head, caller, {
      pages: [
        ...locations.map((l) => ({ spaceId: space.id, pageId: l.page_id })),
        ...targets
          .filter((t) => (t.kind === 'page' || t.kind === 'path') && t.target_page && t.status !== 'broken')
          .map((t) => ({ spaceId: t.target_space ?? space.id, pageId: t.target_page as string })),
        // A page that exists but lacks the anchor is still shown (the link is broken at the anchor).
        ...targets.filter((t) => t.kind === 'page' && t.anchor && t.target_page).map((t) => ({ spaceId: t.target_space ?? space.id, pageId: t.target_page as string })),
      ],
      spaces: targets.filter((t) => (t.kind === 'space' || t.kind === 'page') && t.target_space).map((t) => t.target_space as string),
      files: targets.filter((t) => t.kind === 'file' && t.status === 'ok').map((t) => t.target_file as string),
    });
    const items = targets.map((target) => {
      const at = locations
        .filter((l) => l.target_key === target.target_key && l.relation === target.relation)
        .map((l) => this.presenter.pageLocation(context, space.id, l.page_id, l.location_anchor))
        .filter((l): l is Record<string, unknown> => l !== undefined);
      return this.presenter.usage(context, space.id, target, at);
    });
    return { items, count: rows[0]?.count ?? 0, ...(nextPage ? { next: { page: nextPage } } : {}), stats };
  }

  /**
   * `GET .../content/page/{pageId}/backlinks`: the pages of the space that link to this one (by id,
   * anchor or relative path), and the pages of the organization's other spaces the caller can read
   * that link to it (`ref:space/<id>/page/<id>`), in one query (`page_links_space_target_idx`).
   */
  async pageBacklinks(
    spaceId: string,
    caller: Caller,
    pageId: string,
    request: { page?: string; limit?: number },
    at?: LinksHead,
  ): Promise<ListEnvelope<Record<string, unknown>>> {
    const head = await this.head(spaceId, caller, at);
    const path = await this.requirePage(head, pageId);
    const scope = await this.access.requireOrganization(head.access.space.organizationId, caller);
    return this.backlinks(head, caller, `page-backlinks:${head.headKey}:${pageId}`, request, {
      where: `((l.kind = 'page' AND l.target_space IS NULL AND l.target_page = $2) OR (l.kind = 'path' AND l.target_path = $3)) AND l.page_id <> $2`,
      params: [pageId, path],
      fromOtherSpaces: { pageId, scope },
    });
  }

  /** `GET .../content/files/{fileId}/backlinks`: the pages of the space that show or link to this file. */
  async fileBacklinks(
    spaceId: string,
    caller: Caller,
    fileId: string,
    request: { page?: string; limit?: number },
    at?: LinksHead,
  ): Promise<ListEnvelope<Record<string, unknown>>> {
    const head = await this.head(spaceId, caller, at);
    if (!(await this.fileReads.get(head.revision, fileId))) throw new NotFoundException(`No file has the id ${fileId}.`);
    return this.backlinks(head, caller, `file-backlinks:${head.headKey}:${fileId}`, request, {
      where: `l.kind = 'file' AND l.target_file = $2`,
      params: [fileId],
    });
  }

  /**
   * Distinct linking pages, by page id then space id, keyset paged. `where` uses `$2`, `$3`...
   * for `params` (links of this space). With `fromOtherSpaces`, the links of the organization's
   * other live spaces (space heads only, not change requests) to that page are added, filtered in
   * SQL by the caller's visibility rule (admins see every space; members those whose own or
   * inherited level is not `none`; guests none).
   */
  private async backlinks(
    head: Head,
    caller: Caller,
    scope: string,
    request: { page?: string; limit?: number },
    filter: { where: string; params: (string | null)[]; fromOtherSpaces?: { pageId: string; scope: OrganizationContent } },
  ): Promise<ListEnvelope<Record<string, unknown>>> {
    const limit = request.limit ?? DEFAULT_PAGE_SIZE;
    const after = request.page ? await this.paginator.decode(scope, request.page, 2) : undefined;
    const values: unknown[] = [head.headKey, ...filter.params];
    const param = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    // The head may be a change request's: its links are keyed by its head, shown as the space's.
    const spaceId = param(head.access.space.id);
    let others = '';
    const other = filter.fromOtherSpaces;
    // A guest reaches other spaces only through grants: `hiddenCollectionIds` says which.
    if (other && (other.scope.orgRole !== null || !other.scope.grants.empty)) {
      const visible = other.scope.orgRole === 'admin' ? '' : ` AND ${spaceVisibleToMembers(`${param(other.scope.hiddenCollectionIds())}::text[]`)}`;
      others = `UNION
         SELECT l.head_key, l.page_id FROM page_links l JOIN spaces s ON s.id = l.head_key
          WHERE l.target_space = ${spaceId} AND l.target_page = ${param(other.pageId)} AND l.kind = 'page'
            AND s.organization_id = ${param(head.access.space.organizationId)} AND s.deleted_at IS NULL AND s.id <> ${spaceId}${visible}`;
    }
    const [afterPage, afterSpace, max] = [param(after ? String(after[0]) : null), param(after ? String(after[1]) : null), param(limit + 1)];
    const rows: { count: number; space_id: string | null; page_id: string | null }[] = await this.dataSource.query(
      `WITH sources AS (
         SELECT ${spaceId}::text AS space_id, l.page_id FROM page_links l WHERE l.head_key = $1 AND ${filter.where}
         ${others}
       ), chosen AS (
         SELECT DISTINCT space_id, page_id FROM sources
          WHERE ${afterPage}::text IS NULL OR (page_id, space_id) > (${afterPage}::text, ${afterSpace}::text)
          ORDER BY page_id, space_id LIMIT ${max}
       )
       SELECT (SELECT count(DISTINCT (space_id, page_id)) FROM sources)::int AS count, c.space_id, c.page_id
         FROM (SELECT 1) one LEFT JOIN chosen c ON true ORDER BY c.page_id, c.space_id`,
      values,
    );
    const found = rows.filter((row) => row.page_id !== null).map((row) => ({ spaceId: row.space_id as string, pageId: row.page_id as string }));
    const sources = found.slice(0, limit);
    const last = sources[sources.length - 1];
    const nextPage = found.length > limit && last ? await this.paginator.encode(scope, [last.pageId, last.spaceId]) : undefined;
    const otherSpaces = [...new Set(sources.map((source) => source.spaceId).filter((id) => id !== head.access.space.id))];
    const context = await this.context(head, caller, { pages: sources, spaces: otherSpaces, files: [] }, other?.scope);
    const items = sources
      .map((source) => this.presenter.pageLocation(context, source.spaceId, source.pageId, null))
      .filter((l): l is Record<string, unknown> => l !== undefined);
    return { items, count: rows[0]?.count ?? 0, ...(nextPage ? { next: { page: nextPage } } : {}) };
  }

  /** The space's current content, or `at` (another head of the space: a change request's). */
  private async head(spaceId: string, caller: Caller, at?: LinksHead): Promise<Head> {
    const access = await this.access.requireSpace(spaceId, caller, 'read', 'read its links');
    const { headKey, revisionId } = at ?? { headKey: access.space.id, revisionId: access.space.revisionId };
    const revision = await this.reader.revision({ organizationId: access.space.organizationId, spaceId: access.space.id, revisionId, headKey });
    if (!revision) throw new NotFoundException(`No revision has the id ${revisionId}.`);
    return { access, headKey, revision };
  }

  /** The page's path in the head (null for a link page); 404 when the head has no such page. */
  private async requirePage(head: Head, pageId: string): Promise<string | null> {
    const [row]: { path: string | null }[] = await this.dataSource.query(`SELECT path FROM head_pages WHERE head_key = $1 AND page_id = $2`, [
      head.headKey,
      pageId,
    ]);
    if (!row) throw new NotFoundException(`No page has the id ${pageId}.`);
    return row.path;
  }

  /** Everything the locations of one answer show, in a fixed number of queries. */
  private async context(
    head: Head,
    caller: Caller,
    wanted: { pages: { spaceId: string; pageId: string }[]; spaces: string[]; files: string[] },
    scope?: OrganizationContent,
  ): Promise<LocationContext> {
    const { space, level, orgRole } = head.access;
    const organization = await this.dataSource.manager.findOneByOrFail(OrganizationEntity, { id: space.organizationId });
    const owns = await this.teamOwnership.organizationsWhereOwner(caller.userId, [organization.id]);
    const spaces = new Map<string, SpaceDto>([[space.id, this.spacePresenter.present(space, level)]]);
    // Other spaces of the organization are shown only to callers who can see them: one query for
    // all of them, their levels computed from the organization's collection caps (no query each).
    const otherIds = [...new Set(wanted.spaces.filter((id) => id !== space.id))];
    if (otherIds.length > 0) {
      const reach = scope ?? (await this.access.requireOrganization(space.organizationId, caller));
      const rows: Record<string, any>[] = await this.dataSource.query(
        `SELECT ${spaceColumns('s')} FROM spaces s WHERE s.id = ANY($1::text[]) AND s.organization_id = $2 AND s.deleted_at IS NULL`,
        [otherIds, space.organizationId],
      );
      for (const other of rows.map(spaceFromRow)) {
        const otherLevel = reach.spaceLevel(other);
        if (canSee(otherLevel)) spaces.set(other.id, this.spacePresenter.present(other, otherLevel));
      }
    }
    const keys = [...new Map(wanted.pages.filter((p) => spaces.has(p.spaceId)).map((p) => [`${p.spaceId}:${p.pageId}`, p])).values()];
    const rows: Record<string, any>[] =
      keys.length === 0
        ? []
        : await this.dataSource.query(
            // Pages of this space are read in the head being listed (a change request's, or the space's); others in their space's.
            `SELECT ${PAGE_COLUMNS}, k.space_id FROM unnest($1::text[], $2::text[], $3::text[]) AS k(space_id, head_key, page_id)
               JOIN head_pages hp ON hp.head_key = k.head_key AND hp.page_id = k.page_id
               JOIN page_nodes n ON n.id = hp.node_id`,
            [keys.map((k) => k.spaceId), keys.map((k) => (k.spaceId === space.id ? head.headKey : k.spaceId)), keys.map((k) => k.pageId)],
          );
    const pages = new Map<string, PageTreeNode>(rows.map((row) => [`${row.space_id}:${row.page_id}`, pageFromRow(row)]));
    // Pages in links are named, not read: no bodies (a list of 100 links would carry 100 documents).
    const documents = new Map<string, JSONDocument>();
    const files = new Map<string, Record<string, unknown>>();
    for (const file of await this.fileReads.many(head.revision, [...new Set(wanted.files)])) files.set(file.fileId, await this.filePresenter.present(file));
    return {
      organization: this.organizationPresenter.present(organization, { role: orgRole ?? null, ownsTeam: owns.has(organization.id) }),
      spaces,
      pages,
      documents,
      files,
    };
  }

  /** URL prefixes of this installation: a link that starts with one is `in-app`. */
  private inAppPrefixes(): string[] {
    return [...new Set([this.urls.app(), this.urls.api(), this.urls.published()])];
  }
}

function pageFromRow(row: Record<string, any>): PageTreeNode {
  return {
    nodeId: row.node_id,
    pageId: row.page_id,
    type: row.type as PageType,
    title: row.title,
    slug: row.slug,
    emoji: row.emoji,
    description: row.description,
    hidden: row.hidden,
    noIndex: row.no_index,
    href: row.href,
    documentHash: row.document_hash,
    variables: canonicalVariables(row.variables),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    path: row.path,
    pages: [],
  };
}
