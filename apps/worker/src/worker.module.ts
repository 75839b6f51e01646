import { Module } from '@nestjs/common';
import { GitSyncJobsModule } from '@docs/git-sync';
import { IdentityJobsModule } from '@docs/identity';
import { JobWorkerModule } from '@docs/platform';

/** The worker: no HTTP server, only each domain's job handlers. main.ts composes it with the platform. */
@Module({
  imports: [JobWorkerModule, IdentityJobsModule, GitSyncJobsModule],
})
export class WorkerModule {}
