import { Controller, Get, Module } from '@nestjs/common';
import request from 'supertest';
import { createTestApp, TestApp } from '../../testing';
import { RATE_LIMIT_TABLE } from './token-rate-limit.guard';

@Controller('probe')
class ProbeController {
  @Get()
  get() {
    return { ok: true };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

const TOKEN = 'Bearer token-of-carol-0123456789';

describe('the rate limit across several api processes', () => {
  // Two apps with their own pools on one database: two api processes behind a load balancer.
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp({ imports: [ProbeModule], env: { RATE_LIMIT_PER_MINUTE: '4' } });
    second = await createTestApp({ imports: [ProbeModule], env: { RATE_LIMIT_PER_MINUTE: '4' }, database: first.database });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const get = (t: TestApp, authorization = TOKEN) => request(t.app.getHttpServer()).get('/probe').set('Authorization', authorization);

  it('holds across processes: the counters are shared through PostgreSQL', async () => {
    expect((await get(first)).headers['x-ratelimit-remaining']).toBe('3');
    expect((await get(second)).headers['x-ratelimit-remaining']).toBe('2');
    expect((await get(first)).status).toBe(200);
    expect((await get(second)).status).toBe(200);
    const refused = await get(first);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(second)).status).toBe(429);
    // Refused from memory once over the limit: its counter stops moving in the database.
    const count = async () =>
      (await first.dataSource.query(`SELECT points FROM ${RATE_LIMIT_TABLE}`)) as { points: number }[];
    const before = await count();
    expect((await get(first)).status).toBe(429);
    expect(await count()).toEqual(before);
    // Another token has its own window.
    expect((await get(second, 'Bearer token-of-dave-0123456789')).status).toBe(200);
  });

  it('stores no token: counters are keyed by a hash of the Authorization header', async () => {
    const rows = (await first.dataSource.query(`SELECT key FROM ${RATE_LIMIT_TABLE}`)) as { key: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) {
      expect(key).toMatch(/^api:auth:[A-Za-z0-9_-]{43}$/);
      expect(key).not.toContain('carol');
    }
  });

  it('counts per process with RATE_LIMIT_STORE=memory', async () => {
    const rows = async () => (await first.dataSource.query(`SELECT key, points FROM ${RATE_LIMIT_TABLE} ORDER BY key`)) as unknown[];
    const before = await rows();
    const local = await createTestApp({ imports: [ProbeModule], env: { RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_STORE: 'memory' }, database: first.database });
    try {
      const token = 'Bearer token-of-erin-0123456789';
      expect((await get(local, token)).status).toBe(200);
      expect((await get(local, token)).status).toBe(429);
      expect(await rows()).toEqual(before);
    } finally {
      await local.close();
    }
  });
});
