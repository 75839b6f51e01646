import { Module } from '@nestjs/common';
import { IdentityJobsModule } from '@docs/identity';
import { JobWorkerModule } from '@docs/platform';

/** The worker: no HTTP server, only each domain's job handlers. main.ts composes it with the platform. */
@Module({
  imports: [JobWorkerModule, IdentityJobsModule],
})
export class WorkerModule {}
