import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `page_search_matches(query, organization)`: the function of PageSearchMatches1795488000000 kept
 * to one organization's spaces. It ranked every matching page of the instance, every
 * organization's, before the search kept the caller's: an organization searching a word that
 * another organization has in 10,000 pages paid for those 10,000 (`ts_rank` reads each page's
 * tsvector). The join to the organization's spaces drops the others before they are ranked.
 */
export class PageSearchMatchesOfSpaces1795489000000 implements MigrationInterface {
  name = 'PageSearchMatchesOfSpaces1795489000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP FUNCTION page_search_matches(tsquery)`);
    await db.query(`
      CREATE FUNCTION page_search_matches(query tsquery, organization text) RETURNS TABLE (head_key text, page_id text, rank real)
      LANGUAGE sql STABLE
      SET enable_seqscan = off
      AS $$ SELECT ps.head_key, ps.page_id, ts_rank(ps.tsv, query)::real
              FROM page_search ps JOIN spaces s ON s.id = ps.head_key
             WHERE ps.tsv @@ query AND NOT ps.no_index AND s.organization_id = organization $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP FUNCTION page_search_matches(tsquery, text)`);
    await db.query(`
      CREATE FUNCTION page_search_matches(query tsquery) RETURNS TABLE (head_key text, page_id text, rank real)
      LANGUAGE sql STABLE
      SET enable_seqscan = off
      AS $$ SELECT ps.head_key, ps.page_id, ts_rank(ps.tsv, query)::real FROM page_search ps WHERE ps.tsv @@ query AND NOT ps.no_index $$`);
  }
}
