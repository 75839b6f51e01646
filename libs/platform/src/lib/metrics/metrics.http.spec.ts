import { Controller, Get, Module, NotFoundException, Param } from '@nestjs/common';
import request from 'supertest';
import { createTestApp, TestApp } from '../../testing';
import { Public } from '../http/public.decorator';
import { listenForMetrics } from './metrics-server';
import { Metrics } from './metrics';

@Controller('probe')
class ProbeController {
  @Public()
  @Get('items/:itemId')
  item(@Param('itemId') itemId: string) {
    if (itemId === 'missing') throw new NotFoundException('No such item.');
    return { id: itemId };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /metrics on the api', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule], env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) => {
    const req = request(t.app.getHttpServer()).get('/metrics');
    return authorization ? req.set('Authorization', authorization) : req;
  };

  it('takes METRICS_TOKEN as its bearer token, and no other', async () => {
    for (const header of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(header);
      expect([header, res.status]).toEqual([header, 401]);
      expect(res.body).toEqual({ error: { code: 401, message: expect.stringMatching(/METRICS_TOKEN/) } });
    }
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.text).toContain('# TYPE process_cpu_user_seconds_total counter');
  });

  it('counts requests by method, route template and status, with their latency; not the scrapes', async () => {
    const server = t.app.getHttpServer();
    for (const id of ['a', 'b', 'c']) expect((await request(server).get(`/probe/items/${id}`)).status).toBe(200);
    expect((await request(server).get('/probe/items/missing')).status).toBe(404);
    expect((await request(server).get('/nowhere/at/all')).status).toBe(404);
    const text = (await scrape(`Bearer ${TOKEN}`)).text;
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/probe/items/:itemId",status="200"} 3');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/probe/items/:itemId",status="404"} 1');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="unmatched",status="404"} 1');
    expect(text).not.toMatch(/route="[^"]*(items\/a|nowhere)/);
    expect(text).not.toContain('route="/metrics"');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/probe\/items\/:itemId",status="200"\} 3/);
  });
});

describe('metrics off the public port', () => {
  it('without METRICS_TOKEN, the api answers 404 on /metrics and times nothing', async () => {
    const t = await createTestApp({ imports: [ProbeModule] });
    try {
      expect((await request(t.app.getHttpServer()).get('/metrics')).status).toBe(404);
      expect(t.get(Metrics).exposed).toBe(false);
      await request(t.app.getHttpServer()).get('/probe/items/a');
      expect(await t.get(Metrics).registry.getSingleMetricAsString('http_request_duration_seconds')).not.toContain('route=');
    } finally {
      await t.close();
    }
  });

  it('a listener of its own (METRICS_PORT, WORKER_METRICS_PORT) serves GET /metrics only, with the token when one is set', async () => {
    const t = await createTestApp({ imports: [ProbeModule], env: { METRICS_PORT: '0' } });
    const open = await listenForMetrics(t.get(Metrics), { port: 0, host: '127.0.0.1', variable: 'METRICS_PORT' });
    const guarded = await listenForMetrics(t.get(Metrics), { port: 0, host: '127.0.0.1', token: TOKEN, variable: 'METRICS_PORT' });
    try {
      expect(t.get(Metrics).exposed).toBe(true);
      const url = (listener: typeof open, path = '/metrics') => `http://127.0.0.1:${listener.address.port}${path}`;
      await request(t.app.getHttpServer()).get('/probe/items/a');
      const res = await fetch(url(open));
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('route="/probe/items/:itemId"');
      expect((await fetch(url(open, '/v1/user'))).status).toBe(404);
      expect((await fetch(url(open), { method: 'POST' })).status).toBe(404);
      expect((await fetch(url(guarded))).status).toBe(401);
      expect((await fetch(url(guarded), { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
      // A port already taken is a one-line startup error naming the variable.
      await expect(listenForMetrics(t.get(Metrics), { port: open.address.port, host: '127.0.0.1', variable: 'WORKER_METRICS_PORT' })).rejects.toThrow(
        /Port \d+ \(WORKER_METRICS_PORT\) on 127.0.0.1 is already in use/,
      );
    } finally {
      await open.close();
      await guarded.close();
      await t.close();
    }
  });
});
