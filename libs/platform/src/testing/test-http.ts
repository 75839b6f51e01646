import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import request from 'supertest';
import { ReferenceSchema } from './reference-schema';

export interface TestResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Record<string, string>;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | (string | number)[] | undefined>;
  headers?: Record<string, string>;
  /** A raw body, sent as is (malformed JSON tests, file uploads). */
  raw?: string | Buffer;
  /**
   * Where the specification overrides the reference (translation settings, see API-CONVENTIONS),
   * the check of a 2xx body that replaces the reference's: returns its problems, empty if valid.
   */
  contract?: ResponseContract;
}

export type ResponseContract = (body: unknown) => string[];

/**
 * The HTTP client of every test. Each answer is checked before the test sees it: a 2xx body
 * against the reference schema of its operation, a 204/205 for emptiness, and an error for
 * the conventions' `{error: {code, message}}` shape. A body that breaks the contract fails the
 * test that received it.
 */
export class TestHttp {
  private readonly reference = ReferenceSchema.load();

  constructor(private readonly app: INestApplication) {}

  /** Requests authenticated with `token` (none when undefined); `defaults` apply to each request. */
  as(token: string | undefined, defaults: RequestOptions = {}): TestCaller {
    return new TestCaller(this, token, defaults);
  }

  async send(method: string, path: string, token: string | undefined, body: unknown, options: RequestOptions = {}): Promise<TestResponse> {
    const agent = request(this.app.getHttpServer());
    let req = (agent as unknown as Record<string, (url: string) => request.Test>)[method.toLowerCase()](path);
    if (token !== undefined) req = req.set('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) req = req.set(name, value);
    if (options.query) req = req.query(serializeQuery(options.query));
    // Extensions that answer bytes (archives): their body is collected as a Buffer.
    if (this.reference.binaryTypeFor(method, path)) req = req.buffer(true).parse(collectBytes);
    if (options.raw !== undefined) req = req.set('Content-Type', options.headers?.['Content-Type'] ?? 'application/json').send(options.raw);
    else if (body !== undefined) req = req.send(body as object);
    const res = await req;
    const text = res.text ?? (Buffer.isBuffer(res.body) ? '' : JSON.stringify(res.body ?? ''));
    const response: TestResponse = { status: res.status, body: res.body, text, headers: res.headers as Record<string, string> };
    // A query written into the path is not part of the operation's template.
    this.check(method, path.split('?')[0], response, options.contract);
    return response;
  }

  /**
   * Sends a request exactly as written, over a socket: what no HTTP client library sends (a NUL
   * in a header value, a raw control character in the request target). `target` is the path
   * with its query; `headers` are `Name: value` lines; `Host`, `Connection: close` and the body's
   * `Content-Length` are added. The answer is parsed and checked like any other.
   */
  async raw(method: string, target: string, headers: string[] = [], body = ''): Promise<TestResponse> {
    const server = this.app.getHttpServer() as Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', ...headers, 'Connection: close', ...(body ? [`Content-Length: ${Buffer.byteLength(body)}`] : [])];
    const head = `${lines.join('\r\n')}\r\n\r\n`;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(head + body));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    const [headText, ...rest] = text.split('\r\n\r\n');
    const [statusLine, ...headerLines] = headText.split('\r\n');
    const answerHeaders = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const bodyText = rest.join('\r\n\r\n');
    let parsed: unknown;
    try {
      parsed = bodyText ? JSON.parse(bodyText) : undefined;
    } catch {
      parsed = undefined;
    }
    const response: TestResponse = { status: Number(statusLine.split(' ')[1]), body: parsed, text: bodyText, headers: answerHeaders };
    this.check(method, target.split('?')[0], response);
    return response;
  }

  private check(method: string, path: string, res: TestResponse, contract?: ResponseContract): void {
    const where = `${method.toUpperCase()} ${path} -> ${res.status}`;
    if (res.status === 204 || res.status === 205) {
      if (res.text !== '') throw new Error(`${where}: a ${res.status} must have an empty body, got ${res.text}`);
      return;
    }
    if (res.status >= 200 && res.status < 300) {
      // Only the API (/v1) has a reference contract; /health and /openapi.json are our own.
      if (!path.startsWith('/v1/')) return;
      const binary = this.reference.binaryTypeFor(method, path);
      if (binary) {
        if (!String(res.headers['content-type'] ?? '').startsWith(binary)) throw new Error(`${where}: expected ${binary}, got ${res.headers['content-type']}`);
        if (!Buffer.isBuffer(res.body) || res.body.length === 0) throw new Error(`${where}: expected the bytes of a ${binary} body`);
        return;
      }
      if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) throw new Error(`${where}: not JSON`);
      const problems = contract ? contract(res.body) : this.reference.validateResponse(method, path, res.status, res.body);
      if (problems.length > 0) {
        throw new Error(`${where}: the body breaks the ${contract ? 'contract' : 'reference schema'}:\n  ${problems.slice(0, 20).join('\n  ')}\nbody: ${JSON.stringify(res.body).slice(0, 2000)}`);
      }
      return;
    }
    // The sign-in pages answer a browser's form with a page or a redirect, whatever the status; the API never does.
    if (!path.startsWith('/v1/') && (String(res.headers['content-type'] ?? '').startsWith('text/html') || (res.status >= 300 && res.status < 400 && res.headers['location']))) return;
    const error = (res.body as { error?: { code?: unknown; message?: unknown } })?.error;
    const keys = Object.keys(res.body ?? {});
    if (!error || error.code !== res.status || typeof error.message !== 'string' || !error.message || keys.length !== 1) {
      throw new Error(`${where}: the error body must be {"error": {"code": ${res.status}, "message": "..."}}, got ${res.text}`);
    }
    if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) throw new Error(`${where}: error not JSON`);
  }
}

/** A body as bytes; an error answer (JSON) as its parsed value. */
function collectBytes(response: request.Response, callback: (error: Error | null, body: unknown) => void): void {
  const res = response as unknown as NodeJS.ReadableStream & { headers?: Record<string, string> };
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => {
    const bytes = Buffer.concat(chunks);
    if (!/json/.test(res.headers?.['content-type'] ?? '')) return callback(null, bytes);
    try {
      callback(null, JSON.parse(bytes.toString('utf8')));
    } catch (error) {
      callback(error as Error, bytes);
    }
  });
  res.on('error', (error: Error) => callback(error, Buffer.alloc(0)));
}

function serializeQuery(query: NonNullable<RequestOptions['query']>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    out[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}

export class TestCaller {
  constructor(
    private readonly http: TestHttp,
    private readonly token: string | undefined,
    private readonly defaults: RequestOptions = {},
  ) {}

  get(path: string, options?: RequestOptions) {
    return this.http.send('GET', path, this.token, undefined, { ...this.defaults, ...options });
  }

  post(path: string, body?: unknown, options?: RequestOptions) {
    return this.http.send('POST', path, this.token, body, { ...this.defaults, ...options });
  }

  put(path: string, body?: unknown, options?: RequestOptions) {
    return this.http.send('PUT', path, this.token, body, { ...this.defaults, ...options });
  }

  patch(path: string, body?: unknown, options?: RequestOptions) {
    return this.http.send('PATCH', path, this.token, body, { ...this.defaults, ...options });
  }

  delete(path: string, options?: RequestOptions) {
    return this.http.send('DELETE', path, this.token, undefined, { ...this.defaults, ...options });
  }

  /** Every page of a list, following next.page until it is absent. */
  async all<T = any>(path: string, query: RequestOptions['query'] = {}): Promise<T[]> {
    const items: T[] = [];
    let page: string | undefined;
    for (let i = 0; i < 10_000; i++) {
      const res = await this.get(path, { query: { ...query, page } });
      if (res.status !== 200) throw new Error(`GET ${path} -> ${res.status}: ${res.text}`);
      items.push(...(res.body.items as T[]));
      page = res.body.next?.page;
      if (!page) return items;
    }
    throw new Error('pagination did not end');
  }
}
