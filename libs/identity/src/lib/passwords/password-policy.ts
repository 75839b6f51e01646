import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP's floor for a password without composition rules (ASVS 2.1.1), and a ceiling that bounds the hash's input. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

/**
 * zxcvbn-ts's list of common passwords (about 49,000, from leaked password sets), lower-cased.
 * Loaded on first use: processes that never check a password (the worker) never hold it.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()));
  return common;
}

/**
 * Why a new password is refused, as a sentence for the person choosing it; undefined when it is
 * acceptable. Length counts characters (code points), not bytes; no composition rules (NIST
 * SP 800-63B): length and not being a known password is what makes it hard to guess.
 */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(password)) return 'The password must not contain control characters.';
  if (commonPasswords().has(password.toLowerCase())) return 'This password is among the most common ones: choose another.';
  return undefined;
}
