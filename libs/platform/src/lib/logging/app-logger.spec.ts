import pino from 'pino';
import { AppLogger } from './app-logger';

describe('AppLogger (Nest logging as pino lines)', () => {
  function capture(level = 'info') {
    const lines: Record<string, unknown>[] = [];
    const logger = new AppLogger(pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) }));
    return { logger, lines };
  }

  it('writes a message with the Nest logger name as context', () => {
    const { logger, lines } = capture();
    logger.log('Mapped a route', 'Orders');
    logger.log('Nest application successfully started', 'NestApplication');
    logger.log('Mapped {/v1/user, GET} route', 'RouterExplorer');
    // Nest's own start-up lines are debug: a start at info prints none of them.
    expect(lines).toEqual([expect.objectContaining({ level: 30, context: 'Orders', msg: 'Mapped a route' })]);
  });

  it("merges an object's fields and takes the message after it", () => {
    const { logger, lines } = capture();
    const err = new Error('boom');
    logger.error({ job: 'send-invite', err }, 'job failed', 'JobWorker');
    expect(lines[0]).toMatchObject({ level: 50, context: 'JobWorker', job: 'send-invite', msg: 'job failed', err: { message: 'boom' } });
  });

  it("puts an Error under err, and reads Nest's (message, stack, context) of its exception handlers", () => {
    const { logger, lines } = capture();
    logger.error(new Error('disk full'), 'Bootstrap');
    logger.error('Unhandled', 'Error: x\n    at somewhere (file.ts:1:1)', 'ExceptionHandler');
    expect(lines[0]).toMatchObject({ level: 50, context: 'Bootstrap', msg: 'disk full', err: { message: 'disk full' } });
    expect(lines[1]).toMatchObject({ level: 50, context: 'ExceptionHandler', msg: 'Unhandled', err: { stack: 'Error: x\n    at somewhere (file.ts:1:1)' } });
  });

  it('writes nothing below its level (verbose is trace)', () => {
    const { logger, lines } = capture('info');
    logger.verbose('hidden', 'X');
    logger.debug('hidden', 'X');
    logger.warn('shown', 'X');
    expect(lines.map((line) => line['msg'])).toEqual(['shown']);
  });
});
