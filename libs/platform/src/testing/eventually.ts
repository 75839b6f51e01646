/**
 * Retries `check` (an assertion) until it passes, for what arrives soon but not at once (a
 * PostgreSQL notification from another process); rethrows its last failure after `timeoutMs`.
 * Resolves to how long it waited, in ms.
 */
export async function eventually(check: () => Promise<void>, timeoutMs = 5_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return Date.now() - started;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
