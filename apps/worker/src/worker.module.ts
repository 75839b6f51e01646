import { Module } from '@nestjs/common';
import { GitSyncJobsModule } from '@docs/git-sync';
import { ContentJobsModule } from '@docs/content';
import { IdentityJobsModule } from '@docs/identity';
import { OpenApiHostingJobsModule } from '@docs/openapi-hosting';
import { JobWorkerModule } from '@docs/platform';
import { SitesJobsModule } from '@docs/sites';
import { WebhooksWorkerModule } from '@docs/webhooks';

/** The worker: no HTTP server, only each domain's job handlers and the event dispatcher. main.ts composes it with the platform. */
@Module({
  imports: [JobWorkerModule, IdentityJobsModule, ContentJobsModule, OpenApiHostingJobsModule, GitSyncJobsModule, SitesJobsModule, WebhooksWorkerModule],
})
export class WorkerModule {}
