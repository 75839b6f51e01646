import { HttpException, HttpStatus } from '@nestjs/common';

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'Authentication is required: send a valid API token as "Authorization: Bearer <token>".',
  403: 'You are not allowed to perform this operation.',
  404: 'Not found.',
  405: 'This method is not allowed on this resource.',
  409: 'The request conflicts with the current state of the resource.',
  413: 'The request body is too large.',
  415: 'The request body must be JSON (Content-Type: application/json).',
  429: 'Too many requests: slow down and retry after the delay given in Retry-After.',
  500: 'An unexpected error occurred.',
};

export function defaultMessage(status: number): string {
  return DEFAULT_MESSAGES[status] ?? (HttpStatus[status] ? String(HttpStatus[status]).replace(/_/g, ' ').toLowerCase() : 'Error');
}

/** The human sentence of an HttpException, whichever of Nest's shapes its response has. */
export function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message === 'string' && message.length > 0) return message;
  return defaultMessage(exception.getStatus());
}
