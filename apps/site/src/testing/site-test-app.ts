import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp, TestAppOptions, TestDatabase } from '@docs/platform/testing';
import { SitesModule } from '@docs/sites';
import { createSection, createSite } from '@docs/sites/testing';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseHTML } from 'linkedom';
import { SignJWT } from 'jose';
import request from 'supertest';
import { SiteRequestHandler } from '../http/site-request-handler';
import { SiteServerModule } from '../site-server.module';

/**
 * The api (to set sites up, as admins do) and the site server, on one test database. The site
 * server checks the database on every request (`SITE_FRESHNESS=strict`), so a change made through
 * the api shows on the very next request; `notify` (the default in production) is tested on its
 * own (it shows changes once their notification has arrived). `imports`: more of the api's modules
 * (OpenAPI hosting), `database`: one shared with another app (a worker).
 */
export async function createSiteTestApp(
  options: { freshness?: 'strict' | 'notify'; imports?: TestAppOptions['imports']; env?: Record<string, string>; database?: TestDatabase } = {},
): Promise<TestApp & { site: SiteClient }> {
  const t = await createTestApp({
    imports: [IdentityModule, ContentModule, SitesModule, ...(options.imports ?? []), SiteServerModule],
    env: { ...options.env, SITE_FRESHNESS: options.freshness ?? 'strict' },
    ...(options.database ? { database: options.database } : {}),
  });
  return Object.assign(t, { site: new SiteClient(t.get(SiteRequestHandler)) });
}

/** The site server of a test app on a port of 127.0.0.1 (for a browser or an SDK client): its origin, and how to stop it. */
export async function listenSite(t: TestApp): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer(t.get(SiteRequestHandler).listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SiteResponse {
  status: number;
  headers: Record<string, string | string[]>;
  text: string;
  body: Buffer;
}

/** Requests to the site server (Host `docs.test`, PUBLISHED_URL's host in tests, unless given). */
export class SiteClient {
  constructor(private readonly handler: SiteRequestHandler) {}

  async get(path: string, options: { host?: string; headers?: Record<string, string>; method?: 'GET' | 'HEAD' | 'POST'; body?: string } = {}): Promise<SiteResponse> {
    const agent = request(this.handler.listener);
    let req = (options.method === 'HEAD' ? agent.head(path) : options.method === 'POST' ? agent.post(path) : agent.get(path)).set('Host', options.host ?? 'docs.test');
    for (const [name, value] of Object.entries(options.headers ?? {})) req = req.set(name, value);
    if (options.body !== undefined) req = req.send(options.body);
    const res = await req.buffer(true).parse((response, callback) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => callback(null, Buffer.concat(chunks)));
    });
    const body = Buffer.isBuffer(res.body) ? res.body : Buffer.alloc(0);
    return { status: res.status, headers: res.headers as Record<string, string | string[]>, text: body.toString('utf8'), body };
  }

  /** A POST of `body` as JSON (what the site's script sends). */
  post(path: string, body: unknown, options: { headers?: Record<string, string> } = {}): Promise<SiteResponse> {
    return this.get(path, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...options.headers } });
  }

  /** A GET parsed as HTML. */
  async page(path: string, options: Parameters<SiteClient['get']>[1] = {}): Promise<SiteResponse & { document: Document }> {
    const res = await this.get(path, options);
    return { ...res, document: parseHTML(res.text).document as unknown as Document };
  }
}

/** The cookie values a response sets, by name (`''` for a cleared one), and their attributes. */
export function setCookies(res: SiteResponse): Map<string, { value: string; attributes: string }> {
  const header = res.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  return new Map(
    list.map((cookie) => {
      const [pair, ...attributes] = cookie.split('; ');
      const eq = pair.indexOf('=');
      return [pair.slice(0, eq), { value: decodeURIComponent(pair.slice(eq + 1)), attributes: attributes.join('; ') }];
    }),
  );
}

/** A page created over the API; returns its body. */
export async function createPage(t: TestApp, token: string, spaceId: string, body: Record<string, unknown>): Promise<any> {
  const res = await t.http.as(token).post(`/v1/spaces/${spaceId}/content/pages`, body);
  if (res.status !== 201) throw new Error(`createPage -> ${res.status}: ${res.text}`);
  return res.body;
}

export async function signVisitorToken(t: TestApp, claims: Record<string, unknown>, key: string, expiresInSeconds = 3600): Promise<string> {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + expiresInSeconds).sign(new TextEncoder().encode(key));
}

export { createOrganization, createSection, createSite, createSpace };
