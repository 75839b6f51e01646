import { createHash } from 'node:crypto';
import { randomBase62 } from '@docs/platform';

/** Every token minted here starts with this, so it is recognisable in logs and secret scanners. */
export const TOKEN_PREFIX = 'dpt_';

/** What may follow "Bearer ": printable ASCII, no spaces. Anything else is malformed (401). */
const WELL_FORMED = /^[\x21-\x7e]{1,512}$/;

export function generateTokenValue(): string {
  return `${TOKEN_PREFIX}${randomBase62(43)}`;
}

export function isWellFormedToken(value: string): boolean {
  return WELL_FORMED.test(value);
}

/** Tokens are stored and looked up by their SHA-256 only. */
export function hashToken(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

export function displayPrefixOf(value: string): string {
  return value.slice(0, TOKEN_PREFIX.length + 4);
}
