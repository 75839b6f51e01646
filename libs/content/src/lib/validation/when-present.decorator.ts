import { ValidateIf } from 'class-validator';

/**
 * An optional field that may not be null: absent skips the validators beside it, null does
 * not (so `"title": null` is a 400 "title must be a string", not a silent no-op as with
 * @IsOptional).
 */
export function WhenPresent(): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined);
}

/** An optional field where null is meaningful (clears it): absent and null skip the validators beside it. */
export function WhenNotNull(): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined && value !== null);
}
