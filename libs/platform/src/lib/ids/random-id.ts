import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// 248 is the largest multiple of 62 below 256: bytes above it are dropped so every
// character is equally likely.
const UNBIASED_LIMIT = 248;

/** A random string over [0-9A-Za-z]: ~5.95 bits of entropy per character. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** The id of every resource: 20 random base62 characters (~119 bits), opaque and unguessable. */
export function newId(): string {
  return randomBase62(20);
}
