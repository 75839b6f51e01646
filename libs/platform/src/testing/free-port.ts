import { createServer } from 'node:net';

/** A TCP port of 127.0.0.1 free right now, for a server a test starts itself (a program that cannot listen on 0). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
  });
