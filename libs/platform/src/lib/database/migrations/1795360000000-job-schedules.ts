import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recurring jobs (platform, issue 20). One row per scheduled kind: when it was last enqueued.
 * Every worker ticks, and the one whose upsert moves `last_run_at` past the interval enqueues the
 * job in the same transaction, so any number of workers schedule each kind once per interval.
 * No entity: only `JobScheduler` touches it, with one statement.
 */
export class JobSchedules1795360000000 implements MigrationInterface {
  name = 'JobSchedules1795360000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE job_schedules (
        name text NOT NULL,
        last_run_at timestamptz(3) NOT NULL,
        CONSTRAINT job_schedules_pkey PRIMARY KEY (name)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE job_schedules`);
  }
}
