import { Module } from '@nestjs/common';
import { ContentJobsModule } from '@docs/content';
import { IdentityJobsModule } from '@docs/identity';
import { OpenApiHostingJobsModule } from '@docs/openapi-hosting';
import { JobWorkerModule } from '@docs/platform';

/** The worker: no HTTP server, only each domain's job handlers. main.ts composes it with the platform. */
@Module({
  imports: [JobWorkerModule, IdentityJobsModule, ContentJobsModule, OpenApiHostingJobsModule],
})
export class WorkerModule {}
