import type { Request } from 'express';
import { bodyMediaType } from './raw-body-routes';

/**
 * Routes a browser posts an HTML form to (`application/x-www-form-urlencoded`): the sign-in
 * pages (`/auth/...`) and a SAML provider's assertion consumer service (HTTP-POST binding).
 * The "bodies are JSON" rule (415) lets such a body through there only.
 */
const FORM_BODY_ROUTES = [/^\/auth\/[a-z-]+\/?$/, /^\/sso\/saml\/[^/]+\/acs\/?$/];

export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** Largest form body: a SAML response (a signed XML document in base64) fits many times over. */
export const FORM_BODY_LIMIT = '512kb';

export function takesFormBody(req: Pick<Request, 'method' | 'path' | 'headers'>): boolean {
  return req.method === 'POST' && bodyMediaType(req) === FORM_MEDIA_TYPE && FORM_BODY_ROUTES.some((route) => route.test(req.path));
}
