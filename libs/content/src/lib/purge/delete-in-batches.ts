import type { EntityManager } from 'typeorm';

/** Rows one statement of a purge deletes at most: bounded locks, WAL bursts and memory per statement. */
export const PURGE_BATCH = 2000;

/**
 * Deletes the rows of `table` that match `where` (over `$1`..`$n` of `values`), `batch` at a time
 * (by ctid: any table, with or without a key), in the caller's transaction. Answers how many.
 */
export async function deleteInBatches(tx: EntityManager, table: string, where: string, values: unknown[], batch = PURGE_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    // TypeORM answers a DELETE with [rows, count].
    const [, count]: [unknown[], number] = await tx.query(
      `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${where} LIMIT ${batch}))`,
      values,
    );
    total += count;
    if (count < batch) return total;
  }
}
