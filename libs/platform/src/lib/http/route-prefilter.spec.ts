import { Controller, Get, Module, Param, Post } from '@nestjs/common';
import request from 'supertest';
import { createTestApp, TestApp } from '../../testing';
import { literalPrefix } from './route-prefilter';

describe('literalPrefix', () => {
  it.each([
    ['/v1/spaces/:spaceId/content', '/v1/spaces'],
    ['/v1/user', '/v1/user'],
    ['/v1/orgs/:organizationId', '/v1/orgs'],
    ['/v1/Spaces/{:id}', '/v1/spaces'],
    ['/v1/spaces/:spaceId/content/path/*pagePath', '/v1/spaces'],
    ['/{*path}', ''],
    ['/', ''],
    ['/health/', '/health'],
  ])('%s -> %s', (path, prefix) => {
    expect(literalPrefix(path, false)).toBe(prefix);
  });

  it('keeps the case when routing is case-sensitive', () => {
    expect(literalPrefix('/v1/Spaces/:id', true)).toBe('/v1/Spaces');
  });
});

@Controller('probe')
class ProbeController {
  @Get('items/:id')
  item(@Param('id') id: string) {
    return { id };
  }

  @Post('items')
  create() {
    return { created: true };
  }

  @Get('items')
  list() {
    return { items: [] };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('routing behind literal prefixes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule] });
  });
  afterAll(() => t.close());
  const get = (path: string) => request(t.app.getHttpServer()).get(path);

  it("puts every route's matcher behind its prefix once the app has started", () => {
    const stack = (t.app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string }; match: { name: string } }[] } }).router.stack;
    const probeRoutes = stack.filter((layer) => layer.route?.path.startsWith('/probe'));
    expect(probeRoutes.length).toBe(3);
    expect(probeRoutes.every((layer) => layer.match.name === 'prefiltered')).toBe(true);
  });

  it('matches as Express does: case-insensitive, optional trailing slash, parameters decoded', async () => {
    expect((await get('/probe/items/a%20b')).body).toEqual({ id: 'a b' });
    expect((await get('/PROBE/Items/x')).body).toEqual({ id: 'x' });
    expect((await get('/probe/items/')).body).toEqual({ items: [] });
    expect((await get('/probe/items?limit=1')).body).toEqual({ items: [] });
    expect((await get('/health')).status).toBe(200);
  });

  it('still answers 404 for unknown paths and 405 with Allow for a known path under another method', async () => {
    expect((await get('/probe/nothing/here/at/all')).status).toBe(404);
    expect((await get('/prob')).status).toBe(404);
    const wrongMethod = await request(t.app.getHttpServer()).delete('/probe/items');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET, HEAD, POST');
  });
});
