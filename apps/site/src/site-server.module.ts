import { Module } from '@nestjs/common';
import { OpenApiHostingCoreModule } from '@docs/openapi-hosting';
import { PublishedSitesModule } from '@docs/sites';
import { SiteRequestHandler } from './http/site-request-handler';
import { HostedOpenApiSpecs } from './openapi/hosted-openapi-specs';
import { OpenApiSpecs } from './openapi/openapi-specs';
import { SitePages } from './pages/site-pages';
import { PreviewChangeRequestsModule } from './preview/preview-change-requests.module';
import { SiteViewsModule } from './views/site-views.module';
import { InsightsEndpoint } from './insights/insights-endpoint';
import { SiteMcpEndpoint } from './mcp/site-mcp-endpoint';
import { SiteInsightsRecorder } from './insights/site-insights-recorder';

/**
 * The published sites' server: routing, visitor access, loading and caching, over the services
 * of libs/sites, libs/content and libs/openapi-hosting (never their tables), rendering with
 * libs/site-renderer. OpenAPI blocks read the organization's hosted specs (`HostedOpenApiSpecs`);
 * previews of change requests read their heads through collaboration (`PreviewChangeRequestsModule`).
 */
@Module({
  imports: [PublishedSitesModule, OpenApiHostingCoreModule, SiteViewsModule, PreviewChangeRequestsModule],
  providers: [SiteRequestHandler, SitePages, SiteInsightsRecorder, InsightsEndpoint, SiteMcpEndpoint, { provide: OpenApiSpecs, useClass: HostedOpenApiSpecs }],
  exports: [SiteRequestHandler],
})
export class SiteServerModule {}
