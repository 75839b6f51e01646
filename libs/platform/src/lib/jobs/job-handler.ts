import { SetMetadata } from '@nestjs/common';
import type { JobDefinition } from './job-definition';

export const JOB_HANDLER = Symbol('JOB_HANDLER');

export interface JobContext {
  jobId: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /**
   * Aborted when the worker shuts down and its grace period is over: the job has been handed
   * back to the queue, so a long handler should stop at its next safe point.
   */
  signal: AbortSignal;
}

/**
 * A provider that runs one kind of job. Only the worker registers handlers with the queue. What
 * `handle` resolves to is kept as the job's output (pg-boss `output`): the operator CLI shows it,
 * and a job that fans out lists the jobs it enqueued there (`{ jobs: [ids] }`) so that `jobs run`
 * can follow them.
 */
export interface JobHandler<Payload extends object> {
  handle(payload: Payload, context: JobContext): Promise<void | JobOutput>;
}

/** A job's result, as the CLI shows it; `jobs` lists the jobs it enqueued. */
export interface JobOutput {
  jobs?: string[];
  [key: string]: unknown;
}

/** Marks a provider as the handler of a job definition; the worker finds it by this mark. */
export function HandlesJob(definition: JobDefinition<object>): ClassDecorator {
  return SetMetadata(JOB_HANDLER, definition);
}
