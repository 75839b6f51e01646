import { Global, Module } from '@nestjs/common';
import { IdentityCoreModule, InviteLinkTargets, SpaceReach } from '@docs/identity';
import { CollectionsController } from './collections/collections.controller';
import { ContentCoreModule } from './content-core.module';
import { CollectionGrantsController, SpaceGrantsController } from './grants/content-grants.controller';
import { ContentReadsController } from './content-reads/content-reads.controller';
import { PageWritesController } from './content-writes/page-writes.controller';
import { DownloadsController } from './files/downloads.controller';
import { FilesController } from './files/files.controller';
import { ReusableContentsController } from './reusable-contents/reusable-contents.controller';
import { VariablesController } from './variables/variables.controller';
import { ImportsController } from './imports/imports.controller';
import { LinksController } from './links/links.controller';
import { SearchController } from './search/search.controller';
import { OrganizationSearchController } from './search/organization-search.controller';
import { SpacePdfController } from './pdf/space-pdf.controller';
import { SpaceExportController } from './exports/space-export.controller';
import { ContentSpaceReach } from './members/content-space-reach';
import { ContentInviteLinkTargets } from './grants/content-invite-link-targets';
import { MemberSpacesController } from './members/member-spaces.controller';
import { SpacesController } from './spaces/spaces.controller';

/**
 * The content HTTP surface (spaces, collections, a member's spaces), and identity's `SpaceReach`
 * and `InviteLinkTargets`. Global so that identity's services, which cannot import content
 * (dependencies point the other way), receive them wherever they inject them (optionally: without
 * content, no spaces). Only these two are exported; later domains import `ContentCoreModule`.
 */
@Global()
@Module({
  imports: [ContentCoreModule, IdentityCoreModule],
  controllers: [
    SpacesController,
    CollectionsController,
    MemberSpacesController,
    SpaceGrantsController,
    CollectionGrantsController,
    ContentReadsController,
    PageWritesController,
    FilesController,
    DownloadsController,
    SearchController,
    OrganizationSearchController,
    LinksController,
    SpacePdfController,
    SpaceExportController,
    ImportsController,
    ReusableContentsController,
    VariablesController,
  ],
  providers: [
    { provide: SpaceReach, useClass: ContentSpaceReach },
    { provide: InviteLinkTargets, useClass: ContentInviteLinkTargets },
  ],
  exports: [SpaceReach, InviteLinkTargets],
})
export class ContentModule {}
