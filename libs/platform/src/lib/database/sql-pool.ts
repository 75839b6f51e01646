import { Injectable } from '@nestjs/common';
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

  /** The raw pool, for the job queue's executor. */
  get raw(): Pool {
    return this.pool;
  }
}
