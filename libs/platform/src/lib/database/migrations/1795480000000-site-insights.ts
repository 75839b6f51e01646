import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Insights of published sites (issue 32, libs/sites/src/lib/insights):
 *
 * - `site_insight_events`: what readers did (`events`: identical events of one visitor written in one batch, counted) (page views, searches with their result counts, links
 *   out, page feedback, and what `trackEventsInSiteById` is sent). The visitor is a keyed hash
 *   of the day's salt, never an address or a cookie. Aggregates read them by site and time.
 * - `site_insight_rollups`: the same columns without the visitor's hashes, counted per UTC day;
 *   the worker's hourly rollup moves raw events older than 30 days here.
 * - `site_insight_salts`: one random salt per UTC day, shared by every site server and the api
 *   so that they count a visitor alike; the rollup deletes the days before yesterday, after which
 *   nobody can tell whose a hash was.
 */
export class SiteInsights1795480000000 implements MigrationInterface {
  name = 'SiteInsights1795480000000';

  async up(db: QueryRunner): Promise<void> {
    const dimensions = `
        type text NOT NULL,
        url text NOT NULL,
        display_context text NOT NULL DEFAULT 'site',
        site_section_id text,
        site_space_id text,
        site_share_key_id text,
        space_id text,
        revision_id text,
        page_id text,
        referrer text NOT NULL DEFAULT '',
        language text,
        browser text NOT NULL DEFAULT 'unknown',
        device text NOT NULL DEFAULT 'unknown',
        os text NOT NULL DEFAULT 'unknown',
        bot text,
        claims jsonb,
        search_query text,
        search_results integer,
        feedback_rating text,
        feedback_comment text,
        link_kind text,
        link_target jsonb,
        link_domain text,
        link_position text,
        details jsonb`;
    await db.query(`
      CREATE TABLE site_insight_events (
        id bigint GENERATED ALWAYS AS IDENTITY,
        site_id text NOT NULL,
        occurred_at timestamptz(3) NOT NULL,
        visitor_id text NOT NULL,
        session_id text NOT NULL,
        events integer NOT NULL DEFAULT 1,
        ${dimensions},
        CONSTRAINT site_insight_events_pkey PRIMARY KEY (id),
        CONSTRAINT site_insight_events_site_fk FOREIGN KEY (site_id) REFERENCES sites (id) ON DELETE CASCADE
      )`);
    // Every aggregate reads one site over a time range. One B-tree only: each is written per batch row.
    await db.query(`CREATE INDEX site_insight_events_site_time_idx ON site_insight_events (site_id, occurred_at)`);
    // The rollup reads the oldest events of every site; rows arrive in time order, so a BRIN index
    // (a few pages, next to nothing to maintain) finds them.
    await db.query(`CREATE INDEX site_insight_events_time_idx ON site_insight_events USING brin (occurred_at)`);
    await db.query(`
      CREATE TABLE site_insight_rollups (
        id bigint GENERATED ALWAYS AS IDENTITY,
        site_id text NOT NULL,
        occurred_at timestamptz(3) NOT NULL,
        events integer NOT NULL,
        visitors integer NOT NULL,
        sessions integer NOT NULL,
        ${dimensions},
        CONSTRAINT site_insight_rollups_pkey PRIMARY KEY (id),
        CONSTRAINT site_insight_rollups_site_fk FOREIGN KEY (site_id) REFERENCES sites (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX site_insight_rollups_site_time_idx ON site_insight_rollups (site_id, occurred_at)`);
    await db.query(`CREATE INDEX site_insight_rollups_site_type_time_idx ON site_insight_rollups (site_id, type, occurred_at)`);
    await db.query(`
      CREATE TABLE site_insight_salts (
        day date NOT NULL,
        salt bytea NOT NULL,
        CONSTRAINT site_insight_salts_pkey PRIMARY KEY (day)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE site_insight_salts`);
    await db.query(`DROP TABLE site_insight_rollups`);
    await db.query(`DROP TABLE site_insight_events`);
  }
}
