import { Controller, Get, Header, Module, Res } from '@nestjs/common';
import type { Response } from 'express';
import request from 'supertest';
import { createTestApp, TestApp } from '../../testing';
import { Public } from './public.decorator';

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
});
