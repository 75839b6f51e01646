import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { PublishedSiteDirectory, PublishedSiteLookup } from './published-site-directory';
import { MountCandidate, mountCandidates, PublishedOrigin, publishedOriginOf } from './site-mount';

/** A published site found at an address, and where it sits in it. */
export interface MountedSite {
  lookup: PublishedSiteLookup;
  /** Root-relative URL of the site at this address ('' at the root of a host). */
  basePath: string;
  /** The path below the base, starting with `/`. */
  rest: string;
  /** Reached through the site's proxy (an HTTPS origin). */
  viaProxy: boolean;
}

/**
 * Which published site an address (host and path) shows: what the site server does with every
 * request, and what the API's URL resolution does with a URL. The candidates of `mountCandidates`
 * are tried in their order; the first that finds a published site wins.
 */
@Injectable()
export class SiteMounts {
  readonly published: PublishedOrigin;

  constructor(
    private readonly directory: PublishedSiteDirectory,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.published = publishedOriginOf(config.urls.published);
  }

  /**
   * The site at `host` and `path` (`path` as sent: percent-encoded). `forwardedHostOnly`: the
   * X-Forwarded-Host of a reverse proxy that rewrote its site's URL to the site's path under
   * PUBLISHED_URL (its pages then link under the proxy's path). `fresh`: read the database
   * whatever the directory remembers (the API answers what its callers just changed).
   */
  find(host: string, path: string, shareKey: string | undefined, options: { forwardedHostOnly?: string; fresh?: boolean } = {}): Promise<MountedSite | undefined> {
    return this.mount(mountCandidates(host, path, this.published), shareKey, options.forwardedHostOnly, options.fresh ?? false);
  }

  private async mount(candidates: MountCandidate[], shareKey: string | undefined, forwardedHostOnly: string | undefined, fresh: boolean): Promise<MountedSite | undefined> {
    for (const candidate of candidates) {
      if (candidate.kind === 'path') {
        const lookup = await this.directory.byPath(candidate.organizationId, candidate.site, shareKey, fresh);
        if (!lookup) continue;
        const proxy = lookup.published.site.proxyOrigin;
        const proxyHost = proxy?.slice(0, proxy.indexOf('/'));
        if (proxy && forwardedHostOnly && forwardedHostOnly.toLowerCase().replace(/:\d+$/, '') === proxyHost) {
          return { lookup, basePath: proxy.slice(proxy.indexOf('/')).replace(/\/+$/, ''), rest: candidate.rest, viaProxy: true };
        }
        return { lookup, basePath: candidate.basePath, rest: candidate.rest, viaProxy: false };
      } else if (candidate.kind === 'subdomain') {
        const lookup = await this.directory.bySubdomain(candidate.subdomain, candidate.site, shareKey, fresh);
        if (lookup) return { lookup, basePath: candidate.basePath, rest: candidate.rest, viaProxy: false };
      } else if (candidate.kind === 'hostname') {
        const lookup = await this.directory.byHostname(candidate.hostname, shareKey, fresh);
        if (lookup) return { lookup, basePath: '', rest: candidate.rest, viaProxy: false };
      } else {
        const lookup = await this.directory.byProxy(
          candidate.origins.map((o) => o.origin),
          shareKey,
          fresh,
        );
        const origin = lookup && candidate.origins.find((o) => o.origin === lookup.published.site.proxyOrigin);
        if (lookup && origin) return { lookup, basePath: origin.basePath, rest: origin.rest, viaProxy: true };
      }
    }
    return undefined;
  }
}
