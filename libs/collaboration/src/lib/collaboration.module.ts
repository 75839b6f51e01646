import { Global, Module } from '@nestjs/common';
import { ContentCoreModule, MergeSource } from '@docs/content';
import { ChangeRequestMergeSource } from './change-requests/change-request-merge-source';
import { ChangeRequestReusableContentsController } from './change-request-content/change-request-reusable-contents.controller';
import { ChangeRequestContentController } from './change-request-content/change-request-content.controller';
import { ChangeRequestLinksController } from './change-request-content/change-request-links.controller';
import { ChangeRequestPdfController } from './change-request-content/change-request-pdf.controller';
import { ChangeRequestExportController } from './change-request-content/change-request-export.controller';
import { ChangeRequestsController } from './change-requests/change-requests.controller';
import { OrganizationChangeRequestsController } from './change-requests/organization-change-requests.controller';
import { CollaborationCoreModule } from './collaboration-core.module';
import { ChangeRequestCommentsController } from './comments/change-request-comments.controller';
import { SpaceCommentsController } from './comments/space-comments.controller';
import { ReviewsController } from './reviews/reviews.controller';
import { SemanticChangesController } from './changes/semantic-changes.controller';
import { SemanticChangesService } from './changes/semantic-changes.service';

/**
 * The collaboration HTTP surface: change requests, their content (and its PDF), merge and update,
 * comments of spaces and change requests. Global only
 * to hand content its `MergeSource` (merge revisions' `mergedFrom`); it exports nothing else.
 */
@Global()
@Module({
  imports: [ContentCoreModule, CollaborationCoreModule],
  controllers: [
    ChangeRequestsController,
    OrganizationChangeRequestsController,
    ChangeRequestContentController,
    ChangeRequestReusableContentsController,
    ChangeRequestPdfController,
    ChangeRequestExportController,
    ChangeRequestLinksController,
    ReviewsController,
    SemanticChangesController,
    SpaceCommentsController,
    ChangeRequestCommentsController,
  ],
  providers: [{ provide: MergeSource, useClass: ChangeRequestMergeSource }, SemanticChangesService],
  exports: [MergeSource],
})
export class CollaborationModule {}
