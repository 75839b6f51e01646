import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { composedStatement, DEFAULT_PAGE_SIZE, ListEnvelope, Paginator, PublicUrls, SqlPool, toListEnvelope } from '@docs/platform';
import type { DataSource } from 'typeorm';
import type { OrganizationContent } from '../access/content-access';
import { readableSpacesSql } from '../access/readable-spaces';
import { TextSearchConfigs } from './search-language';
import { queryWords, searchTerms } from './search-query';
import { matchingSectionsSql, PageMatch, pageQuerySql, searchPageResult, sectionQuerySql } from './space-search.service';

/** Pages shown per space of an organization search result (the best ones), as a published site's search. */
export const MAX_PAGES_PER_SPACE = 20;

interface Row extends Partial<PageMatch> {
  total: string;
  space_id: string | null;
  space_rank: number | null;
  space_title: string | null;
}

/**
 * Full-text search over the current content of every space of an organization the caller can
 * read: the space search's index, words and ranking (`pageQuerySql`, `ts_rank`), each space in
 * its own language's configuration. The answer is one `SearchSpaceResult` per space with matches,
 * best space first (by its best page, then space id), each with its best pages; `limit` and the
 * keyset cursor (best rank, space id) page through spaces. One statement per search: the matches
 * come ranked from the GIN index on `page_search.tsv` (`page_search_matches`), of the
 * organization's spaces only (another organization's matches are never ranked), then kept to the
 * caller's readable spaces of each language's configuration by a join.
 */
@Injectable()
export class OrganizationSearch {
  private readonly configs = new TextSearchConfigs();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: SqlPool,
    private readonly paginator: Paginator,
    private readonly urls: PublicUrls,
  ) {}

  async search(scope: OrganizationContent, request: { query: string; page?: string; limit?: number }): Promise<ListEnvelope<Record<string, unknown>>> {
    const limit = request.limit ?? DEFAULT_PAGE_SIZE;
    const cursorScope = `org-search:${scope.organizationId}:${request.query}`;
    const after = request.page ? await this.paginator.decode(cursorScope, request.page, 2) : undefined;
    const terms = searchTerms(request.query);
    const values: unknown[] = [];
    const param = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    const readable = readableSpacesSql(scope, param);
    if (terms.last === null || readable === undefined) return { items: [], count: 0 };

    // The languages of the organization's spaces, by the configuration their spaces are searched in.
    const languages: { language: string }[] = await this.dataSource.query(
      `SELECT DISTINCT COALESCE(language, '') AS language FROM spaces WHERE organization_id = $1 AND deleted_at IS NULL`,
      [scope.organizationId],
    );
    const byConfig = new Map<string, string[]>();
    for (const { language } of languages) {
      const config = await this.configs.forLanguage(this.dataSource, language || null);
      byConfig.set(config, [...(byConfig.get(config) ?? []), language]);
    }
    const [leading, last, any, organization] = [param(terms.leading), param(terms.last), param(terms.any), param(scope.organizationId)];
    // One branch per configuration, its tsquery a constant of the statement, materialized on its
    // own: `page_search_matches` finds the matching rows through the GIN index on `tsv`, drops
    // those of other organizations and ranks the rest as it reads them (whatever the planner guesses: of the caller's spaces, which it cannot
    // count ahead, so that left to join first it read every page of every space; of a word in
    // many pages, for which it preferred reading the whole table). The join then keeps those of
    // readable spaces in that configuration, without reading the rows again.
    const branches = [...byConfig].map(([config, langs]) => {
      const regconfig = `${param(config)}::regconfig`;
      return `SELECT m.head_key, m.page_id, m.rank, ${regconfig} AS config, ${param(langs)}::text[] AS langs
           FROM page_search_matches(${pageQuerySql(regconfig, leading, last)}, ${organization}) m`;
    });
    if (branches.length === 0) return { items: [], count: 0 };
    const [afterRank, afterSpace] = [param(after ? Number(after[0]) : null), param(after ? String(after[1]) : null)];
    const text = `WITH readable AS (
         SELECT s.id, s.title, COALESCE(s.language, '') AS lang FROM spaces s WHERE ${readable}
       ), found AS MATERIALIZED (
         ${branches.join('\n         UNION ALL\n         ')}
       ), matches AS (
         SELECT r.id AS space_id, f.page_id, f.rank, f.config
           FROM found f
           JOIN readable r ON r.id = f.head_key AND r.lang = ANY(f.langs)
       ), best AS (
         SELECT space_id, max(rank) AS rank FROM matches GROUP BY space_id
       ), chosen AS (
         SELECT * FROM best
          WHERE ${afterRank}::real IS NULL OR rank < ${afterRank}::real OR (rank = ${afterRank}::real AND space_id > ${afterSpace}::text)
          ORDER BY rank DESC, space_id LIMIT ${limit + 1}
       ), pages AS (
         SELECT m.*, row_number() OVER (PARTITION BY m.space_id ORDER BY m.rank DESC, m.page_id) AS n
           FROM matches m JOIN chosen c ON c.space_id = m.space_id
       )
       SELECT (SELECT count(*) FROM best)::text AS total, c.space_id, c.rank AS space_rank, r.title AS space_title,
              p.page_id, p.rank, ps.title, hp.path, ${matchingSectionsSql(sectionQuerySql('p.config', any, last))} AS sections
         FROM (SELECT 1) one
         LEFT JOIN chosen c ON true
         LEFT JOIN readable r ON r.id = c.space_id
         LEFT JOIN pages p ON p.space_id = c.space_id AND p.n <= ${MAX_PAGES_PER_SPACE}
         LEFT JOIN page_search ps ON ps.head_key = p.space_id AND ps.page_id = p.page_id
         LEFT JOIN head_pages hp ON hp.head_key = p.space_id AND hp.page_id = p.page_id
        ORDER BY c.rank DESC, c.space_id, p.rank DESC, p.page_id`;
    // With limit 0 the statement still answers the count (and one space, left out below).
    const rows = await this.sql.rows<Row>(composedStatement('content_org_search', text), values);
    const count = Number(rows[0]?.total ?? 0);

    const spaces: { id: string; title: string; rank: number; pages: Row[] }[] = [];
    for (const row of rows) {
      if (row.space_id === null) continue;
      let space = spaces[spaces.length - 1];
      if (space?.id !== row.space_id) {
        space = { id: row.space_id, title: row.space_title ?? '', rank: Number(row.space_rank), pages: [] };
        spaces.push(space);
      }
      if (row.page_id) space.pages.push(row);
    }
    const items = spaces.slice(0, limit);
    const lastSpace = items[items.length - 1];
    const nextPage = spaces.length > limit && lastSpace ? await this.paginator.encode(cursorScope, [lastSpace.rank, lastSpace.id]) : undefined;
    const words = queryWords(request.query);
    return toListEnvelope({ items, count, nextPage }, (space) => ({
      id: space.id,
      title: space.title,
      pages: space.pages.map((page) => searchPageResult(this.urls, space.id, page as PageMatch, words)),
    }));
  }
}
