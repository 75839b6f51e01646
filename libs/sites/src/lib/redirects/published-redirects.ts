import { Injectable } from '@nestjs/common';
import { preparedStatement, SqlPool } from '@docs/platform';
import type { SiteRedirectDestination } from './site-redirect.entity';

/** The destination of a site's redirect by source, on the unique (site, source) index. */
const BY_SOURCE = preparedStatement('sites_redirect_by_source', `SELECT destination FROM site_redirects WHERE site_id = $1 AND source = $2`);

/** Redirects as the site server reads them: asked only for a path no page holds, one indexed lookup. */
@Injectable()
export class PublishedRedirects {
  constructor(private readonly sql: SqlPool) {}

  async destination(siteId: string, source: string): Promise<SiteRedirectDestination | undefined> {
    const row = await this.sql.first<{ destination: SiteRedirectDestination }>(BY_SOURCE, [siteId, source]);
    return row?.destination;
  }
}
