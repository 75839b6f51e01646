import { DynamicModule, Module } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { LogLevel } from '../config/app-config';

const REQUEST_ID_HEADER = 'x-request-id';
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** What pino-http hands a request serializer (pino-std-serializers' view of the request). */
interface SerializedRequest {
  method?: string;
  url?: string;
  remoteAddress?: string;
}

/** A request in the log: what identifies it, never its header set (tokens, cookies, noise). */
export function serializeRequest(req: SerializedRequest): Record<string, unknown> {
  return { method: req.method, url: req.url, remoteAddress: req.remoteAddress };
}

export function serializeResponse(res: { statusCode?: number }): Record<string, unknown> {
  return { statusCode: res.statusCode };
}

/**
 * The level of a request's line: a failure of the server is an error; a 4xx is the client's
 * business (bad input, unknown id, 401, 429), logged at info like any other answer.
 */
export function requestLogLevel(_req: IncomingMessage, res: ServerResponse, error?: Error): 'error' | 'info' {
  return error || res.statusCode >= 500 ? 'error' : 'info';
}

/**
 * One JSON line per log event (pino), and exactly one per request: method, url, client address,
 * status, response time and request id; an unexpected error's details go into that same line
 * (the exception filter hands them over as `res.err`). Every request gets an id, taken from
 * X-Request-Id when the caller sends a sane one, echoed in the response.
 */
@Module({})
export class LoggingModule {
  /** `destination`: where lines go (stdout by default; tests capture them). */
  static forRoot(level: LogLevel, destination?: DestinationStream): DynamicModule {
    const options = {
      level,
      genReqId: (req: IncomingMessage, res: ServerResponse) => {
        const given = req.headers[REQUEST_ID_HEADER];
        const id = typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      serializers: { req: serializeRequest, res: serializeResponse },
      customLogLevel: requestLogLevel,
      autoLogging: { ignore: (req: IncomingMessage) => req.url === '/health' },
      quietReqLogger: true,
    };
    return {
      module: LoggingModule,
      imports: [LoggerModule.forRoot({ pinoHttp: destination ? [options, destination] : options })],
    };
  }
}
