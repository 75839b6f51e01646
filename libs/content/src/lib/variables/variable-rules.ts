import { BadRequestException } from '@nestjs/common';
import { defineOwn } from '@docs/platform';
import type { Variables } from '../reusable-contents/reusable-content-entry';

/** A variable's name: an identifier, as expressions name it (`$vars.apiHost`). */
export const VARIABLE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const VARIABLE_NAME_MAX = 64;
export const VARIABLE_VALUE_MAX = 256;
/** At most this many variables in a revision. */
export const VARIABLES_MAX = 500;

/**
 * The reference's `Variables` checked: each name an identifier of at most 64 characters, each
 * value a string of at most 256 characters, a finite number or a boolean. `field` names the body
 * field in the 400.
 */
export function requireVariables(value: Record<string, unknown>, field: string): Variables {
  const out: Variables = {};
  for (const [name, raw] of Object.entries(value)) {
    if (name.length > VARIABLE_NAME_MAX || !VARIABLE_NAME_PATTERN.test(name)) {
      throw new BadRequestException(
        `${field}: "${name}" is not a valid variable name (a letter or _, then letters, digits or _, at most ${VARIABLE_NAME_MAX} characters).`,
      );
    }
    if (typeof raw === 'string') {
      if (raw.length > VARIABLE_VALUE_MAX) throw new BadRequestException(`${field}.${name} must be at most ${VARIABLE_VALUE_MAX} characters.`);
    } else if (typeof raw === 'number') {
      if (!Number.isFinite(raw)) throw new BadRequestException(`${field}.${name} must be a finite number.`);
    } else if (typeof raw !== 'boolean') {
      throw new BadRequestException(`${field}.${name} must be a string, a number or a boolean.`);
    }
    defineOwn(out, name, raw); // `__proto__` and `constructor` are variable names like any other
  }
  if (Object.keys(out).length > VARIABLES_MAX) throw new BadRequestException(`${field}: at most ${VARIABLES_MAX} variables.`);
  return out;
}
