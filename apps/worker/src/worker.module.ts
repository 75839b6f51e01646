import { DynamicModule, Module } from '@nestjs/common';
import { IdentityJobsModule } from '@docs/identity';
import { JobWorkerModule, PlatformModule, PlatformOptions } from '@docs/platform';

/** The worker: no HTTP server, only the job handlers of each domain. */
@Module({})
export class WorkerModule {
  static forRoot(options: Omit<PlatformOptions, 'runtime'>): DynamicModule {
    return {
      module: WorkerModule,
      imports: [PlatformModule.forRoot({ ...options, runtime: 'worker' }), JobWorkerModule, IdentityJobsModule],
    };
  }
}
