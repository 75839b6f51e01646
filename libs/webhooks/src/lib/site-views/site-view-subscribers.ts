import { Injectable, OnModuleInit } from '@nestjs/common';
import { preparedStatement, SqlPool } from '@docs/platform';

/** How old the answer may be: a new subscription receives the views from at most this long after its creation. */
export const SITE_VIEW_SUBSCRIBERS_REFRESH_MS = 5_000;

/** Subscriptions that may receive `site_view`: their organization and site filter (null: every site). */
const SUBSCRIBERS = preparedStatement(
  'webhooks_site_view_subscribers',
  `SELECT organization_id, site_ids FROM event_subscriptions
    WHERE (event_types IS NULL OR 'site_view' = ANY (event_types))
      AND url IS NOT NULL AND retire_after_sequence IS NULL
      AND (site_ids IS NULL OR cardinality(site_ids) > 0)`,
);

/**
 * Which sites' page views are wanted as `site_view` events: those of a site some subscription of
 * its organization (a webhook, an integration's installation) may receive them for, whatever its
 * state (a paused or disabled one gets its events when it resumes). A view is a read, not a
 * change: writing a row for every read of every site, that no one receives, would make the read
 * path of a public docs site a write stream of its own (docs/api-decisions.md, "site_view").
 * Answered from memory on the request path; refreshed in the background (one statement) when
 * older than SITE_VIEW_SUBSCRIBERS_REFRESH_MS.
 */
@Injectable()
export class SiteViewSubscribers implements OnModuleInit {
  private sites = new Map<string, Set<string> | 'all'>();
  private loadedAt = -Infinity;
  private loading?: Promise<void>;

  constructor(private readonly sql: SqlPool) {}

  async onModuleInit(): Promise<void> {
    await this.refresh();
  }

  /** Whether a view of this site is wanted (never waits: the answer of the last refresh). */
  wants(organizationId: string, siteId: string): boolean {
    if (performance.now() - this.loadedAt > SITE_VIEW_SUBSCRIBERS_REFRESH_MS) void this.refresh().catch(() => undefined);
    const sites = this.sites.get(organizationId);
    return sites === 'all' || (sites !== undefined && sites.has(siteId));
  }

  /** Reads the subscribers again (one read at a time; callers share it). */
  refresh(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const rows = await this.sql.rows<{ organization_id: string; site_ids: string[] | null }>(SUBSCRIBERS, []);
        const sites = new Map<string, Set<string> | 'all'>();
        for (const row of rows) {
          const known = sites.get(row.organization_id);
          if (known === 'all' || row.site_ids === null) sites.set(row.organization_id, 'all');
          else sites.set(row.organization_id, new Set([...(known ?? []), ...row.site_ids]));
        }
        this.sites = sites;
        this.loadedAt = performance.now();
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }
}
