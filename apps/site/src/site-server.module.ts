import { Module } from '@nestjs/common';
import { PublishedSitesModule } from '@docs/sites';
import { SiteRequestHandler } from './http/site-request-handler';
import { NoHostedOpenApiSpecs, OpenApiSpecs } from './openapi/openapi-specs';
import { SitePages } from './pages/site-pages';

/**
 * The published sites' server: routing, visitor access, loading and caching, over the services
 * of libs/sites and libs/content (never their tables), rendering with libs/site-renderer.
 * `OpenApiSpecs` is bound to "none hosted" until OpenAPI hosting lands (issue 20).
 */
@Module({
  imports: [PublishedSitesModule],
  providers: [SiteRequestHandler, SitePages, { provide: OpenApiSpecs, useClass: NoHostedOpenApiSpecs }],
  exports: [SiteRequestHandler],
})
export class SiteServerModule {}
