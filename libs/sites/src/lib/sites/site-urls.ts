import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import type { SiteSectionEntity } from '../sections/site-section.entity';
import type { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import type { SiteEntity } from './site.entity';

/**
 * Published URLs of a site and of what it holds. A site lives at `https://{hostname}` when it has
 * a custom hostname, else at `{PUBLISHED_URL}/sites/{organizationId}/{basename or site id}`; the
 * default section and default site spaces at their parent's URL, the others one path segment
 * below it. URLs exist only while the site is published (share links always show theirs). With
 * a share key, each URL carries it as `?share=<key>`.
 */
@Injectable()
export class SiteUrls {
  constructor(private readonly urls: PublicUrls) {}

  root(site: SiteEntity): string {
    return site.hostname ? `https://${site.hostname}` : this.urls.published('sites', site.organizationId, site.basename ?? site.id);
  }

  /** The origin (and path) canonical URLs of the site's pages start with: its proxy's, else its own root. */
  canonical(site: SiteEntity): string {
    return site.proxyOrigin ? `https://${site.proxyOrigin}` : this.root(site);
  }

  site(site: SiteEntity, shareKey?: string): string | undefined {
    return site.published ? withShare(this.root(site), shareKey) : undefined;
  }

  section(site: SiteEntity, section: SiteSectionEntity, shareKey?: string): string | undefined {
    return site.published ? withShare(this.sectionBase(site, section), shareKey) : undefined;
  }

  siteSpace(site: SiteEntity, section: SiteSectionEntity | null, siteSpace: SiteSpaceEntity, shareKey?: string): string | undefined {
    if (!site.published) return undefined;
    const base = section ? this.sectionBase(site, section) : this.root(site);
    return withShare(siteSpace.isDefault ? base : `${base}/${encodeURIComponent(siteSpace.path)}`, shareKey);
  }

  shareLink(site: SiteEntity, key: string): string {
    return withShare(this.root(site), key);
  }

  private sectionBase(site: SiteEntity, section: SiteSectionEntity): string {
    return section.isDefault ? this.root(site) : `${this.root(site)}/${encodeURIComponent(section.path)}`;
  }
}

function withShare(url: string, shareKey: string | undefined): string {
  return shareKey ? `${url}?share=${encodeURIComponent(shareKey)}` : url;
}
