import type { EntityManager } from 'typeorm';
import type { JobDefinition } from './job-definition';

export interface EnqueueOptions {
  /**
   * The transaction of the domain write that schedules the job: the job row is inserted on
   * the same connection, so the job exists if and only if that write commits.
   */
  transaction?: EntityManager;
  /** Run no earlier than this. */
  startAfter?: Date;
  /** At most one queued job per key (pg-boss singletonKey). */
  singletonKey?: string;
}

/** The one interface domains use to schedule background work. */
export abstract class JobQueue {
  /** Returns the job id, or null when a job with the same singletonKey is already queued. */
  abstract enqueue<P extends object>(definition: JobDefinition<P>, payload: P, options?: EnqueueOptions): Promise<string | null>;
}
