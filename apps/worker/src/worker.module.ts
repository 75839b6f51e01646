import { Module } from '@nestjs/common';
import { GitSyncJobsModule } from '@docs/git-sync';
import { IdentityJobsModule } from '@docs/identity';
import { JobWorkerModule } from '@docs/platform';
import { WebhooksWorkerModule } from '@docs/webhooks';

/** The worker: no HTTP server, only each domain's job handlers and the event dispatcher. main.ts composes it with the platform. */
@Module({
  imports: [JobWorkerModule, IdentityJobsModule, GitSyncJobsModule, WebhooksWorkerModule],
})
export class WorkerModule {}
