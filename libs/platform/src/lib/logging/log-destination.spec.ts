import pino from 'pino';
import { Writable } from 'node:stream';
import { logDestination, prettyLogs } from './log-destination';

describe('log format: JSON lines by default, pino-pretty on a terminal', () => {
  it('auto: pretty only when stdout is a TTY; json never; pretty always', () => {
    expect(prettyLogs('auto', { isTTY: true })).toBe(true);
    expect(prettyLogs('auto', { isTTY: false })).toBe(false);
    expect(prettyLogs('auto', {})).toBe(false);
    expect(prettyLogs('json', { isTTY: true })).toBe(false);
    expect(prettyLogs('pretty', { isTTY: false })).toBe(true);
    // JSON: pino's own stdout destination.
    expect(logDestination('auto', { isTTY: false })).toBeUndefined();
    expect(logDestination('json', { isTTY: true })).toBeUndefined();
  });

  it('writes one readable line per event: time, level, context, message, the request in short', () => {
    const written: string[] = [];
    const terminal = Object.assign(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          written.push(chunk.toString());
          done();
        },
      }),
      { isTTY: false },
    );
    const logger = pino({ level: 'info' }, logDestination('pretty', terminal)!);
    logger.info({ context: 'NestApplication' }, 'Nest application successfully started');
    logger.info({ reqId: 'r-1', req: { method: 'GET', url: '/v1/user', remoteAddress: '::1' }, res: { statusCode: 200 }, responseTime: 3 }, 'request completed');
    logger.error({ reqId: 'r-2', req: { method: 'GET', url: '/v1/x' }, res: { statusCode: 500 }, responseTime: 4, err: new Error('boom') }, 'request errored');
    const text = written.join('');
    expect(text).not.toContain('{"level"');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[NestApplication\] Nest application successfully started$/m);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed GET \/v1\/user 200 3ms \(request r-1\)$/m);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] ERROR: request errored GET \/v1\/x 500 4ms \(request r-2\)$/m);
    // The error keeps its stack, below its line.
    expect(text).toMatch(/Error: boom\n\s+at /);
  });
});
