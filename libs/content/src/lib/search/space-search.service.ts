import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CursorValue, DEFAULT_PAGE_SIZE, ListEnvelope, Paginator, preparedStatement, PublicUrls, SqlPool, toListEnvelope } from '@docs/platform';
import type { DataSource } from 'typeorm';
import type { StoredSection } from './page-search.entity';
import { TextSearchConfigs } from './search-language';
import { queryWords, SearchTerms, searchTerms } from './search-query';
import { excerpt } from './search-excerpt';

/**
 * Sections shown per result: the first ones (document order) whose own tsvector holds a word of
 * the query. Their excerpts are cut in JavaScript (`excerpt`): no text is parsed on read.
 */
export const MAX_SECTIONS_PER_RESULT = 5;

/** A page found, as the search statements answer it. */
export interface PageMatch {
  page_id: string;
  rank: number;
  title: string;
  path: string;
  sections: StoredSection[];
}

/**
 * The tsquery a page must match: every word of the query in the page (the last one as a prefix,
 * also matched unstemmed so that a prefix which happens to be a stop word or a stem's longer form
 * still finds pages). SQL of the configuration and of the `SearchTerms`' leading and last words.
 */
export function pageQuerySql(config: string, leading: string, last: string): string {
  return `(CASE WHEN ${leading}::text IS NULL THEN to_tsquery(${config}, ${last}) || to_tsquery('simple', ${last})
                ELSE to_tsquery(${config}, ${leading}) && (to_tsquery(${config}, ${last}) || to_tsquery('simple', ${last})) END)`;
}

/** The tsquery a section of a result must match to be shown: any word of the query (`SearchTerms.any`). */
export function sectionQuerySql(config: string, any: string, last: string): string {
  return `(to_tsquery(${config}, ${any}) || to_tsquery('simple', ${last}))`;
}

/**
 * SQL: the first matching sections (document order, at most `MAX_SECTIONS_PER_RESULT`) of the
 * `page_search` row aliased `ps`, as a jsonb array of `StoredSection`.
 */
export function matchingSectionsSql(sectionQuery: string): string {
  return `COALESCE((
            SELECT jsonb_agg(ps.sections->(m.i::int - 1) ORDER BY m.i)
              FROM (SELECT i FROM unnest(ps.section_tsv) WITH ORDINALITY AS e(v, i)
                     WHERE v @@ ${sectionQuery}
                     ORDER BY i LIMIT ${MAX_SECTIONS_PER_RESULT}) m
          ), '[]'::jsonb)`;
}

/** `$2`: configuration, `$3`: the leading words, `$4`: the last word, `$5`: any word. */
const PAGE_QUERY = pageQuerySql('$2::regconfig', '$3', '$4');
const MATCH = `ps.tsv @@ ${PAGE_QUERY}`;
const RANK = `ts_rank(ps.tsv, ${PAGE_QUERY})`;
const MATCHING_SECTIONS = matchingSectionsSql(sectionQuerySql('$2::regconfig', '$5', '$4'));

/**
 * The search, one statement: the count, one page of ranked page ids after the cursor, their
 * titles and paths, and the excerpts of their matching sections. Parameters: `$1` head key,
 * `$2` text search configuration, `$3`..`$5` the `SearchTerms` (leading, last, any), `$6`/`$7`
 * the cursor (rank, page id) or nulls, `$8` limit + 1. Exported so that the benchmark runs the
 * very same SQL bare.
 */
export const SPACE_SEARCH = preparedStatement(
  'content_space_search',
  `WITH matches AS (
     SELECT ps.page_id, ${RANK}::real AS rank FROM page_search ps
      WHERE ps.head_key = $1 AND NOT ps.no_index AND ${MATCH}
   ), chosen AS (
     SELECT * FROM matches
      WHERE $6::real IS NULL OR rank < $6::real OR (rank = $6::real AND page_id > $7::text)
      ORDER BY rank DESC, page_id LIMIT $8
   )
   SELECT (SELECT count(*) FROM matches)::text AS total, c.page_id, c.rank, ps.title, hp.path,
          ${MATCHING_SECTIONS} AS sections
     FROM (SELECT 1) one
     LEFT JOIN chosen c ON true
     LEFT JOIN page_search ps ON ps.head_key = $1 AND ps.page_id = c.page_id
     LEFT JOIN head_pages hp ON hp.head_key = $1 AND hp.page_id = c.page_id
    ORDER BY c.rank DESC, c.page_id`,
);

/**
 * The search over several heads at once (a published site's spaces of one text search
 * configuration), one statement: the best `$6` pages of each head, with their titles, paths and
 * matching sections. `$1` head keys, `$2` configuration, `$3`..`$5` the `SearchTerms`.
 */
export const HEADS_SEARCH = preparedStatement(
  'content_heads_search',
  `WITH matches AS (
     SELECT ps.head_key, ps.page_id, ${RANK}::real AS rank FROM page_search ps
      WHERE ps.head_key = ANY($1::text[]) AND NOT ps.no_index AND ${MATCH}
   ), ranked AS (
     SELECT m.*, row_number() OVER (PARTITION BY m.head_key ORDER BY m.rank DESC, m.page_id) AS n FROM matches m
   )
   SELECT r.head_key, r.page_id, r.rank, ps.title, hp.path,
          ${MATCHING_SECTIONS} AS sections
     FROM ranked r
     JOIN page_search ps ON ps.head_key = r.head_key AND ps.page_id = r.page_id
     JOIN head_pages hp ON hp.head_key = r.head_key AND hp.page_id = r.page_id
    WHERE r.n <= $6
    ORDER BY r.rank DESC, r.head_key, r.page_id`,
);

/** A page found by `searchHeads`, its sections' excerpts cut. */
export interface HeadSearchMatch {
  headKey: string;
  pageId: string;
  rank: number;
  title: string;
  path: string;
  sections: { anchor: string | null; title: string; excerpt: string }[];
}

/** The parameters of `SPACE_SEARCH`. */
export function spaceSearchParams(headKey: string, config: string, terms: SearchTerms, after: CursorValue[] | undefined, limit: number): unknown[] {
  return [headKey, config, terms.leading, terms.last, terms.any, after ? Number(after[0]) : null, after ? String(after[1]) : null, limit + 1];
}

/**
 * Full-text search over a head's current pages (`page_search`, GIN on `tsv`), ranked by
 * `ts_rank` over the weighted tsvector (title over headings over body), then by page id; paged
 * with a keyset cursor on (rank, page id). One prepared statement per search.
 */
@Injectable()
export class SpaceSearch {
  private readonly configs = new TextSearchConfigs();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: SqlPool,
    private readonly paginator: Paginator,
    private readonly urls: PublicUrls,
  ) {}

  /** Searches the current content of `space` (its head), already checked readable by the caller. */
  async search(space: { id: string; language: string | null }, request: { query: string; page?: string; limit?: number }): Promise<ListEnvelope<Record<string, unknown>>> {
    const limit = request.limit ?? DEFAULT_PAGE_SIZE;
    const headKey = space.id;
    const scope = `search:${headKey}:${request.query}`;
    const after = request.page ? await this.paginator.decode(scope, request.page, 2) : undefined;
    const terms = searchTerms(request.query);
    if (terms.last === null) return { items: [], count: 0 };
    const config = await this.configs.forLanguage(this.dataSource, space.language);

    const rows = await this.sql.rows<PageMatch & { total: string }>(SPACE_SEARCH, spaceSearchParams(headKey, config, terms, after, limit));
    const count = Number(rows[0]?.total ?? 0);
    const found = rows.filter((row) => row.page_id !== null);
    const items = found.slice(0, limit);
    const last = items[items.length - 1];
    const nextPage = found.length > limit && last ? await this.paginator.encode(scope, [Number(last.rank), last.page_id]) : undefined;
    const words = queryWords(request.query);
    return toListEnvelope({ items, count, nextPage }, (row) => searchPageResult(this.urls, space.id, row, words));
  }

  /**
   * Searches the current content of several spaces (their heads) at once: the best `perHead`
   * pages of each, best first across all of them, with the excerpts of their matching sections.
   * The caller decides who may see them (a published site's audience). One statement per text
   * search configuration among the spaces (usually one).
   */
  async searchHeads(spaces: { id: string; language: string | null }[], query: string, perHead: number): Promise<{ words: string[]; matches: HeadSearchMatch[] }> {
    const terms = searchTerms(query);
    const words = queryWords(query);
    if (terms.last === null || spaces.length === 0 || perHead <= 0) return { words, matches: [] };
    const byConfig = new Map<string, string[]>();
    for (const space of spaces) {
      const config = await this.configs.forLanguage(this.dataSource, space.language);
      byConfig.set(config, [...(byConfig.get(config) ?? []), space.id]);
    }
    const matches: HeadSearchMatch[] = [];
    for (const [config, heads] of byConfig) {
      const rows = await this.sql.rows<PageMatch & { head_key: string }>(HEADS_SEARCH, [heads, config, terms.leading, terms.last, terms.any, perHead]);
      for (const row of rows) {
        matches.push({
          headKey: row.head_key,
          pageId: row.page_id,
          rank: Number(row.rank),
          title: row.title,
          path: row.path,
          sections: row.sections.map((section) => ({ anchor: section.anchor, title: section.title, excerpt: excerpt(section.body, words) })),
        });
      }
    }
    matches.sort((a, b) => b.rank - a.rank || (a.headKey < b.headKey ? -1 : a.headKey > b.headKey ? 1 : a.pageId < b.pageId ? -1 : a.pageId > b.pageId ? 1 : 0));
    return { words, matches };
  }

}

/** A page found in `spaceId` -> the reference's `SearchPageResult`, its sections' excerpts cut around `words`. */
export function searchPageResult(urls: PublicUrls, spaceId: string, row: Pick<PageMatch, 'page_id' | 'title' | 'path' | 'sections'>, words: string[]): Record<string, unknown> {
  const pageUrl = urls.app('s', spaceId, row.path);
  return {
    id: row.page_id,
    title: row.title,
    path: row.path,
    urls: { app: pageUrl },
    sections: row.sections.map((section) => ({
      id: section.anchor ?? row.page_id,
      title: section.title || row.title,
      path: section.anchor ? `${row.path}#${section.anchor}` : row.path,
      body: excerpt(section.body, words),
      urls: { app: section.anchor ? `${pageUrl}#${encodeURIComponent(section.anchor)}` : pageUrl },
    })),
  };
}
