import { Injectable } from '@nestjs/common';
import { HandlesJob, JobContext, JobHandler, JobOutput } from '@docs/platform';
import { ProcessSpecJob, ProcessSpecPayload } from './spec-jobs';
import { SpecProcessor } from './spec-processor.service';

/**
 * The fetch job: enqueued by every spec write that needs a run, and by the refresh sweep. A
 * retryable fetch failure fails the job after recording it, so that pg-boss retries it with
 * backoff; after the last retry the failure stays on the spec and the job stays failed.
 */
@Injectable()
@HandlesJob(ProcessSpecJob)
export class ProcessSpecHandler implements JobHandler<ProcessSpecPayload> {
  constructor(private readonly processor: SpecProcessor) {}

  async handle(payload: ProcessSpecPayload, context: JobContext): Promise<JobOutput> {
    const result = await this.processor.process(payload.specId, context.jobId, {
      finalAttempt: context.retryCount >= ProcessSpecJob.retryLimit,
      signal: context.signal,
    });
    return { specId: payload.specId, runs: result.runs };
  }
}
