import { BadRequestException, Injectable } from '@nestjs/common';
import { Clock, composedStatement, SqlPool } from '@docs/platform';
import type { SiteEntity } from '../sites/site.entity';
import { AggregationSql, aggregationSql } from './insights-query';
import { SiteInsightsStore } from './site-insights-store';
import { parseTrackedEvents, TrackedEventError } from './tracked-events';

/** Days of events `listSiteVisitorSegments` counts. */
export const SEGMENT_DAYS = 30;
/** Segments listed at most (the most active first). */
const SEGMENTS_MAX = 1000;

export interface VisitorSegment {
  title: string;
  claims: Record<string, unknown>;
  events: number;
  visitors: number;
  sessions: number;
}

/** Segments: events grouped by the visitors' claims (none on public sites: one segment of anonymous visitors). */
const SEGMENTS = composedStatement(
  'site_insights_segments',
  `SELECT claims, sum(events)::float8 AS events, sum(visitors)::float8 AS visitors, sum(sessions)::float8 AS sessions, count(*) OVER () AS total
     FROM (
       SELECT coalesce(claims, '{}'::jsonb) AS claims, sum(events) AS events, count(DISTINCT visitor_id) AS visitors, count(DISTINCT session_id) AS sessions
         FROM site_insight_events WHERE site_id = $1 AND occurred_at >= $2 GROUP BY 1
       UNION ALL
       SELECT coalesce(claims, '{}'::jsonb), sum(events), sum(visitors), sum(sessions)
         FROM site_insight_rollups WHERE site_id = $1 AND occurred_at >= $2 GROUP BY 1
     ) AS parts
    GROUP BY claims ORDER BY events DESC, claims::text LIMIT ${SEGMENTS_MAX}`,
);

/** The three insights operations of a site (the caller's rights are checked by the controller). */
@Injectable()
export class SiteInsightsService {
  constructor(
    private readonly store: SiteInsightsStore,
    private readonly sql: SqlPool,
    private readonly clock: Clock,
  ) {}

  async track(site: SiteEntity, body: unknown): Promise<void> {
    const events = asBadRequest(() => parseTrackedEvents(body, site.id, this.clock.now(), site.visibility !== 'public'));
    await this.store.write(events);
  }

  /**
   * The aggregation `body` asks for, as SQL for the site `siteId`: a 400 for a malformed body. Built
   * before the site is resolved, so malformed input is a 400 whatever the path names (as the
   * validation pipe does for every other body).
   */
  aggregation(siteId: string, body: unknown): AggregationSql {
    return asBadRequest(() => aggregationSql(body, siteId, this.clock.now()));
  }

  async aggregate(query: AggregationSql): Promise<{ columns: Record<string, unknown>[] }> {
    const rows = await this.sql.rowsPlannedEachTime<Record<string, unknown>>(query.text, query.values);
    return query.present(rows);
  }

  async segments(site: SiteEntity): Promise<{ items: VisitorSegment[]; count: number }> {
    const since = new Date(this.clock.now().getTime() - SEGMENT_DAYS * 86_400_000);
    const rows = await this.sql.rows<{ claims: Record<string, unknown>; events: number; visitors: number; sessions: number; total: string }>(SEGMENTS, [site.id, since.toISOString()]);
    return {
      items: rows.map((row) => ({ title: segmentTitle(row.claims), claims: row.claims, events: row.events, visitors: row.visitors, sessions: row.sessions })),
      count: rows.length ? Number(rows[0].total) : 0,
    };
  }
}

/** "plan: pro, role: admin" (top-level claims, sorted), or "Anonymous visitors". */
export function segmentTitle(claims: Record<string, unknown>): string {
  const entries = Object.entries(claims).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return 'Anonymous visitors';
  return entries.map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`).join(', ');
}

function asBadRequest<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof TrackedEventError) throw new BadRequestException(error.message);
    throw error;
  }
}
