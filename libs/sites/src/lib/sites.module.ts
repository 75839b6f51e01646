import { SitePermissionsController } from './site-permissions/site-permissions.controller';
import { SitePermissions } from './site-permissions/site-permissions.service';
import { Global, Module } from '@nestjs/common';
import { PublishedUrlResolver } from './urls/published-url-resolver';
import { PublishedUrlsController } from './urls/published-urls.controller';
import { Subdomains, SubdomainsController } from './subdomains/subdomains.controller';
import { CustomHostnamesController } from './custom-hostnames/custom-hostnames.controller';
import { CustomHostnamesService } from './custom-hostnames/custom-hostnames.service';
import { HostnameDns, SystemDnsAnswers } from './custom-hostnames/hostname-dns';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentCoreModule, SpaceShareUrls } from '@docs/content';
import { IdentityCoreModule } from '@docs/identity';
import { SiteAccess } from './access/site-access';
import { SiteCustomizationController } from './customization/site-customization.controller';
import { SiteCustomizationService } from './customization/site-customization.service';
import { SiteRedirectEntity } from './redirects/site-redirect.entity';
import { SiteRedirectsController } from './redirects/site-redirects.controller';
import { SiteRedirectsService } from './redirects/site-redirects.service';
import { SiteInsightEventEntity, SiteInsightRollupEntity, SiteInsightSaltEntity } from './insights/site-insight-event.entity';
import { SiteInsightsController } from './insights/site-insights.controller';
import { SiteInsightsService } from './insights/site-insights.service';
import { SitePreviewController } from './previews/site-preview.controller';
import { AdaptiveSchemaController } from './adaptive/adaptive-schema.controller';
import { AdaptiveSchemaService } from './adaptive/adaptive-schema.service';
import { PublishedSiteController } from './published/published-site.controller';
import { PublishedSiteService } from './published/published-site.service';
import { SiteSearchController } from './published/site-search.controller';
import { SiteSectionGroupEntity } from './section-groups/site-section-group.entity';
import { SiteSectionGroupsController } from './section-groups/site-section-groups.controller';
import { SiteSectionGroupsService } from './section-groups/site-section-groups.service';
import { SiteSectionEntity } from './sections/site-section.entity';
import { SiteSectionsController } from './sections/site-sections.controller';
import { SiteSectionsService } from './sections/site-sections.service';
import { ShareLinkEntity } from './share-links/share-link.entity';
import { ShareLinkPresenter } from './share-links/share-link.presenter';
import { ShareLinksController } from './share-links/share-links.controller';
import { ShareLinksService } from './share-links/share-links.service';
import { SiteSpaceShareUrls } from './share-links/site-space-share-urls';
import { SiteSpaceEntity } from './site-spaces/site-space.entity';
import { SiteSpacesController } from './site-spaces/site-spaces.controller';
import { SiteSpacesService } from './site-spaces/site-spaces.service';
import { PublishingAuthController } from './sites/publishing-auth.controller';
import { SiteCatalog } from './sites/site-catalog';
import { SiteEntity } from './sites/site.entity';
import { SitePresenter } from './sites/site.presenter';
import { SiteViews } from './sites/site-views';
import { SitesController } from './sites/sites.controller';
import { SitesService } from './sites/sites.service';
import { SiteStructureController } from './structure/site-structure.controller';
import { SiteStructurePresenter } from './structure/site-structure.presenter';
import { SiteStructureReader } from './structure/site-structure.reader';
import { SiteStructureService } from './structure/site-structure.service';
import { SiteWriter } from './structure/site-writer';
import { StructureViews } from './structure/structure-views';
import { PublishedSitesModule } from './published/published-sites.module';

/**
 * Docs sites over HTTP: sites, sections, groups, site spaces, share links, adaptive content and
 * the published structure. Global only to provide content's `SpaceShareUrls` (share keys on
 * `GET /v1/spaces/{spaceId}`), which content injects optionally, and `SiteCatalog`, which apps/api
 * binds to integrations' `SiteDirectory`.
 */
@Global()
@Module({
  imports: [
    IdentityCoreModule,
    ContentCoreModule,
    // What the site server uses too (published sites, visitor access, redirects, the insights
    // store, site URLs): one declaration, so one instance of each cache and subscription.
    PublishedSitesModule,
    TypeOrmModule.forFeature([
      SiteEntity,
      SiteSectionGroupEntity,
      SiteSectionEntity,
      SiteSpaceEntity,
      ShareLinkEntity,
      SiteRedirectEntity,
      SiteInsightEventEntity,
      SiteInsightRollupEntity,
      SiteInsightSaltEntity,
    ]),
  ],
  controllers: [
    SitesController,
    SitePermissionsController,
    PublishingAuthController,
    SitePreviewController,
    AdaptiveSchemaController,
    SiteStructureController,
    SiteSectionsController,
    SiteSectionGroupsController,
    SiteSpacesController,
    ShareLinksController,
    PublishedSiteController,
    SiteSearchController,
    SiteCustomizationController,
    SiteRedirectsController,
    SiteInsightsController,
    CustomHostnamesController,
    PublishedUrlsController,
    SubdomainsController,
  ],
  providers: [
    SiteAccess,
    SitePermissions,
    SitePresenter,
    SiteViews,
    SitesService,
    AdaptiveSchemaService,
    SiteStructureReader,
    SiteStructurePresenter,
    SiteWriter,
    StructureViews,
    SiteStructureService,
    SiteSectionsService,
    SiteSectionGroupsService,
    SiteSpacesService,
    ShareLinksService,
    ShareLinkPresenter,
    PublishedSiteService,
    SiteCatalog,
    SiteCustomizationService,
    SiteRedirectsService,
    SiteInsightsService,
    SystemDnsAnswers,
    HostnameDns,
    CustomHostnamesService,
    PublishedUrlResolver,
    Subdomains,
    { provide: SpaceShareUrls, useClass: SiteSpaceShareUrls },
  ],
  exports: [SpaceShareUrls, SiteCatalog, PublishedUrlResolver],
})
export class SitesModule {}
