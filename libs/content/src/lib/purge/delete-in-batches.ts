import type { EntityManager } from 'typeorm';

/** Rows one statement of a purge deletes at most: bounded locks, WAL bursts and memory per statement. */
export const PURGE_BATCH = 2000;

/**
 * Deletes the rows of `table` that match `where` (over `$1`..`$n` of `values`), `batch` at a time
 * (by ctid: any table, with or without a key), in the caller's transaction, calling `between`
 * after each statement (a purge lets other work run there). Answers how many.
 */
export async function deleteInBatches(
  tx: EntityManager,
  table: string,
  where: string,
  values: unknown[],
  options: { batch?: number; between?: () => Promise<void> } = {},
): Promise<number> {
  const batch = options.batch ?? PURGE_BATCH;
  let total = 0;
  for (;;) {
    // TypeORM answers a DELETE with [rows, count].
    const [, count]: [unknown[], number] = await tx.query(
      `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${where} LIMIT ${batch}))`,
      values,
    );
    total += count;
    await options.between?.();
    if (count < batch) return total;
  }
}

/**
 * Paces a long piece of background work on a shared database: after each statement, a pause as
 * long as the work done since the last one, times `ratio` (1: it works at most half the time), so
 * that the requests of other users find the CPU between its statements. Pauses last 1 s at most.
 */
export class Pacer {
  private since = performance.now();

  constructor(private readonly ratio: number) {}

  readonly breathe = async (): Promise<void> => {
    const worked = performance.now() - this.since;
    if (this.ratio > 0 && worked > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, worked * this.ratio)));
    this.since = performance.now();
  };
}
