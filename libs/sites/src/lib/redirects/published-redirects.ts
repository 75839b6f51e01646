import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, DatabaseNotifications, preparedStatement, SqlPool } from '@docs/platform';
import { LRUCache } from 'lru-cache';
import { SITES_CHANGED_CHANNEL } from '../published/published-site-directory';
import type { SiteRedirectDestination } from './site-redirect.entity';

/** The destination of a site's redirect by source, on the unique (site, source) index. */
const BY_SOURCE = preparedStatement('sites_redirect_by_source', `SELECT destination FROM site_redirects WHERE site_id = $1 AND source = $2`);

/**
 * Redirects as the site server reads them: asked only for a path no page holds, one indexed
 * lookup. With `SITE_FRESHNESS=notify` the answers (none included) are kept while this process
 * hears `sites_changed`, which every change of `site_redirects` sends (migration 1795472000000),
 * as `PublishedSiteDirectory` keeps sites: a repeated redirect costs no statement.
 */
@Injectable()
export class PublishedRedirects {
  private readonly known = new LRUCache<string, { destination: SiteRedirectDestination | null }>({ max: 20_000 });
  /** Bumped by every notification and connection change: a lookup started under another generation is not kept. */
  private generation = 0;
  private hearing = false;
  private subscribed = false;

  constructor(
    private readonly sql: SqlPool,
    private readonly notifications: DatabaseNotifications,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async destination(siteId: string, source: string): Promise<SiteRedirectDestination | undefined> {
    const notify = this.config.site.freshness === 'notify';
    if (notify && !this.subscribed) {
      this.subscribed = true;
      this.notifications.subscribe(SITES_CHANGED_CHANNEL, (event) => {
        this.generation++;
        this.known.clear();
        if (event !== 'notification') this.hearing = event === 'connected';
      });
    }
    const key = `${siteId}\u0000${source}`;
    if (notify && this.hearing) {
      const known = this.known.get(key);
      if (known) return known.destination ?? undefined;
    }
    const generation = this.generation;
    const row = await this.sql.first<{ destination: SiteRedirectDestination }>(BY_SOURCE, [siteId, source]);
    if (notify && this.hearing && generation === this.generation) this.known.set(key, { destination: row?.destination ?? null });
    return row?.destination;
  }
}
