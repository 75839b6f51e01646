import { Body, Controller, Get, HttpCode, Module, Post, Query } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { Column, Entity, PrimaryColumn, Repository } from 'typeorm';
import { createTestApp, TestApp } from '../../testing';
import { Clock } from '../clock/clock';
import { newId } from '../ids/random-id';
import { ListQueryDto } from '../lists/list-query.dto';
import { toListEnvelope } from '../lists/list-envelope';
import { Paginator, sortKey } from '../lists/paginator';

@Entity('probe_items')
class ProbeItem {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) color: string;
  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 }) createdAt: Date;
}

class Anchor {
  @IsIn(['space', 'collection']) type: string;
}
class Position {
  @ValidateNested() @Type(() => Anchor) before: Anchor;
}
class CreateProbeDto {
  @IsString() @MaxLength(10) color: string;
  @IsOptional() @ValidateNested() @Type(() => Position) position?: Position;
}
class ListProbeQuery extends ListQueryDto {
  @IsOptional() @IsIn(['red', 'blue']) color?: string;
}

@Controller('probe')
class ProbeController {
  constructor(
    @InjectRepository(ProbeItem) private readonly items: Repository<ProbeItem>,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
  ) {}

  @Get('items')
  async list(@Query() query: ListProbeQuery) {
    const qb = this.items.createQueryBuilder('p');
    if (query.color) qb.where('p.color = :color', { color: query.color });
    const page = await this.paginator.paginate(
      qb,
      [sortKey<ProbeItem>('p.created_at', 'DESC', 'timestamp', (p) => p.createdAt), sortKey<ProbeItem>('p.id', 'DESC', 'text', (p) => p.id)],
      { scope: `probe:${query.color ?? '*'}`, page: query.page, limit: query.limit },
    );
    return toListEnvelope(page, (item) => item.id);
  }

  @Post('items')
  @HttpCode(201)
  async create(@Body() body: CreateProbeDto) {
    const item = { id: newId(), color: body.color, createdAt: this.clock.now() };
    await this.items.insert(item);
    return item;
  }

  @Get('boom')
  boom(): never {
    throw new Error('secret internal detail: SELECT * FROM users');
  }
}

@Module({ imports: [TypeOrmModule.forFeature([ProbeItem])], controllers: [ProbeController] })
class ProbeModule {}

async function createProbeTable(t: TestApp) {
  await t.dataSource.query(`CREATE TABLE probe_items (id text PRIMARY KEY, color text NOT NULL, created_at timestamptz(3) NOT NULL)`);
}

describe('HTTP behaviour common to every route', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule], env: { BODY_LIMIT: '1kb' } });
    await createProbeTable(t);
  });
  afterAll(() => t.close());

  const api = () => t.http.as(undefined);

  it('answers health once the database is reachable', async () => {
    const res = await api().get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('serves its own OpenAPI document and the reference page', async () => {
    const doc = await api().get('/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(doc.body.paths['/health']).toBeDefined();
    const yaml = await api().get('/openapi.yaml');
    expect(yaml.status).toBe(200);
    expect(yaml.text).toMatch(/^openapi: 3\./m);
    const page = await api().get('/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger');
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await api().post('/probe/items', undefined, { raw: '{"color": ' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/not valid JSON/);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await api().post('/probe/items', { color: 'x'.repeat(2000) });
    expect(res.status).toBe(413);
    expect(res.body.error.message).toContain('1kb');
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await api().post('/probe/items', undefined, { raw: 'color=red', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
  });

  it('refuses a JSON body that is not an object', async () => {
    for (const raw of ['[1,2]', '"red"', '42']) {
      const res = await api().post('/probe/items', undefined, { raw });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/JSON object/);
    }
  });

  it('answers an unknown route with 404', async () => {
    const res = await api().get('/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toContain('/v1/nothing-here');
  });

  it('answers an unknown method on a known route with 405 and Allow', async () => {
    const res = await api().delete('/probe/items');
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD, POST');
  });

  it('names the failing field, nested ones by path', async () => {
    let res = await api().post('/probe/items', { color: 'far too long a colour' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('color must be shorter than or equal to 10 characters');
    res = await api().post('/probe/items', { color: 'red', position: { before: { type: 'page' } } });
    expect(res.body.error.message).toBe('position.before.type must be one of the following values: space, collection');
    res = await api().post('/probe/items', {});
    expect(res.body.error.message).toContain('color must be a string');
  });

  it('refuses unknown fields, in the body and in the query', async () => {
    let res = await api().post('/probe/items', { color: 'red', shade: 'dark' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('property shade should not exist');
    res = await api().get('/probe/items', { query: { colour: 'red' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('property colour should not exist');
  });

  it('answers unexpected errors with a generic 500 that quotes the request id', async () => {
    const res = await api().get('/probe/boom', { headers: { 'X-Request-Id': 'trace-123' } });
    expect(res.status).toBe(500);
    expect(res.headers['x-request-id']).toBe('trace-123');
    expect(res.body.error.message).toContain('trace-123');
    expect(res.text).not.toContain('SELECT');
    expect(res.text).not.toContain('secret');
  });

  it('gives every response a request id', async () => {
    const res = await api().get('/health');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  describe('lists', () => {
    const ids: string[] = [];

    beforeAll(async () => {
      // 25 items, some sharing a timestamp so that the id must break ties.
      for (let i = 0; i < 25; i++) {
        if (i % 3 === 0) t.clock.advance(1000);
        const res = await api().post('/probe/items', { color: i % 2 ? 'red' : 'blue' });
        ids.push(res.body.id);
      }
    });

    it('counts and pages in a stable order, newest first, with no gaps or duplicates', async () => {
      const first = await api().get('/probe/items', { query: { limit: 10 } });
      expect(first.body.count).toBe(25);
      expect(first.body.items).toHaveLength(10);
      const all = await api().all('/probe/items', { limit: 10 });
      expect(all).toHaveLength(25);
      expect(new Set(all).size).toBe(25);
      const again = await api().all('/probe/items', { limit: 7 });
      expect(again).toEqual(all);
    });

    it('omits next on the last page', async () => {
      const res = await api().get('/probe/items', { query: { limit: 25 } });
      expect(res.body.items).toHaveLength(25);
      expect(res.body.next).toBeUndefined();
    });

    it('answers only the count for limit 0', async () => {
      const res = await api().get('/probe/items', { query: { limit: 0 } });
      expect(res.body).toEqual({ items: [], count: 25 });
    });

    it('applies filters to the count and the pages', async () => {
      const red = await api().all('/probe/items', { color: 'red', limit: 5 });
      expect(red).toHaveLength(12);
      const res = await api().get('/probe/items', { query: { color: 'red', limit: 1 } });
      expect(res.body.count).toBe(12);
    });

    it('neither repeats nor skips listed rows while rows are inserted', async () => {
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const res = await api().get('/probe/items', { query: { limit: 4, page } });
        seen.push(...res.body.items);
        page = res.body.next?.page;
        t.clock.advance(10);
        await api().post('/probe/items', { color: 'blue' }); // newer than every listed row
      } while (page);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of ids) expect(seen).toContain(id);
    });

    it('refuses a forged, edited or foreign cursor with 400', async () => {
      const res = await api().get('/probe/items', { query: { limit: 2 } });
      const cursor: string = res.body.next.page;
      for (const page of ['forged', `${cursor}x`, `x${cursor}`]) {
        const bad = await api().get('/probe/items', { query: { page } });
        expect(bad.status).toBe(400);
        expect(bad.body.error.message).toMatch(/^page: /);
      }
      const otherFilter = await api().get('/probe/items', { query: { page: cursor, color: 'red' } });
      expect(otherFilter.status).toBe(400);
    });

    it.each([
      ['-1', 'limit must not be less than 0'],
      ['1001', 'limit must not be greater than 1000'],
      ['ten', 'limit must be an integer number'],
      ['2.5', 'limit must be an integer number'],
    ])('refuses limit=%s', async (limit, message) => {
      const res = await api().get('/probe/items', { query: { limit } });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
    });

    it('accepts limit 1000', async () => {
      expect((await api().get('/probe/items', { query: { limit: 1000 } })).status).toBe(200);
    });
  });
});

describe('rate limiting', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule], env: { RATE_LIMIT_PER_MINUTE: '3' } });
    await createProbeTable(t);
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the limit, counted per token', async () => {
    const alice = t.http.as('token-of-alice-0000');
    for (let i = 0; i < 3; i++) expect((await alice.get('/probe/items')).status).toBe(200);
    const limited = await alice.get('/probe/items');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    const bob = await t.http.as('token-of-bob-000000').get('/probe/items');
    expect(bob.status).toBe(200);
    expect(bob.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('counts per session for a browser signed in (the session cookie), apart from tokens and from other sessions', async () => {
    const carol = t.http.as(undefined, { headers: { Cookie: 'theme=dark; docs_session=session-of-carol-0000' } });
    for (let i = 0; i < 3; i++) expect((await carol.get('/probe/items')).headers['x-ratelimit-remaining']).toBe(String(2 - i));
    expect((await carol.get('/probe/items')).status).toBe(429);
    // Another cookie beside it changes nothing; another session has its own budget.
    expect((await t.http.as(undefined, { headers: { Cookie: 'docs_session=session-of-carol-0000; lang=fr' } }).get('/probe/items')).status).toBe(429);
    expect((await t.http.as(undefined, { headers: { Cookie: 'docs_session=session-of-dave-00000' } }).get('/probe/items')).status).toBe(200);
  });

  it('never limits the health check', async () => {
    for (let i = 0; i < 5; i++) expect((await t.http.as(undefined).get('/health')).status).toBe(200);
  });
});
