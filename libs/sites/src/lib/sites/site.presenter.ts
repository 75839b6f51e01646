import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import type { SiteDto, SiteUrlsDto } from './site.dto';
import type { SiteEntity } from './site.entity';
import { SiteUrls } from './site-urls';

/** SiteEntity and its count of site spaces -> the reference's `Site`. */
@Injectable()
export class SitePresenter {
  constructor(
    private readonly urls: PublicUrls,
    private readonly siteUrls: SiteUrls,
  ) {}

  present(site: SiteEntity, siteSpaces: number, shareKey?: string): SiteDto {
    const urls: SiteUrlsDto = {
      location: this.urls.api('v1/orgs', site.organizationId, 'sites', site.id),
      app: this.urls.app('o', site.organizationId, 'sites', site.id),
    };
    const published = this.siteUrls.site(site, shareKey);
    if (published) urls.published = published;
    return {
      object: 'site',
      id: site.id,
      type: site.type,
      title: site.title,
      ...(site.hostname ? { hostname: site.hostname } : {}),
      ...(site.basename ? { basename: site.basename } : {}),
      ...(site.proxyOrigin ? { proxy: { origin: site.proxyOrigin, target: this.siteUrls.root(site) } } : {}),
      visibility: site.visibility,
      published: site.published,
      siteSpaces,
      createdAt: site.createdAt.toISOString(),
      adaptiveContent: { enabled: site.adaptiveContent },
      agentsContext: site.agentsContext,
      features: [],
      urls,
    };
  }
}
