import { DynamicModule, Module } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { LogLevel } from '../config/app-config';
import { randomUUID } from 'node:crypto';

const REQUEST_ID_HEADER = 'x-request-id';
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * One JSON line per log event (pino). Every request gets an id, taken from X-Request-Id when
 * the caller sends a sane one, echoed in the response and attached to each line logged while
 * serving it. Tokens and cookies never reach the log.
 */
@Module({})
export class LoggingModule {
  static forRoot(level: LogLevel): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
          level,
          genReqId: (req: IncomingMessage, res: ServerResponse) => {
            const given = req.headers[REQUEST_ID_HEADER];
            const id = typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID();
            res.setHeader('X-Request-Id', id);
            return id;
          },
          redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) =>
            error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
          autoLogging: { ignore: (req: IncomingMessage) => req.url === '/health' },
          quietReqLogger: true,
        },
      }),
      ],
    };
  }
}
