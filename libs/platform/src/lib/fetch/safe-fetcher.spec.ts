import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo, LookupFunction } from 'node:net';
import { FetchError } from './fetch-error';
import { SafeFetcher } from './safe-fetcher';

/** A server on 127.0.0.1 that counts the connections it gets, to prove refused fetches never connect. */
async function countingServer(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; port: number; connections: () => number }> {
  let connections = 0;
  const server = createServer(handler);
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, connections: () => connections };
}

/** A resolver that answers from a table (a DNS name resolving to an internal address, for instance). */
function tableResolver(table: Record<string, string[]>): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const addresses = table[hostname];
    if (!addresses) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    const entries = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    if (options.all) callback(null, entries);
    else callback(null, entries[0].address, entries[0].family);
  }) as unknown as LookupFunction;
}

const LIMITS = { connectTimeoutMs: 1000, timeoutMs: 1500 };

describe('SafeFetcher', () => {
  let target: Awaited<ReturnType<typeof countingServer>>;
  let open: Awaited<ReturnType<typeof countingServer>>;
  let hostile: SafeFetcher;
  let allowed: SafeFetcher;

  beforeAll(async () => {
    target = await countingServer((_req, res) => res.end('secret'));
    open = await countingServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/ok') return res.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' }).end('# Hello');
      if (url.pathname === '/redirect') return res.writeHead(302, { location: url.searchParams.get('to') ?? '/ok' }).end();
      if (url.pathname === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      if (url.pathname === '/big') return res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000));
      if (url.pathname === '/big-chunked') {
        res.writeHead(200);
        for (let i = 0; i < 10; i++) res.write('y'.repeat(1000));
        return res.end();
      }
      if (url.pathname === '/slow-headers') return void setTimeout(() => res.end('late'), 5000);
      if (url.pathname === '/slow-body') {
        res.writeHead(200);
        res.write('a');
        return void setTimeout(() => res.end('b'), 5000);
      }
      if (url.pathname === '/missing') return res.writeHead(404).end();
      if (url.pathname === '/echo') {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        return void req.on('end', () =>
          res.writeHead(201, { 'x-method': req.method ?? '', 'x-auth': req.headers.authorization ?? 'none' }).end(Buffer.concat(chunks)),
        );
      }
      if (url.pathname === '/challenge') return res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end('who are you?');
      res.writeHead(500).end();
    });
    const resolver = tableResolver({
      'rebind.test': ['127.0.0.1'],
      'metadata.test': ['169.254.169.254'],
      'mixed.test': ['93.184.216.34', '10.0.0.1'],
      'v6.test': ['::1'],
      'mapped.test': ['::ffff:127.0.0.1'],
      'fixtures.test': ['127.0.0.1'],
    });
    hostile = SafeFetcher.create({ allowHosts: [], lookup: resolver, ...LIMITS });
    allowed = SafeFetcher.create({ allowHosts: ['127.0.0.1'], lookup: resolver, ...LIMITS });
  });

  afterAll(async () => {
    await Promise.all([hostile.close(), allowed.close()]);
    target.server.close();
    open.server.close();
  });

  const hostileUrls = () => {
    const port = target.port;
    return [
      `http://127.0.0.1:${port}/`,
      `http://127.1:${port}/`,
      `http://0177.0.0.1:${port}/`,
      `http://0x7f.0.0.1:${port}/`,
      `http://0x7f000001:${port}/`,
      `http://2130706433:${port}/`,
      `http://017700000001:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`,
      `http://0.0.0.0:${port}/`,
      `http://[::]:${port}/`,
      `http://localhost:${port}/`,
      `http://rebind.test:${port}/`,
      `http://v6.test:${port}/`,
      `http://mapped.test:${port}/`,
      `http://mixed.test:${port}/`,
      'http://metadata.test/latest/meta-data/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'http://100.100.100.200/',
      'http://10.0.0.1/',
      'http://172.16.0.1/',
      'http://192.168.0.1/',
      'http://100.64.0.1/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      `http://127.0.0.1.nip.io:${port}/`,
    ];
  };

  it('refuses every hostile URL without connecting', async () => {
    const before = target.connections();
    for (const url of hostileUrls()) {
      // localhost and nip.io go through the test resolver: unknown names fail to resolve, which is a refusal too
      const error = await hostile.get(url, { maxBytes: 1000 }).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(FetchError);
      expect(['address', 'network']).toContain((error as FetchError).failure);
    }
    expect(target.connections()).toBe(before);
  });

  it('names the refused address in the message', async () => {
    await expect(hostile.get(`http://rebind.test:${target.port}/`, { maxBytes: 10 })).rejects.toThrow(/rebind\.test \(127\.0\.0\.1\).*not allowed/);
  });

  it('refuses redirects to internal addresses in every spelling, and connects to none of them', async () => {
    const allowOnlyName = SafeFetcher.create({ allowHosts: ['fixtures.test'], lookup: tableResolver({ 'fixtures.test': ['127.0.0.1'], 'rebind.test': ['127.0.0.1'] }), ...LIMITS });
    try {
      const before = target.connections();
      for (const to of [`http://127.0.0.1:${target.port}/`, `http://2130706433:${target.port}/`, `http://[::ffff:127.0.0.1]:${target.port}/`, `http://rebind.test:${target.port}/`, 'http://169.254.169.254/']) {
        const url = `http://fixtures.test:${open.port}/redirect?to=${encodeURIComponent(to)}`;
        await expect(allowOnlyName.get(url, { maxBytes: 100 })).rejects.toMatchObject({ failure: 'address' });
      }
      expect(target.connections()).toBe(before);
      await expect(allowOnlyName.get(`http://fixtures.test:${open.port}/ok`, { maxBytes: 100 })).resolves.toMatchObject({ body: Buffer.from('# Hello') });
    } finally {
      await allowOnlyName.close();
    }
  });

  it('refuses schemes other than http and https', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://127.0.0.1/', 'javascript:alert(1)', 'data:text/plain,hi']) {
      await expect(hostile.get(url, { maxBytes: 10 })).rejects.toMatchObject({ failure: 'scheme' });
    }
    await expect(allowed.get(`http://127.0.0.1:${open.port}/redirect?to=file:///etc/passwd`, { maxBytes: 10 })).rejects.toMatchObject({ failure: 'scheme' });
  });

  it('fetches from an allowed address, following redirects, with the media type', async () => {
    const fetched = await allowed.get(`http://127.0.0.1:${open.port}/redirect?to=/ok`, { maxBytes: 100 });
    expect(fetched).toMatchObject({ status: 200, contentType: 'text/markdown', url: `http://127.0.0.1:${open.port}/ok` });
    expect(fetched.body.toString()).toBe('# Hello');
  });

  it('stops after 5 redirects', async () => {
    await expect(allowed.get(`http://127.0.0.1:${open.port}/loop`, { maxBytes: 100 })).rejects.toMatchObject({ failure: 'redirects' });
  });

  it('enforces the byte limit on declared and streamed bodies', async () => {
    await expect(allowed.get(`http://127.0.0.1:${open.port}/big`, { maxBytes: 4999 })).rejects.toMatchObject({ failure: 'too-large' });
    await expect(allowed.get(`http://127.0.0.1:${open.port}/big-chunked`, { maxBytes: 5000 })).rejects.toMatchObject({ failure: 'too-large' });
    await expect(allowed.get(`http://127.0.0.1:${open.port}/big`, { maxBytes: 5000 })).resolves.toMatchObject({ status: 200 });
  });

  it('times out slow servers (headers and body)', async () => {
    await expect(allowed.get(`http://127.0.0.1:${open.port}/slow-headers`, { maxBytes: 100 })).rejects.toMatchObject({ failure: 'timeout' });
    await expect(allowed.get(`http://127.0.0.1:${open.port}/slow-body`, { maxBytes: 100 })).rejects.toMatchObject({ failure: 'timeout' });
  });

  it('times out a connect that never completes', async () => {
    // A resolver that never answers: the connect timeout covers resolution and the TCP handshake.
    const never = (() => undefined) as unknown as LookupFunction;
    const blackhole = SafeFetcher.create({ allowHosts: [], lookup: never, connectTimeoutMs: 200, timeoutMs: 5000 });
    try {
      const started = Date.now();
      await expect(blackhole.get('http://blackhole.test/', { maxBytes: 10 })).rejects.toMatchObject({ failure: 'timeout' });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await blackhole.close();
    }
  });

  it('reports HTTP error statuses', async () => {
    await expect(allowed.get(`http://127.0.0.1:${open.port}/missing`, { maxBytes: 100 })).rejects.toMatchObject({ failure: 'status', message: expect.stringContaining('404') });
  });

  describe('saveTo (streamed into a file)', () => {
    let dir: string;
    beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'safe-fetcher-'))));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('writes the body after redirects and answers its size and type', async () => {
      const path = join(dir, 'ok');
      const saved = await allowed.saveTo(`http://127.0.0.1:${open.port}/redirect?to=/ok`, path, { maxBytes: 100 });
      expect(saved).toEqual({ url: `http://127.0.0.1:${open.port}/ok`, status: 200, contentType: 'text/markdown', size: 7 });
      expect(readFileSync(path, 'utf8')).toBe('# Hello');
    });

    it('keeps the limits of get: addresses, byte limit (declared and streamed), timeouts', async () => {
      const path = join(dir, 'refused');
      await expect(hostile.saveTo(`http://127.0.0.1:${target.port}/`, path, { maxBytes: 100 })).rejects.toMatchObject({ failure: 'address' });
      await expect(allowed.saveTo(`http://127.0.0.1:${open.port}/big`, path, { maxBytes: 4999 })).rejects.toMatchObject({ failure: 'too-large' });
      await expect(allowed.saveTo(`http://127.0.0.1:${open.port}/big-chunked`, path, { maxBytes: 5000 })).rejects.toMatchObject({ failure: 'too-large' });
      await expect(allowed.saveTo(`http://127.0.0.1:${open.port}/slow-body`, path, { maxBytes: 100 })).rejects.toMatchObject({ failure: 'timeout' });
    });
  });

  describe("request (any method, any status: what Git's smart HTTP needs)", () => {
    const read = async (body: AsyncIterable<Buffer>) => {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk);
      return Buffer.concat(chunks).toString('utf8');
    };
    async function* parts() {
      yield Buffer.from('0032want ');
      yield Buffer.from('abc\n');
    }

    it('streams a POST body, answers the status and headers, and leaves a 401 to the caller', async () => {
      const posted = await allowed.request(`http://127.0.0.1:${open.port}/echo`, { method: 'POST', body: parts(), headers: { authorization: 'Basic eDp5' }, maxBytes: 100 });
      expect([posted.status, posted.headers['x-method'], posted.headers['x-auth'], await read(posted.body)]).toEqual([201, 'POST', 'Basic eDp5', '0032want abc\n']);
      const challenged = await allowed.request(`http://127.0.0.1:${open.port}/challenge`, { method: 'GET', maxBytes: 100 });
      expect([challenged.status, challenged.statusText, challenged.headers['www-authenticate'], await read(challenged.body)]).toEqual([401, 'Unauthorized', 'Basic realm="git"', 'who are you?']);
    });

    it('follows GET redirects, dropping Authorization when the origin changes', async () => {
      const same = await allowed.request(`http://127.0.0.1:${open.port}/redirect?to=/echo`, { method: 'GET', headers: { authorization: 'Basic eDp5' }, maxBytes: 100 });
      expect([same.url, same.headers['x-auth']]).toEqual([`http://127.0.0.1:${open.port}/echo`, 'Basic eDp5']);
      const other = await allowed.request(`http://127.0.0.1:${open.port}/redirect?to=${encodeURIComponent(`http://fixtures.test:${open.port}/echo`)}`, {
        method: 'GET',
        headers: { authorization: 'Basic eDp5' },
        maxBytes: 100,
      });
      expect([other.url, other.headers['x-auth']]).toEqual([`http://fixtures.test:${open.port}/echo`, 'none']);
      const post = await allowed.request(`http://127.0.0.1:${open.port}/redirect?to=/ok`, { method: 'POST', body: Buffer.from('x'), maxBytes: 100 });
      expect(post.status).toBe(302);
    });

    it('keeps the address rules, the URL checks and the byte limit', async () => {
      await expect(hostile.request(`http://127.0.0.1:${target.port}/`, { method: 'POST', body: Buffer.from('x'), maxBytes: 100 })).rejects.toMatchObject({ failure: 'address' });
      await expect(allowed.request(`http://user:pass@127.0.0.1:${open.port}/ok`, { method: 'GET', maxBytes: 100 })).rejects.toMatchObject({ failure: 'url' });
      await expect(allowed.request(`http://127.0.0.1:${open.port}/big`, { method: 'GET', maxBytes: 4999 })).rejects.toMatchObject({ failure: 'too-large' });
      const chunked = await allowed.request(`http://127.0.0.1:${open.port}/big-chunked`, { method: 'GET', maxBytes: 5000 });
      await expect(read(chunked.body)).rejects.toMatchObject({ failure: 'too-large' });
      expect(target.connections()).toBe(0);
    });
  });

  describe('post (webhook deliveries)', () => {
    const post = (fetcher: SafeFetcher, path: string, extra: Partial<Parameters<SafeFetcher['post']>[1]> = {}) =>
      fetcher.post(`http://127.0.0.1:${open.port}${path}`, { body: '{"a":1}', headers: { 'content-type': 'application/json' }, excerptBytes: 4, ...extra });

    it('answers every status with an excerpt of the body, and follows no redirect', async () => {
      expect(await post(allowed, '/ok')).toMatchObject({ status: 200, excerpt: Buffer.from('# He'), truncated: true });
      expect(await post(allowed, '/missing')).toMatchObject({ status: 404, truncated: false });
      const redirected = await post(allowed, `/redirect?to=${encodeURIComponent('http://169.254.169.254/latest')}`);
      expect(redirected.status).toBe(302);
      expect(redirected.headers.location).toBe('http://169.254.169.254/latest');
    });

    it('keeps the address rules and the timeout', async () => {
      await expect(post(hostile, '/ok')).rejects.toMatchObject({ failure: 'address' });
      expect(target.connections()).toBe(0);
      await expect(post(allowed, '/slow-headers', { timeoutMs: 300 })).rejects.toMatchObject({ failure: 'timeout' });
      await expect(allowed.post('ftp://127.0.0.1/', { body: '', headers: {}, excerptBytes: 1 })).rejects.toMatchObject({ failure: 'scheme' });
    });
  });
});
