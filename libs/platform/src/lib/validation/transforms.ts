import { Transform } from 'class-transformer';

/**
 * Query strings carry text only. These decorators turn `"true"`/`"false"` and decimal digits
 * into booleans and numbers, and leave anything else untouched so that the type validator
 * beside them reports it as a 400 naming the field.
 */
export function QueryBoolean(): PropertyDecorator {
  return Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value));
}

export function QueryNumber(): PropertyDecorator {
  return Transform(({ value }) =>
    typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value,
  );
}
