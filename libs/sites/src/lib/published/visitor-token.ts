import { errors, jwtVerify } from 'jose';
import { claimsChecker } from '../adaptive/adaptive-schema';

/** JWT fields that describe the token, not the visitor: never checked against the adaptive schema. */
const REGISTERED = ['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti'];

export class VisitorTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VisitorTokenError';
  }
}

/**
 * The signed claims of a visitor JWT: HS256 with the site's visitor key (from
 * `GET .../publishing/auth`), with an expiry (`exp`: a token never expiring is refused), not expired at `now`; its claims (the payload without the
 * registered JWT fields) must conform to the signed part of the site's adaptive schema, when the
 * site has one. Throws VisitorTokenError saying why not.
 */
export async function verifyVisitorToken(
  token: string,
  key: string,
  schema: Record<string, unknown> | null,
  now: Date,
): Promise<Record<string, unknown>> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(key), { algorithms: ['HS256'], currentDate: now, requiredClaims: ['exp'] }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new VisitorTokenError('the visitor token has expired');
    if (error instanceof errors.JWSSignatureVerificationFailed) throw new VisitorTokenError("the visitor token is not signed with this site's key");
    throw new VisitorTokenError(`the visitor token is not valid (${(error as Error).message})`);
  }
  const claims = Object.fromEntries(Object.entries(payload).filter(([name]) => !REGISTERED.includes(name)));
  if (schema) {
    const problem = claimsChecker(schema, 'signed')(claims);
    if (problem) throw new VisitorTokenError(`the visitor token's claims do not match the site's adaptive schema: ${problem}`);
  }
  return claims;
}
