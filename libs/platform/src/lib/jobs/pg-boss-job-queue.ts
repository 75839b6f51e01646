import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { SqlPool } from '../database/sql-pool';
import type { JobDefinition } from './job-definition';
import { EnqueueOptions, JobQueue } from './job-queue';

export const PG_BOSS_SCHEMA = 'pgboss';

/** `producer` (the api, the CLI) only sends; `worker` also runs pg-boss's maintenance. */
export type JobQueueRole = 'producer' | 'worker';
export const JOB_QUEUE_ROLE = Symbol('JOB_QUEUE_ROLE');

/**
 * The job queue on the application's own PostgreSQL (pg-boss). pg-boss talks through the
 * TypeORM pool, or through the query runner of a transaction when a job is enqueued together
 * with a domain write.
 */
@Injectable()
export class PgBossJobQueue extends JobQueue implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('JobQueue');
  readonly boss: PgBoss;
  private readonly queues = new Map<string, Promise<void>>();

  constructor(sql: SqlPool, @Inject(JOB_QUEUE_ROLE) private readonly role: JobQueueRole) {
    super();
    const pool = sql.raw;
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values) },
      schema: PG_BOSS_SCHEMA,
      migrate: true,
      supervise: role === 'worker',
      schedule: role === 'worker',
    });
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'job queue error'));
  }

  async onModuleInit(): Promise<void> {
    await this.boss.start();
  }

  /** A producer has nothing in hand; the worker's graceful stop belongs to JobWorker. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.role === 'producer') await this.boss.stop({ graceful: false, close: false, wait: true }).catch(() => undefined);
  }

  async enqueue<P extends object>(definition: JobDefinition<P>, payload: P, options: EnqueueOptions = {}): Promise<string | null> {
    await this.ensureQueue(definition);
    return this.boss.send(definition.name, payload, {
      startAfter: options.startAfter,
      singletonKey: options.singletonKey,
      db: options.transaction ? transactionExecutor(options.transaction) : undefined,
    });
  }

  /** Creates the queue, with the definition's retry policy, once per process. */
  ensureQueue(definition: JobDefinition<object>): Promise<void> {
    let created = this.queues.get(definition.name);
    if (!created) {
      created = this.boss.createQueue(definition.name, {
        name: definition.name,
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds,
      });
      created.catch(() => this.queues.delete(definition.name));
      this.queues.set(definition.name, created);
    }
    return created;
  }
}

function transactionExecutor(manager: EntityManager): PgBoss.Db {
  const runner = manager.queryRunner;
  if (!runner || !runner.isTransactionActive) {
    throw new Error('enqueue({ transaction }) needs the EntityManager of an open transaction');
  }
  return {
    executeSql: async (text, values) => {
      const result = await runner.query(text, values, true);
      return { rows: result.records ?? [] };
    },
  };
}
