import type { Response } from 'express';
import { SIGN_IN_PAGE_HEADERS } from './layout';

/** Answers one of the sign-in pages, with their security headers. */
export function sendPage(res: Response, status: number, html: string): void {
  res.status(status).set(SIGN_IN_PAGE_HEADERS).send(html);
}
