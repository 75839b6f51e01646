import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request a receiver got: the raw body (as signed) and the headers. */
export interface ReceivedRequest {
  body: string;
  headers: Record<string, string>;
  json: any;
  at: number;
}

/**
 * How to answer the next request: a status (with an optional body and headers), hang (never
 * answer: a timeout), close the connection without answering, or run a handler.
 */
export type Behaviour =
  | { status: number; body?: string; headers?: Record<string, string> }
  | { hang: true }
  | { destroy: true }
  | ((req: IncomingMessage, res: ServerResponse) => void);

/** A webhook receiver on 127.0.0.1 for tests (deliveries reach it with `FETCH_ALLOW_HOSTS=127.0.0.1`). */
export class TestReceiver {
  readonly requests: ReceivedRequest[] = [];
  private behaviours: Behaviour[] = [];
  private fallback: Behaviour = { status: 200, body: 'ok' };
  private readonly sockets = new Set<Socket>();
  private waiters: { count: number; resolve: () => void }[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(path = '/hook'): Promise<TestReceiver> {
    const handler: { receiver?: TestReceiver } = {};
    const server = createServer((req, res) => handler.receiver!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const receiver = new TestReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
    handler.receiver = receiver;
    server.on('connection', (socket) => {
      receiver.sockets.add(socket);
      socket.on('close', () => receiver.sockets.delete(socket));
    });
    return receiver;
  }

  /** Answers the next requests this way, one behaviour each, then `always`'s (200 by default). */
  next(...behaviours: Behaviour[]): this {
    this.behaviours.push(...behaviours);
    return this;
  }

  always(behaviour: Behaviour): this {
    this.fallback = behaviour;
    return this;
  }

  /** Resolves once `count` requests in all have arrived. */
  async received(count: number, timeoutMs = 15_000): Promise<ReceivedRequest[]> {
    if (this.requests.length < count) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the receiver got ${this.requests.length} of ${count} requests in ${timeoutMs} ms`)), timeoutMs);
        this.waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    }
    return this.requests;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      this.requests.push({ body, headers: req.headers as Record<string, string>, json, at: Date.now() });
      this.waiters = this.waiters.filter((waiter) => {
        if (this.requests.length < waiter.count) return true;
        waiter.resolve();
        return false;
      });
      const behaviour = this.behaviours.shift() ?? this.fallback;
      if (typeof behaviour === 'function') return behaviour(req, res);
      if ('hang' in behaviour) return;
      if ('destroy' in behaviour) return void req.socket.destroy();
      res.writeHead(behaviour.status, behaviour.headers ?? {}).end(behaviour.body ?? '');
    });
  }
}
