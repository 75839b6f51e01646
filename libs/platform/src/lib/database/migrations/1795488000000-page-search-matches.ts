import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `page_search_matches(query)`: the indexed pages matching a tsquery, each ranked (`ts_rank`), for
 * the organization search (`OrganizationSearch`). Its plan may not scan the table: a word in one
 * page in ten of 100,000 pages made the planner prefer a sequential scan to the GIN index on
 * `tsv` (it costs `@@` as one operator call, not as reading the row's TOASTed tsvector), and that
 * scan was 2 of the search's 2.3 s (docs/performance.md). The setting holds for the function's
 * own statement only; ranking here spares a second read of each matching row.
 */
export class PageSearchMatches1795488000000 implements MigrationInterface {
  name = 'PageSearchMatches1795488000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION page_search_matches(query tsquery) RETURNS TABLE (head_key text, page_id text, rank real)
      LANGUAGE sql STABLE
      SET enable_seqscan = off
      AS $$ SELECT ps.head_key, ps.page_id, ts_rank(ps.tsv, query)::real FROM page_search ps WHERE ps.tsv @@ query AND NOT ps.no_index $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP FUNCTION page_search_matches(tsquery)`);
  }
}
