import { SitePermissionsController } from './site-permissions/site-permissions.controller';
import { SitePermissions } from './site-permissions/site-permissions.service';
import { Global, Module } from '@nestjs/common';
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
import { SiteInsightSalts } from './insights/site-insight-salts';
import { SiteInsightsController } from './insights/site-insights.controller';
import { SiteInsightsService } from './insights/site-insights.service';
import { SiteInsightsStore } from './insights/site-insights-store';
import { SitePreviewController } from './previews/site-preview.controller';
import { SitePreviewGrants } from './previews/site-preview-grants';
import { AdaptiveSchemaController } from './adaptive/adaptive-schema.controller';
import { AdaptiveSchemaService } from './adaptive/adaptive-schema.service';
import { PublishedSiteController } from './published/published-site.controller';
import { PublishedSiteService } from './published/published-site.service';
import { SiteSearch } from './published/site-search';
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
import { SiteUrls } from './sites/site-urls';
import { SiteViews } from './sites/site-views';
import { SitesController } from './sites/sites.controller';
import { SitesService } from './sites/sites.service';
import { SiteStructureController } from './structure/site-structure.controller';
import { SiteStructurePresenter } from './structure/site-structure.presenter';
import { SiteStructureReader } from './structure/site-structure.reader';
import { SiteStructureService } from './structure/site-structure.service';
import { SiteWriter } from './structure/site-writer';
import { StructureViews } from './structure/structure-views';

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
  ],
  providers: [
    SiteAccess,
    SitePermissions,
    SiteUrls,
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
    SiteSearch,
    SitePreviewGrants,
    SiteCustomizationService,
    SiteRedirectsService,
    SiteInsightSalts,
    SiteInsightsStore,
    SiteInsightsService,
    { provide: SpaceShareUrls, useClass: SiteSpaceShareUrls },
  ],
  exports: [SpaceShareUrls, SiteCatalog],
})
export class SitesModule {}
