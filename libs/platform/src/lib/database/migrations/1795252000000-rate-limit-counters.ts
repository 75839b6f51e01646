import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Platform: the rate limit's counters, shared by every api process (rate-limiter-flexible's
 * Postgres store; its columns, in its order: the library inserts positionally). UNLOGGED: a
 * counter costs no WAL and no flush at commit, and losing the counters of the current minute in
 * a crash is harmless. No entity maps it: only the rate limiter reads and writes it.
 */
export class RateLimitCounters1795252000000 implements MigrationInterface {
  name = 'RateLimitCounters1795252000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE UNLOGGED TABLE rate_limit_counters (
        key varchar(255) NOT NULL,
        points integer NOT NULL DEFAULT 0,
        expire bigint,
        CONSTRAINT rate_limit_counters_pkey PRIMARY KEY (key)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE rate_limit_counters`);
  }
}
