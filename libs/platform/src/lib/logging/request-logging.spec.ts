import { Controller, Get, Module, NotFoundException } from '@nestjs/common';
import request from 'supertest';
import { createTestApp, TestApp } from '../../testing';

@Controller('probe')
class ProbeController {
  @Get('ok')
  ok() {
    return { ok: true };
  }

  @Get('missing')
  missing() {
    throw new NotFoundException('No such probe.');
  }

  @Get('boom')
  boom() {
    throw new Error('the disk is on fire');
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

interface Line {
  level: number;
  reqId?: string;
  req?: Record<string, unknown>;
  res?: Record<string, unknown>;
  err?: { message: string; stack: string };
  msg: string;
}

const INFO = 30;
const ERROR = 50;

describe('request logs', () => {
  let t: TestApp;
  const lines: Line[] = [];
  const raw: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      imports: [ProbeModule],
      env: { LOG_LEVEL: 'info' },
      logDestination: {
        write: (line: string) => {
          raw.push(line);
          lines.push(JSON.parse(line) as Line);
        },
      },
    });
  });
  afterAll(() => t.close());

  async function send(path: string): Promise<{ status: number; lines: Line[] }> {
    const response = await request(t.app.getHttpServer())
      .get(path)
      .set('Authorization', 'Bearer secret-token-value-0123456789')
      .set('Cookie', 'session=secret-cookie')
      .set('User-Agent', 'probe/1.0');
    const id = response.headers['x-request-id'];
    return { status: response.status, lines: lines.filter((line) => line.reqId === id) };
  }

  it('writes one line per request, at info, without headers', async () => {
    const { status, lines: mine } = await send('/probe/ok?x=1');
    expect(status).toBe(200);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: INFO,
      msg: 'request completed',
      req: { method: 'GET', url: '/probe/ok?x=1' },
      res: { statusCode: 200 },
    });
    expect(Object.keys(mine[0].req!).sort()).toEqual(['method', 'remoteAddress', 'url']);
    expect(Object.keys(mine[0].res!)).toEqual(['statusCode']);
  });

  it('logs a 4xx at info, in one line without the header set', async () => {
    for (const path of ['/probe/missing', '/no/such/route']) {
      const { status, lines: mine } = await send(path);
      expect(status).toBe(404);
      expect(mine).toHaveLength(1);
      expect(mine[0].level).toBe(INFO);
      expect(mine[0].res).toEqual({ statusCode: 404 });
      expect(JSON.stringify(mine[0])).not.toMatch(/headers|user-agent|probe\/1\.0/i);
    }
  });

  it('logs an unexpected error at error level, with its stack, in the request line only', async () => {
    const { status, lines: mine } = await send('/probe/boom');
    expect(status).toBe(500);
    expect(mine).toHaveLength(1);
    expect(mine[0].level).toBe(ERROR);
    expect(mine[0].res).toEqual({ statusCode: 500 });
    expect(mine[0].err!.message).toBe('the disk is on fire');
    expect(mine[0].err!.stack).toContain('ProbeController.boom');
    expect(lines.filter((line) => line.err && !line.reqId)).toEqual([]);
  });

  it("never writes a one-time link's secret nor a share key of a URL", async () => {
    const { lines: mine } = await send('/probe/missing?token=secret-link-value&next=%2Fs%2Fx&shareKey=secret-share');
    expect(mine[0].req).toMatchObject({ url: '/probe/missing?token=[redacted]&next=%2Fs%2Fx&shareKey=[redacted]' });
    expect(raw.join('\n')).not.toMatch(/secret-link-value|secret-share/);
  });

  it('never writes a token or a cookie', () => {
    expect(raw.join('\n')).not.toMatch(/secret-token-value|secret-cookie/);
  });
});
