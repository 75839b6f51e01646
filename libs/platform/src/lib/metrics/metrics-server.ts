import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { portInUse } from '../runtime/assert-port-free';
import type { Metrics } from './metrics';
import { carriesMetricsToken } from './metrics-token';

export interface MetricsListener {
  /** The address it really listens on. */
  address: AddressInfo;
  close(): Promise<void>;
}

/**
 * A listener of its own for GET /metrics (the worker's WORKER_METRICS_PORT, the api's
 * METRICS_PORT): plain node:http, nothing else served. With a token, it is required as the
 * bearer token here too.
 */
export async function listenForMetrics(
  metrics: Metrics,
  options: { port: number; host: string; token?: string; variable: string },
): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { code: 404, message: 'Only GET /metrics is served here.' } }));
      return;
    }
    if (options.token && !carriesMetricsToken(req.headers.authorization, options.token)) {
      res
        .writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer' })
        .end(JSON.stringify({ error: { code: 401, message: 'GET /metrics takes the METRICS_TOKEN of this installation as its bearer token.' } }));
      return;
    }
    metrics.scrape().then(
      ({ contentType, text }) => res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      () => res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { code: 500, message: 'The metrics could not be collected.' } })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? portInUse(options.port, options.host, options.variable, error.code) : error),
    );
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    address: server.address() as AddressInfo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
