import type { Response } from 'express';

/** The conventions' error shape: every non-2xx answer carries exactly this body. */
export interface ErrorBody {
  error: { code: number; message: string };
}

export function errorBody(code: number, message: string): ErrorBody {
  return { error: { code, message } };
}

export function sendError(res: Response, code: number, message: string): void {
  if (res.headersSent) return;
  res.status(code).type('application/json').send(JSON.stringify(errorBody(code, message)));
}
