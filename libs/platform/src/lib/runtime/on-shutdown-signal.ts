const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * Runs `shutdown` once on the first SIGTERM or SIGINT, then exits. A second signal while
 * shutting down exits at once (the impatient Ctrl-C). A process started by the launcher
 * (`npm start`) also shuts down when the launcher disappears, so that none is left orphaned.
 */
export function onShutdownSignal(shutdown: (reason: string) => Promise<void>, log: (line: string) => void = () => undefined): void {
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) {
      log(`${reason} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    shutdown(reason).then(
      () => process.exit(0),
      (error: unknown) => {
        log(`shutdown failed: ${error instanceof Error ? error.stack : String(error)}`);
        process.exit(1);
      },
    );
  };
  for (const signal of SIGNALS) process.on(signal, () => stop(signal));
  if (process.connected) process.on('disconnect', () => stop('launcher gone'));
}
