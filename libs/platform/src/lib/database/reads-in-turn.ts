/**
 * Runs independent reads: concurrently on the pool, one after the other inside a transaction
 * (`tx` given). A transaction is one connection; pg queues statements sent to it at once, and
 * pg 9 will refuse them ("Calling client.query() when the client is already executing a query").
 */
export async function readsInTurn<const T extends readonly (() => Promise<unknown>)[]>(
  tx: unknown,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!tx) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}
