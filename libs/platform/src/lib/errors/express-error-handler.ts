import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { defaultMessage } from './http-error-messages';
import { sendError } from './error-body';
import { takesRawBody } from '../http/raw-body-routes';
import { takesFormBody } from '../http/form-body-routes';

interface BodyParserError extends Error {
  status?: number;
  type?: string;
  limit?: number;
}

/**
 * Errors raised before Nest routes a request (the JSON body parser) never reach Nest's
 * exception filters; this Express error handler gives them the same shape.
 */
export function bodyParserErrorHandler(bodyLimit: string | ((req: Request) => string)): ErrorRequestHandler {
  return (err: BodyParserError, req, res, next) => {
    if (!err || typeof err !== 'object') return next(err);
    switch (err.type) {
      case 'entity.parse.failed':
        return sendError(res, 400, `The request body is not valid JSON: ${err.message}.`);
      case 'entity.too.large':
        return sendError(res, 413, `The request body is larger than the limit of ${typeof bodyLimit === 'string' ? bodyLimit : bodyLimit(req)}.`);
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return sendError(res, 415, `${err.message}.`);
      case 'request.aborted':
        return sendError(res, 400, 'The request was aborted before its body was received.');
      default: {
        const status = typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : undefined;
        if (status) return sendError(res, status, defaultMessage(status));
        return next(err);
      }
    }
  };
}

const JSON_TYPES = ['application/json', 'application/*+json'];

/** A request that carries a body must say it is JSON; anything else is a 415 (uploads excepted). */
export const requireJsonBody: RequestHandler = (req, res, next) => {
  if (takesRawBody(req) || takesFormBody(req)) return next();
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (hasBody && !req.is(JSON_TYPES)) return sendError(res, 415, defaultMessage(415));
  next();
};
