import { Module } from '@nestjs/common';
import { ContentCoreModule } from '@docs/content';
import { SiteInsightSalts } from '../insights/site-insight-salts';
import { SiteInsightsStore } from '../insights/site-insights-store';
import { PublishedRedirects } from '../redirects/published-redirects';
import { SitePreviewGrants } from '../previews/site-preview-grants';
import { SiteUrls } from '../sites/site-urls';
import { PublishedSiteDirectory } from './published-site-directory';
import { SiteSearch } from './site-search';
import { VisitorAccess } from './visitor-access';

/**
 * What the published sites' server (apps/site) needs of sites, without routes: published sites
 * by hostname, path or proxy (`PublishedSiteDirectory`), who may see what (`VisitorAccess`),
 * their search (`SiteSearch`), their URLs (`SiteUrls`), their redirects (`PublishedRedirects`),
 * the grants of previews (`SitePreviewGrants`) and where insights are written (`SiteInsightsStore`).
 */
@Module({
  imports: [ContentCoreModule],
  providers: [PublishedSiteDirectory, VisitorAccess, SiteSearch, SiteUrls, SitePreviewGrants, PublishedRedirects, SiteInsightSalts, SiteInsightsStore],
  exports: [ContentCoreModule, PublishedSiteDirectory, VisitorAccess, SiteSearch, SiteUrls, SitePreviewGrants, PublishedRedirects, SiteInsightsStore],
})
export class PublishedSitesModule {}
