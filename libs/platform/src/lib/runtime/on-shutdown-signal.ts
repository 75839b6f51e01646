const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

export interface ShutdownListener {
  /** The shutdown to run; a stop requested before this call runs it at once. */
  onStop(shutdown: (reason: string) => Promise<void>): void;
}

/**
 * Listens, from the very start of a process, for SIGTERM, SIGINT and (for a process the
 * launcher started) the launcher disappearing. Call it first thing in main(): a stop requested
 * while the app is still starting is remembered and carried out as soon as `onStop` provides the
 * shutdown. The shutdown runs once, then the process exits; a second signal exits at once.
 */
export function listenForShutdown(log: (line: string) => void = () => undefined): ShutdownListener {
  let requested: string | undefined;
  let running = false;
  let shutdown: ((reason: string) => Promise<void>) | undefined;

  const run = () => {
    if (!requested || !shutdown || running) return;
    running = true;
    shutdown(requested).then(
      () => process.exit(0),
      (error: unknown) => {
        log(`shutdown failed: ${error instanceof Error ? error.stack : String(error)}`);
        process.exit(1);
      },
    );
  };
  const stop = (reason: string) => {
    if (requested) {
      log(`${reason} while stopping: exiting now`);
      process.exit(1);
    }
    requested = reason;
    run();
  };

  for (const signal of SIGNALS) process.on(signal, () => stop(signal));
  if (process.connected) process.on('disconnect', () => stop('launcher gone'));

  return {
    onStop(fn) {
      shutdown = fn;
      run();
    },
  };
}
