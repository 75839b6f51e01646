/**
 * A start-up failure the operator can act on (a port in use, a folder run by another process):
 * entry points print its message alone, on one line, without a stack trace.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
