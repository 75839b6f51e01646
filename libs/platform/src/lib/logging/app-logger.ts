import type { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';

/**
 * Nest's start-up chatter, one line per module, controller and route (about 260 for the api) and
 * its "successfully started": at debug, so that a start at info shows what an operator needs (the
 * summary, warnings, errors).
 */
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/**
 * Nest's logger (start-up, job queue, worker) written as pino lines, the same shape as the
 * request log: `context` names the Nest logger, an Error goes under `err` with its stack, an
 * object's fields become the line's fields.
 */
export class AppLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  log(message: unknown, ...params: unknown[]): void {
    this.write(START_UP_CONTEXTS.has(params[params.length - 1] as string) ? 'debug' : 'info', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** Nest passes `(message, ...extra, context)`; its exception handlers `(message, stack, context)`. */
  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    let rest = params;
    if (rest.length > 0) {
      fields['context'] = rest[rest.length - 1];
      rest = rest.slice(0, -1);
    }
    if (message instanceof Error) {
      fields['err'] = message;
      this.pino[level](fields, message.message, ...rest);
    } else if (typeof message === 'object' && message !== null) {
      this.pino[level](Object.assign(fields, message), ...(rest as [string]));
    } else if (level === 'error' && typeof message === 'string' && rest.length === 1 && typeof rest[0] === 'string' && /\n\s*at /.test(rest[0])) {
      const err = new Error(message);
      err.stack = rest[0];
      fields['err'] = err;
      this.pino.error(fields, message);
    } else {
      this.pino[level](fields, String(message), ...rest);
    }
  }
}
