import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';

/**
 * The api's graceful stop: no new connections, the requests in flight finish (on a pool that is
 * still open), and only then does the app close its modules (database pool, job queue).
 * `app.close()` alone closes the pool first (Nest runs module shutdown hooks before it closes
 * the HTTP server), so a request in flight at SIGTERM would fail.
 */
export async function stopHttpApp(app: INestApplication, timeoutMs: number): Promise<void> {
  await drainHttpServer(app.getHttpServer() as Server, timeoutMs);
  await app.close();
}

/**
 * Stops accepting connections and resolves once every request in flight has been answered.
 * Idle keep-alive connections are closed as they become idle (they would hold `close()` open
 * until their timeout); after `timeoutMs` the remaining ones are cut.
 */
export function drainHttpServer(server: Server, timeoutMs: number): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
    deadline.unref();
    server.close(() => {
      clearInterval(idle);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}
