import { Controller, Get, Header, Module, Res } from '@nestjs/common';
import type { Response } from 'express';
import request from 'supertest';
import { createTestApp, TestApp } from '../../testing';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { COMPRESS_MIN_BYTES, SerializedJson } from './json-responses';
import { Public } from './public.decorator';

const LARGE = { items: Array.from({ length: 2000 }, (_, i) => ({ id: `item-${i}`, title: `Item number ${i}` })) };
const SERIALIZED = SerializedJson.of(LARGE);

@Public()
@Controller('probe')
class ProbeController {
  @Get('plain')
  plain() {
    return { title: 'Café ✓', items: [1, 2] };
  }

  @Get('revision')
  revision(@Res({ passthrough: true }) res: Response) {
    res.setHeader('ETag', '"rev-1"');
    return { revision: 'rev-1' };
  }

  @Get('large')
  large() {
    return LARGE;
  }

  @Get('serialized')
  serialized(@Res({ passthrough: true }) res: Response) {
    res.setHeader('ETag', '"tree-1"');
    return SERIALIZED;
  }

  @Get('typed')
  @Header('Content-Type', 'application/vnd.probe+json')
  typed() {
    return { typed: true };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('JSON responses (written directly in the common case, by Express otherwise)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule] });
  });
  afterAll(() => t.close());
  const server = () => t.app.getHttpServer();

  it('writes the body with its type and length, and no ETag hashed from it', async () => {
    const res = await request(server()).get('/probe/plain');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify({ title: 'Café ✓', items: [1, 2] }))));
    expect(res.body).toEqual({ title: 'Café ✓', items: [1, 2] });
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await request(server()).head('/probe/plain');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.text).toBeUndefined();
  });

  it("keeps a handler's own ETag, and answers 304 to a request that has it", async () => {
    const first = await request(server()).get('/probe/revision');
    expect(first.headers.etag).toBe('"rev-1"');
    const again = await request(server()).get('/probe/revision').set('If-None-Match', '"rev-1"');
    expect(again.status).toBe(304);
    const changed = await request(server()).get('/probe/revision').set('If-None-Match', '"rev-0"');
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ revision: 'rev-1' });
  });

  it("keeps a handler's own Content-Type", async () => {
    const res = await request(server()).get('/probe/typed');
    expect(res.headers['content-type']).toBe('application/vnd.probe+json; charset=utf-8');
    expect(JSON.parse(res.text)).toEqual({ typed: true });
  });

  /** The raw bytes of an answer, not decompressed by the client. */
  const raw = async (path: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> => {
    const listening = server();
    if (!listening.listening) await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    const { port } = listening.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
  };

  it('gzips answers of COMPRESS_MIN_BYTES or more for clients that accept it, and only for them', async () => {
    expect(JSON.stringify(LARGE).length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    for (const path of ['/probe/large', '/probe/serialized']) {
      const gzipped = await raw(path, { 'Accept-Encoding': 'gzip, deflate' });
      expect([path, gzipped.headers['content-encoding'], gzipped.headers.vary]).toEqual([path, 'gzip', 'Accept-Encoding']);
      expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length);
      expect(gzipped.body.length).toBeLessThan(JSON.stringify(LARGE).length / 4);
      expect(JSON.parse(gunzipSync(gzipped.body).toString())).toEqual(LARGE);
      for (const encoding of ['identity', 'gzip;q=0, identity', 'br']) {
        const plain = await raw(path, { 'Accept-Encoding': encoding });
        expect([path, encoding, plain.headers['content-encoding']]).toEqual([path, encoding, undefined]);
        expect(JSON.parse(plain.body.toString())).toEqual(LARGE);
      }
    }
    // Small answers are never compressed.
    expect((await raw('/probe/plain', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
  });

  it('answers a SerializedJson with its ETag, 304 when fresh, and HEAD without a body', async () => {
    expect((await request(server()).get('/probe/serialized').set('If-None-Match', '"tree-1"')).status).toBe(304);
    const stale = await request(server()).get('/probe/serialized').set('If-None-Match', '"tree-0"');
    expect([stale.status, stale.headers['content-type']]).toEqual([200, 'application/json; charset=utf-8']);
    expect(stale.body).toEqual(LARGE);
    const head = await request(server()).head('/probe/serialized');
    expect([head.status, head.text]).toEqual([200, undefined]);
  });
});
