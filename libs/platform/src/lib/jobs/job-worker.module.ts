import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobScheduler } from './job-scheduler';
import { JobWorker } from './job-worker';

/** Imported by the worker app only: it is what runs the handlers. */
@Module({
  imports: [DiscoveryModule],
  providers: [JobWorker, JobScheduler],
  exports: [JobWorker, JobScheduler],
})
export class JobWorkerModule {}
