const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * Runs `shutdown` once on the first SIGTERM or SIGINT, then exits. A second signal while
 * shutting down exits at once (the impatient Ctrl-C).
 */
export function onShutdownSignal(shutdown: (signal: NodeJS.Signals) => Promise<void>, log: (line: string) => void = () => undefined): void {
  let stopping = false;
  for (const signal of SIGNALS) {
    process.on(signal, () => {
      if (stopping) {
        log(`${signal} again: exiting now`);
        process.exit(1);
      }
      stopping = true;
      shutdown(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          log(`shutdown failed: ${error instanceof Error ? error.stack : String(error)}`);
          process.exit(1);
        },
      );
    });
  }
}
