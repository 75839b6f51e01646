import { RATE_LIMIT_TABLE } from '@docs/platform';
import type { TestApp } from '@docs/platform/testing';

/**
 * A hash of every table of the database, to tell whether a request changed anything: a refused
 * request must leave it as it was. Tables that any request changes (the rate limit's counters,
 * what a plain read touches) are left out by `volatile`.
 */
export class DatabaseFingerprint {
  private constructor(
    private readonly t: TestApp,
    private readonly tables: string[],
  ) {}

  static async of(t: TestApp): Promise<DatabaseFingerprint> {
    const rows: { name: string }[] = await t.dataSource.query(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    return new DatabaseFingerprint(
      t,
      rows.map((row) => row.name),
    );
  }

  /** Fingerprint of every table but `exclude`. */
  async take(exclude: Set<string>): Promise<string> {
    const parts = this.tables
      .filter((name) => !exclude.has(name))
      .map((name) => `SELECT '${name}' AS name, md5(coalesce(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) AS hash FROM "${name}" x`);
    const rows: { name: string; hash: string }[] = await this.t.dataSource.query(parts.join(' UNION ALL '));
    // UNION ALL promises no order (a parallel append interleaves its parts): sort by table.
    return rows
      .map((row) => `${row.name}:${row.hash}`)
      .sort()
      .join(',');
  }

  /** The tables whose fingerprints differ. */
  static changedTables(before: string, after: string): string[] {
    const was = new Set(before.split(','));
    return after
      .split(',')
      .filter((part) => !was.has(part))
      .map((part) => part.split(':')[0]);
  }

  /** Tables that a plain read changes (with `token` and without one), and the rate limit's. */
  async volatile(token: string): Promise<Set<string>> {
    const before = (await this.take(new Set())).split(',');
    await this.t.http.as(token).get('/v1/user');
    await this.t.http.as(undefined).get('/v1/user');
    const after = (await this.take(new Set())).split(',');
    const changed = this.tables.filter((name) => before.find((p) => p.startsWith(`${name}:`)) !== after.find((p) => p.startsWith(`${name}:`)));
    // Every request counts against the rate limit, written behind: its counters change up to
    // 100 ms after the request that counted, whatever that request was.
    return new Set([...changed, RATE_LIMIT_TABLE]);
  }
}
