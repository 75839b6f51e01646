import { Module } from '@nestjs/common';
import { ContentCoreModule } from '@docs/content';
import { ChangeRequestContentController } from './change-request-content/change-request-content.controller';
import { ChangeRequestsController } from './change-requests/change-requests.controller';
import { CollaborationCoreModule } from './collaboration-core.module';

/** The collaboration HTTP surface: change requests, their content, merge and update. */
@Module({
  imports: [ContentCoreModule, CollaborationCoreModule],
  controllers: [ChangeRequestsController, ChangeRequestContentController],
})
export class CollaborationModule {}
