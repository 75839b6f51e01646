import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** A statement PostgreSQL parses and plans once per connection, then reuses by name. */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

export function preparedStatement(name: string, text: string): PreparedStatement {
  return Object.freeze({ name, text });
}

const composed = new Map<string, PreparedStatement>();

/**
 * A prepared statement for SQL composed at run time (a list's filters, with or without a
 * cursor): named `<prefix>_<hash of the text>`, so each distinct text gets its own name (pg
 * refuses one name for two texts) and the same text is planned once per connection. The
 * texts come from code, never from input, so there are few of them.
 */
export function composedStatement(prefix: string, text: string): PreparedStatement {
  let statement = composed.get(text);
  if (!statement) {
    statement = preparedStatement(`${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`, text);
    composed.set(text, statement);
  }
  return statement;
}

/**
 * Hot-path reads (token authentication, membership and permission lookups) as named prepared
 * statements on the pool TypeORM already holds. TypeORM never prepares, and planning every
 * statement costs about 190 µs of database CPU per query here (see PERFORMANCE.md).
 */
@Injectable()
export class SqlPool {
  private readonly pool: Pool;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.pool = (dataSource.driver as PostgresDriver).master as Pool;
  }

  async rows<R>(statement: PreparedStatement, values: unknown[]): Promise<R[]> {
    const result = await this.pool.query({ name: statement.name, text: statement.text, values });
    return result.rows as R[];
  }

  async first<R>(statement: PreparedStatement, values: unknown[]): Promise<R | undefined> {
    return (await this.rows<R>(statement, values))[0];
  }

  /**
   * A statement planned at each execution, with its values: for one whose best plan depends on
   * sizes that move faster than the statistics (a prepared statement keeps the plan made when a
   * table was small until the next ANALYZE).
   */
  async rowsPlannedEachTime<R>(text: string, values: unknown[]): Promise<R[]> {
    const result = await this.pool.query({ text, values });
    return result.rows as R[];
  }

  /** The raw pool, for the job queue's executor. */
  get raw(): Pool {
    return this.pool;
  }
}
