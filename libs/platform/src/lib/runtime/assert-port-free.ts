import { createServer } from 'node:net';
import { StartupError } from './startup-error';

/**
 * Fails with a one-line StartupError when another program listens on `host:port`, so that a
 * start does not end in a raw EADDRINUSE, nor report another process's server as its own.
 */
export function assertPortFree(port: number, host: string, variable: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? portInUse(port, host, variable, error.code) : error),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

export function portInUse(port: number, host: string, variable: string, code = 'EADDRINUSE'): StartupError {
  return new StartupError(
    code === 'EACCES'
      ? `Port ${port} (${variable}) on ${host} may not be opened by this user: choose a port above 1023 with ${variable}.`
      : `Port ${port} (${variable}) on ${host} is already in use by another program: stop it, or set ${variable} to a free port.`,
  );
}
