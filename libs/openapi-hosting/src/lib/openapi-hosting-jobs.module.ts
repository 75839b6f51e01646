import { Module } from '@nestjs/common';
import { OpenApiHostingCoreModule } from './openapi-hosting-core.module';
import { ProcessSpecHandler } from './processing/process-spec.handler';
import { RefreshSpecsHandler } from './processing/refresh-specs.handler';
import { SpecProcessor } from './processing/spec-processor.service';

/** The fetch job and the refresh sweep: registered by the worker only. */
@Module({
  imports: [OpenApiHostingCoreModule],
  providers: [SpecProcessor, ProcessSpecHandler, RefreshSpecsHandler],
})
export class OpenApiHostingJobsModule {}
