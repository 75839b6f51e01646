import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): the secret is `whsec_` and the
 * base64 of the key; `webhook-signature` is `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`,
 * one per secret in use, separated by spaces (a rotated secret keeps signing for a while, so
 * receivers can switch without losing a delivery). Verified by the `standardwebhooks` package
 * and its ports in other languages.
 */
export const SECRET_PREFIX = 'whsec_';
const KEY_BYTES = 32;

/** A new secret: 32 random bytes. */
export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(KEY_BYTES).toString('base64');
}

/** A secret someone else chose (an integration's): `whsec_` and the base64 of at least 24 bytes. */
export function isAcceptableSecret(secret: string): boolean {
  if (!secret.startsWith(SECRET_PREFIX)) return false;
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return false;
  return Buffer.from(encoded, 'base64').length >= 24;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three headers of a delivery of `body`, signed with each of `secrets` (the current one first). */
export function signDelivery(secrets: readonly string[], messageId: string, sentAt: Date, body: string): SignedHeaders {
  if (secrets.length === 0) throw new Error('a delivery needs a secret to be signed with');
  const timestamp = String(Math.floor(sentAt.getTime() / 1000));
  const content = `${messageId}.${timestamp}.${body}`;
  const signatures = secrets.map((secret) => {
    const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
    return `v1,${createHmac('sha256', key).update(content, 'utf8').digest('base64')}`;
  });
  return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') };
}
