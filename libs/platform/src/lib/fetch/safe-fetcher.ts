import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { createWriteStream } from 'node:fs';
import type { LookupFunction, Socket } from 'node:net';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent, buildConnector, request } from 'undici';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { AddressPolicy } from './address-policy';
import { FetchError } from './fetch-error';

export const MAX_REDIRECTS = 5;

export interface FetchOptions {
  /** Largest body accepted, in bytes (413-worthy `too-large` beyond). */
  maxBytes: number;
  /** Extra request headers (e.g. Accept). */
  headers?: Record<string, string>;
  /** Abort from outside (the total timeout applies anyway). */
  signal?: AbortSignal;
  /** The setting that bounds `maxBytes`, named in the too-large message (default IMPORT_MAX_BYTES). */
  limitName?: string;
}

export interface FetchedResource {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  /** The media type without parameters, lower case ('' when absent). */
  contentType: string;
  body: Buffer;
}

/** A request of any method (`request`): what protocols on top of HTTP need (Git's smart HTTP). */
export interface RawRequestOptions {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** The request body, streamed. */
  body?: AsyncIterable<Uint8Array> | Buffer;
  /** Largest response body accepted, in bytes: reading further fails with `too-large`. */
  maxBytes: number;
  signal?: AbortSignal;
}

/** An answer of `request`, whatever its status: its body is read (within the limit) by the caller. */
export interface RawResponse {
  url: string;
  status: number;
  statusText: string;
  /** Lower-case names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: AsyncIterable<Buffer>;
}

/** What `post` sends: a body (JSON, already serialized), its headers, and its own limits. */
export interface PostOptions {
  body: string | Buffer;
  headers: Record<string, string>;
  /** Total time of the request (connect, send, headers and the excerpt read); FETCH_TIMEOUT_MS by default. */
  timeoutMs?: number;
  /** Bytes of the response body kept (the rest is not read). */
  excerptBytes: number;
  signal?: AbortSignal;
}

/** Whatever the server answered, any status: redirects are not followed. */
export interface PostResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The first `excerptBytes` bytes of the body. */
  excerpt: Buffer;
  /** The body was longer than the excerpt. */
  truncated: boolean;
}

/** A resource fetched into a file (`saveTo`): its bytes are on disk, not in memory. */
export interface SavedResource extends Omit<FetchedResource, 'body'> {
  /** Bytes written to the file. */
  size: number;
}

export interface SafeFetcherSettings {
  allowHosts: readonly string[];
  connectTimeoutMs: number;
  timeoutMs: number;
  /** The resolver (tests pass one that answers what they want). */
  lookup?: LookupFunction;
}

/**
 * THE outbound HTTP client of the project (imports now, OpenAPI spec fetches later). Built on an
 * undici Agent whose connector refuses every address `AddressPolicy` refuses, on the address that
 * is actually connected to: an IP literal is checked before connecting, a name is checked on
 * every address the resolver gives (the connection uses those very addresses, so a second DNS
 * answer cannot slip in between check and connect), and the socket's remote address is checked
 * again once connected. Redirects are followed here, at most 5, each hop going through the same
 * connector. Only http and https; connect and total timeouts; a byte limit while streaming.
 */
@Injectable()
export class SafeFetcher implements OnModuleDestroy {
  private readonly policy: AddressPolicy;
  private readonly agent: Agent;
  private readonly timeoutMs: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.timeoutMs = config.fetch.timeoutMs;
    const settings = { ...config.fetch };
    this.policy = new AddressPolicy(settings.allowHosts);
    this.agent = SafeFetcher.agent(this.policy, settings);
  }

  /** A fetcher outside Nest (CLI, tests with a resolver of their own). */
  static create(settings: SafeFetcherSettings): SafeFetcher {
    const fetcher = Object.create(SafeFetcher.prototype) as SafeFetcher;
    const policy = new AddressPolicy(settings.allowHosts);
    Object.assign(fetcher, { policy, timeoutMs: settings.timeoutMs, agent: SafeFetcher.agent(policy, settings) });
    return fetcher;
  }

  async onModuleDestroy(): Promise<void> {
    await this.close();
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  /** GETs a URL, following up to 5 redirects; non-2xx answers are a `status` failure. */
  async get(url: string, options: FetchOptions): Promise<FetchedResource> {
    const { response, current, signal, contentType } = await this.open(url, options);
    const body = await readLimited(response.body, options.maxBytes, current.href, signal, this.timeoutMs, options.limitName);
    return { url: current.href, status: response.statusCode, contentType, body };
  }

  /**
   * GETs a URL as `get` does, streaming the body into the file at `path` (created or truncated)
   * instead of memory: the same limits, and memory stays flat whatever the size. On failure the
   * file may hold part of the body: the caller removes it.
   */
  async saveTo(url: string, path: string, options: FetchOptions): Promise<SavedResource> {
    const { response, current, signal, contentType } = await this.open(url, options);
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > options.maxBytes) return callback(tooLarge(current.href, options.maxBytes, options.limitName));
        callback(null, chunk);
      },
    });
    try {
      await pipeline(response.body, limit, createWriteStream(path), { signal });
    } catch (error) {
      if (error instanceof FetchError) throw error;
      throw asFetchError(signal.aborted ? signal.reason : error, current.href, this.timeoutMs);
    }
    return { url: current.href, status: response.statusCode, contentType, size };
  }

  /**
   * Sends a request of any method and answers whatever status comes back (a 401 is an answer
   * for a client that authenticates): the same address rules, timeouts and URL checks as `get`.
   * A GET follows redirects (at most 5, each hop checked; an `Authorization` header is dropped when a
   * redirect leaves the origin); other methods do not. The body is limited to `maxBytes` as read.
   */
  async request(url: string, options: RawRequestOptions): Promise<RawResponse> {
    const signal = AbortSignal.any([AbortSignal.timeout(this.timeoutMs), ...(options.signal ? [options.signal] : [])]);
    let current = checkUrl(url);
    let headers: Record<string, string> = { 'user-agent': 'docs-platform/1', ...options.headers };
    for (let hop = 0; ; hop++) {
      let response: Awaited<ReturnType<typeof request>>;
      try {
        response = await request(current, {
          method: options.method,
          dispatcher: this.agent,
          signal,
          headers,
          body: options.body === undefined ? undefined : Buffer.isBuffer(options.body) ? options.body : Readable.from(options.body),
        });
      } catch (error) {
        throw asFetchError(signal.aborted ? signal.reason : error, current.href, this.timeoutMs);
      }
      const location = response.headers.location;
      if (options.method === 'GET' && response.statusCode >= 300 && response.statusCode < 400 && location) {
        await discard(response.body);
        if (hop >= MAX_REDIRECTS) throw new FetchError('redirects', `${url} redirects more than ${MAX_REDIRECTS} times.`);
        let next: URL;
        try {
          next = new URL(String(location), current);
        } catch {
          throw new FetchError('url', `${current.href} redirects to an invalid URL.`);
        }
        if (next.origin !== current.origin) headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'));
        current = checkUrl(next.href);
        continue;
      }
      const flat: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      const declared = Number(flat['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        await discard(response.body);
        throw tooLarge(current.href, options.maxBytes);
      }
      const where = current.href;
      const timeoutMs = this.timeoutMs;
      const body = (async function* limited() {
        let size = 0;
        try {
          for await (const chunk of response.body as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size > options.maxBytes) throw tooLarge(where, options.maxBytes);
            yield chunk;
          }
        } catch (error) {
          if (error instanceof FetchError) throw error;
          throw asFetchError(signal.aborted ? signal.reason : error, where, timeoutMs);
        }
      })();
      return { url: where, status: response.statusCode, statusText: STATUS_TEXT[response.statusCode] ?? '', headers: flat, body };
    }
  }

  /**
   * POSTs a body to a URL with the same address checks as `get` (webhook deliveries). Never
   * follows a redirect: a 3xx is answered like any other status, with its `location` header, so a
   * signed body is only ever sent where the caller named. Network failures, refused addresses and
   * timeouts throw a `FetchError`; every HTTP answer is returned.
   */
  async post(url: string, options: PostOptions): Promise<PostResponse> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])]);
    const target = checkUrl(url);
    let response;
    try {
      response = await request(target, {
        method: 'POST',
        dispatcher: this.agent,
        signal,
        headers: options.headers,
        body: options.body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      throw asFetchError(signal.aborted ? signal.reason : error, target.href, timeoutMs);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    try {
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        const room = options.excerptBytes - size;
        if (chunk.length > room) {
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += Math.max(room, 0);
          truncated = true;
          break; // leaving the loop destroys the body: the rest is never read
        }
        chunks.push(chunk);
        size += chunk.length;
      }
    } catch {
      // The answer came; a body cut short still leaves what was read as the excerpt.
    }
    return { status: response.statusCode, headers: response.headers, excerpt: Buffer.concat(chunks, size), truncated };
  }

  /** Sends the GET and follows redirects up to the 2xx answer whose body is left to read. */
  private async open(url: string, options: FetchOptions) {
    const signals = [AbortSignal.timeout(this.timeoutMs), ...(options.signal ? [options.signal] : [])];
    const signal = AbortSignal.any(signals);
    let current = checkUrl(url);
    for (let hop = 0; ; hop++) {
      const response = await this.send(current, options, signal);
      if (response.statusCode >= 300 && response.statusCode < 400 && response.headers.location) {
        await discard(response.body);
        if (hop >= MAX_REDIRECTS) throw new FetchError('redirects', `${url} redirects more than ${MAX_REDIRECTS} times.`);
        const location = String(response.headers.location);
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          throw new FetchError('url', `${current.href} redirects to an invalid URL.`);
        }
        current = checkUrl(next.href);
        continue;
      }
      if (response.statusCode < 200 || response.statusCode >= 300) {
        await discard(response.body);
        throw new FetchError('status', `${current.href} answered with HTTP status ${response.statusCode}.`);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        await discard(response.body);
        throw tooLarge(current.href, options.maxBytes, options.limitName);
      }
      const type = response.headers['content-type'];
      const contentType = String(Array.isArray(type) ? type[0] : (type ?? '')).split(';')[0].trim().toLowerCase();
      return { response, current, signal, contentType };
    }
  }

  private async send(url: URL, options: FetchOptions, signal: AbortSignal) {
    try {
      return await request(url, {
        method: 'GET',
        dispatcher: this.agent,
        signal,
        headers: { 'user-agent': 'docs-platform-import/1', ...options.headers },
      });
    } catch (error) {
      throw asFetchError(signal.aborted ? signal.reason : error, url.href, this.timeoutMs);
    }
  }

  private static agent(policy: AddressPolicy, settings: Omit<SafeFetcherSettings, 'allowHosts'>): Agent {
    const resolver = settings.lookup ?? (dnsLookup as LookupFunction);
    const checkedLookup = ((hostname: string, lookupOptions: { all?: boolean }, callback: LookupCallback) => {
      resolver(hostname, { ...lookupOptions, all: true }, (error, found) => {
        if (error) return callback(error, '' as never, 0);
        const addresses = (Array.isArray(found) ? found : [{ address: found, family: 4 }]) as LookupAddress[];
        const refused = policy.allowsHostName(hostname) ? undefined : addresses.find((entry) => !policy.allowsAddress(entry.address));
        if (refused || addresses.length === 0) {
          return callback(refusedAddress(hostname, refused?.address), '' as never, 0);
        }
        if (lookupOptions.all) return callback(null, addresses as never, 0);
        callback(null, addresses[0].address as never, addresses[0].family);
      });
    }) as unknown as LookupFunction;
    const connector = buildConnector({ timeout: settings.connectTimeoutMs, lookup: checkedLookup } as buildConnector.BuildOptions);
    const checkedConnect: buildConnector.connector = (options, callback) => {
      const host = options.hostname;
      const named = !AddressPolicy.isAddress(host);
      if (!named && !policy.allowsAddress(host)) return callback(refusedAddress(host, host), null);
      connector(options, (error, socket) => {
        if (error || !socket) return callback(error, null);
        // Defence in depth: the peer we ended up on must pass too.
        const remote = (socket as Socket).remoteAddress;
        const trusted = named && policy.allowsHostName(host);
        if (!trusted && (!remote || !policy.allowsAddress(remote))) {
          socket.destroy();
          return callback(refusedAddress(host, remote), null);
        }
        callback(null, socket);
      });
    };
    return new Agent({ connect: checkedConnect, headersTimeout: settings.timeoutMs, bodyTimeout: settings.timeoutMs, maxRedirections: 0 } as Agent.Options);
  }
}

/** The reason phrases a client may show (undici does not give the server's). */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family: number) => void;

/** Parses and checks a URL: absolute, http or https, no credentials. */
function checkUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new FetchError('url', `${text} is not a valid absolute URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('scheme', `Only http and https URLs can be fetched, not ${url.protocol.replace(/:$/, '')}.`);
  }
  if (url.username || url.password) throw new FetchError('url', 'URLs with credentials cannot be fetched.');
  return url;
}

function refusedAddress(host: string, address: string | undefined | null): FetchError {
  const shown = address && address !== host ? `${host} (${address})` : host;
  return new FetchError('address', `${shown} is a private, loopback, link-local or otherwise internal address: fetching it is not allowed (see FETCH_ALLOW_HOSTS).`);
}

function tooLarge(url: string, maxBytes: number, limitName = 'IMPORT_MAX_BYTES'): FetchError {
  return new FetchError('too-large', `${url} is larger than the limit of ${maxBytes} bytes (${limitName}).`);
}

/** Drops a body we will not read (closing the connection rather than reading much of it). */
async function discard(body: { dump(options?: { limit?: number }): Promise<void> }): Promise<void> {
  await body.dump({ limit: 16 * 1024 }).catch(() => undefined);
}

async function readLimited(body: AsyncIterable<Buffer>, maxBytes: number, url: string, signal: AbortSignal, timeoutMs: number, limitName?: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(url, maxBytes, limitName); // leaving the loop destroys the body
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof FetchError) throw error;
    throw asFetchError(signal.aborted ? signal.reason : error, url, timeoutMs);
  }
  return Buffer.concat(chunks, size);
}

/** Maps undici and abort errors to a FetchError, keeping a refusal from the connector as it is. */
function asFetchError(error: unknown, url: string, timeoutMs: number): FetchError {
  const seen = new Set<unknown>();
  for (let cause = error; cause && !seen.has(cause); cause = (cause as { cause?: unknown }).cause) {
    seen.add(cause);
    if (cause instanceof FetchError) return cause;
  }
  // A DOMException's `code` is a number: look at its name too.
  const { code, name } = (error ?? {}) as { code?: unknown; name?: string };
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return new FetchError('timeout', `Connecting to ${url} timed out.`);
  if (name === 'TimeoutError' || name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new FetchError('timeout', `Fetching ${url} took longer than ${timeoutMs} ms.`);
  }
  return new FetchError('network', `${url} could not be fetched: ${(error as Error)?.message ?? 'network error'}.`);
}
