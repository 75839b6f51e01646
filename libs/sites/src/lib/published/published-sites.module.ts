import { Module } from '@nestjs/common';
import { ContentCoreModule } from '@docs/content';
import { SiteUrls } from '../sites/site-urls';
import { PublishedSiteDirectory } from './published-site-directory';
import { SiteSearch } from './site-search';
import { VisitorAccess } from './visitor-access';

/**
 * What the published sites' server (apps/site) needs of sites, without routes: published sites
 * by hostname, path or proxy (`PublishedSiteDirectory`), who may see what (`VisitorAccess`),
 * their search (`SiteSearch`) and their URLs (`SiteUrls`).
 */
@Module({
  imports: [ContentCoreModule],
  providers: [PublishedSiteDirectory, VisitorAccess, SiteSearch, SiteUrls],
  exports: [ContentCoreModule, PublishedSiteDirectory, VisitorAccess, SiteSearch, SiteUrls],
})
export class PublishedSitesModule {}
