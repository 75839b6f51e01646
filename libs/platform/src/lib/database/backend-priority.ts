import { Logger } from '@nestjs/common';
import { getPriority, setPriority } from 'node:os';
import { readFileSync } from 'node:fs';
import type { Pool } from 'pg';

/** The `application_name` of a runtime's database connections (visible in `pg_stat_activity`). */
export function applicationName(runtime: string): string {
  return `docs-${runtime}`;
}

/**
 * Lowers the CPU priority of the PostgreSQL backends serving this process's connections to
 * `nice`, when they run on this machine (the embedded database of `npm start`): the worker's
 * deliveries and jobs cost the database CPU as well as the worker's own, and on a shared machine
 * that work otherwise competes with the api's requests at full priority. A backend is only touched
 * if `/proc/<pid>/comm` says `postgres` (the database on another host or in another container has
 * no such process here) and only lowered, never raised; where the system refuses, nothing changes.
 * Backends come and go with the pool's connections: every new connection schedules a sweep.
 */
export class BackendPriority {
  private readonly logger = new Logger('BackendPriority');
  private readonly lowered = new Set<number>();
  private pending?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly pool: Pool,
    private readonly application: string,
    private readonly nice: number,
  ) {}

  /** Lowers the backends there are now, and those of every later connection. */
  async start(): Promise<number> {
    if (this.nice <= 0) return 0;
    this.pool.on('connect', this.schedule);
    return this.sweep();
  }

  stop(): void {
    this.stopped = true;
    this.pool.off('connect', this.schedule);
    if (this.pending) clearTimeout(this.pending);
  }

  private readonly schedule = () => {
    if (this.pending || this.stopped) return;
    // After the connection's first statement (a sweep is a statement of its own on the pool).
    this.pending = setTimeout(() => {
      this.pending = undefined;
      this.sweep().catch((error: unknown) => this.logger.warn({ err: error }, 'could not lower the database backends\' priority'));
    }, 100);
    this.pending.unref();
  };

  /** One statement: this application's client backends; answers how many were lowered now. */
  async sweep(): Promise<number> {
    if (this.stopped) return 0;
    const rows: { pid: number }[] = (
      await this.pool.query(`SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND backend_type = 'client backend'`, [this.application])
    ).rows;
    let count = 0;
    const alive = new Set(rows.map((row) => row.pid));
    for (const pid of this.lowered) if (!alive.has(pid)) this.lowered.delete(pid);
    for (const { pid } of rows) {
      if (this.lowered.has(pid) || !isLocalPostgres(pid)) continue;
      try {
        if (getPriority(pid) < this.nice) setPriority(pid, this.nice);
        this.lowered.add(pid);
        count++;
      } catch {
        // Another user's process without the right to renice it: leave it.
        this.lowered.add(pid);
      }
    }
    return count;
  }
}

function isLocalPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
}
