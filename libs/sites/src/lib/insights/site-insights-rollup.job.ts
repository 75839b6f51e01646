import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock, defineJob, HandlesJob, JobHandler } from '@docs/platform';
import { DataSource } from 'typeorm';

/** Raw events are kept this many whole UTC days; older ones are counted per day in the rollups. */
export const INSIGHTS_RAW_DAYS = 30;

/** Hourly: a day of raw events is rolled up once it is INSIGHTS_RAW_DAYS old. */
export const SiteInsightsRollupJob = defineJob<Record<string, never>>('sites.insights-rollup', { every: () => 3600 });

/** The columns both tables share besides the time: what a rollup row groups by. */
const DIMENSIONS = `site_id, type, url, display_context, site_section_id, site_space_id, site_share_key_id, space_id, revision_id, page_id,
  referrer, language, browser, device, os, bot, claims, search_query, search_results, feedback_rating, feedback_comment,
  link_kind, link_target, link_domain, link_position, details`;

/**
 * Moves raw events older than INSIGHTS_RAW_DAYS into `site_insight_rollups`, one row per UTC day
 * and distinct dimensions, counting events, visitors and sessions (the visitors' hashes change
 * daily, so per-day counts lose nothing the raw events could still tell); both in one statement,
 * so an event is counted once, raw or rolled up. Then deletes the salts of days before yesterday:
 * from then on nobody can match a hash to an address.
 */
@Injectable()
@HandlesJob(SiteInsightsRollupJob)
export class SiteInsightsRollupHandler implements JobHandler<Record<string, never>> {
  private readonly logger = new Logger('SiteInsightsRollup');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async handle(): Promise<{ events: number; rows: number; salts: number }> {
    const today = new Date(this.clock.now());
    today.setUTCHours(0, 0, 0, 0);
    const cutoff = new Date(today.getTime() - INSIGHTS_RAW_DAYS * 86_400_000);
    const yesterday = new Date(today.getTime() - 86_400_000).toISOString().slice(0, 10);
    const [rolled] = await this.dataSource.query(
      `WITH moved AS (DELETE FROM site_insight_events WHERE occurred_at < $1 RETURNING *),
            inserted AS (
              INSERT INTO site_insight_rollups (occurred_at, events, visitors, sessions, ${DIMENSIONS})
              SELECT date_trunc('day', occurred_at, 'UTC'), sum(events), count(DISTINCT visitor_id), count(DISTINCT session_id), ${DIMENSIONS}
                FROM moved GROUP BY date_trunc('day', occurred_at, 'UTC'), ${DIMENSIONS}
              RETURNING events)
       SELECT coalesce(sum(events), 0)::int AS events, count(*)::int AS rows FROM inserted`,
      [cutoff.toISOString()],
    );
    const salts = await this.dataSource.query(`DELETE FROM site_insight_salts WHERE day < $1`, [yesterday]);
    const result = { events: rolled.events as number, rows: rolled.rows as number, salts: (salts[1] as number) ?? 0 };
    this.logger.debug(result, 'site insights rolled up');
    return result;
  }
}
