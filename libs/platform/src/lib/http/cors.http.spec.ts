import { createTestApp, TestApp } from '../../testing';
import { loadConfig } from '../config/app-config';

describe('CORS_ORIGINS', () => {
  describe('with two origins', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ imports: [], env: { CORS_ORIGINS: 'https://docs.example.com, http://127.0.0.1:3000' } });
    });
    afterAll(() => t.close());

    it('answers a preflight from an allowed origin without a token', async () => {
      const res = await t.http.send('OPTIONS', '/v1/orgs', undefined, undefined, {
        headers: { Origin: 'http://127.0.0.1:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
      });
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
      expect(res.headers['access-control-allow-methods']).toContain('PATCH');
      expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/);
    });

    it('does not allow another origin', async () => {
      const res = await t.http.send('GET', '/health', undefined, undefined, { headers: { Origin: 'https://evil.example.com' } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const allowed = await t.http.send('GET', '/health', undefined, undefined, { headers: { Origin: 'https://docs.example.com' } });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://docs.example.com');
      expect(allowed.headers['access-control-expose-headers']).toContain('X-Request-Id');
    });
  });

  describe('unset', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ imports: [] });
    });
    afterAll(() => t.close());

    it('sends no CORS headers (same origin only)', async () => {
      const res = await t.http.send('GET', '/health', undefined, undefined, { headers: { Origin: 'https://docs.example.com' } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  it('refuses a malformed value at start-up, reads a list or *', () => {
    expect(() => loadConfig({ CORS_ORIGINS: 'docs.example.com' })).toThrow(/CORS_ORIGINS must be/);
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example/, http://b.example:8080' }).corsOrigins).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(loadConfig({}).corsOrigins).toEqual([]);
  });
});
